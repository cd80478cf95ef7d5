import type { PageKey } from '../permissions/pageKeys';

/** The kinds of notification (DESIGN.md §13): what a person may choose to hear of, in the app and by e-mail. */
export const NOTIFICATION_KINDS = ['late_pulling_out', 'late_mos', 'order_moved', 'registration_pending', 'webhook_paused'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The page a person must be able to open to hear of a kind: a registration is told only to those
 * who may activate it, a paused webhook to those who may set it going again. The other kinds reach
 * whoever an order names (assigned, its area's dispatcher).
 */
export const KIND_PAGES = { registration_pending: 'users', webhook_paused: 'integrations' } as const satisfies Partial<Record<NotificationKind, PageKey>>;

/** The kinds a person who may open `pages` can hear of: all the settings offer them. */
export function kindsHeardWith(pages: readonly PageKey[]): NotificationKind[] {
  const needs: Partial<Record<NotificationKind, PageKey>> = KIND_PAGES;
  return NOTIFICATION_KINDS.filter((kind) => {
    const page = needs[kind];
    return page === undefined || pages.includes(page);
  });
}

export interface NotificationChannels { inApp: boolean; email: boolean }

/** A person who chose nothing yet hears of every kind in the app, and by e-mail of none. */
export const DEFAULT_CHANNELS: NotificationChannels = { inApp: true, email: false };

/** Notifications are kept this many days. */
export const NOTIFICATION_KEEP_DAYS = 90;

/** The report CSVs a person may subscribe to, mailed after the 23:50 run. */
export const REPORT_SUBSCRIPTION_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type ReportSubscriptionPeriod = (typeof REPORT_SUBSCRIPTION_PERIODS)[number];

/**
 * The page a person must be able to open to have report subscriptions: the mail's CSV is the
 * reports centre's own. The settings offer them, the run queues them and the mail is made only for
 * those who may open it.
 */
export const REPORT_SUBSCRIPTION_PAGE = 'reports' as const satisfies PageKey;

/** The languages a mail is written in: the app's own. */
export const MAIL_LANGUAGES = ['cn', 'en'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];
