import type { NotificationChannels, NotificationKind, ReportSubscriptionPeriod } from './notificationKinds';

/** One notification as GET /api/notifications lists it: with what its text names (docs/notifications.md). */
export interface NotificationRecord {
  id: number;
  kind: NotificationKind;
  orderId: number | null;
  mtmNumber: string | null;
  dnNumber: string | null;
  /** The order's status now. */
  status: string | null;
  /** The registration waiting for activation (registration_pending). */
  subjectUserId: number | null;
  subjectName: string | null;
  subjectUsername: string | null;
  /** The paused webhook (webhook_paused) and its URL. */
  subjectWebhookId: number | null;
  webhookUrl: string | null;
  /** An order moved by someone else: from which status to which, and by whom. */
  fromStatus: string | null;
  toStatus: string | null;
  byName: string | null;
  readAt: string | null;
  createdAt: string;
}

/** What a person chose (GET/PUT /api/notification-settings): channels per kind, the digest hour, report subscriptions. */
export interface NotificationSettings {
  /** The kinds the person can hear of (kindsHeardWith), not the others. */
  kinds: Partial<Record<NotificationKind, NotificationChannels>>;
  /** The hour (server time) of the daily digest of their late orders; null: none. */
  digestHour: number | null;
  /** Only for those who may open the reports page (REPORT_SUBSCRIPTION_PAGE): nobody else can have any. */
  reportSubscriptions?: ReportSubscriptionPeriod[];
}
