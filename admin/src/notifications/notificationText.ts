import type { TranslateFunction } from 'react-admin';
import type { NotificationRecord } from '@kernel/notifications/notificationRecords';

/** A notification's sentence in the UI's language, from what the list answers of it. */
export function notificationText(translate: TranslateFunction, row: NotificationRecord): string {
  const status = (key: string | null) => (key ? translate(`order_status.${key}`, { _: key }) : '');
  return translate(`notifications.text.${row.kind}`, {
    mtm: row.mtmNumber ?? '', dn: row.dnNumber ?? '', by: row.byName ?? '', from: status(row.fromStatus), to: status(row.toStatus),
    name: row.subjectName ?? '', username: row.subjectUsername ?? '', url: row.webhookUrl ?? '',
  });
}

/** Where a notification leads: its order, the registration to activate, or the paused webhook. */
export function notificationTarget(row: NotificationRecord): string | undefined {
  if (row.orderId !== null) return `/orders/${row.orderId}`;
  if (row.subjectUserId !== null) return `/users/${row.subjectUserId}`;
  return row.subjectWebhookId !== null ? `/webhooks/${row.subjectWebhookId}` : undefined;
}
