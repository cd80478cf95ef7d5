import type { TranslateFunction } from 'react-admin';
import type { NotificationRecord } from '@kernel/notifications/notificationRecords';

/** A notification's sentence in the UI's language, from what the list answers of it. */
export function notificationText(translate: TranslateFunction, row: NotificationRecord): string {
  const status = (key: string | null) => (key ? translate(`order_status.${key}`, { _: key }) : '');
  return translate(`notifications.text.${row.kind}`, {
    mtm: row.mtmNumber ?? '', dn: row.dnNumber ?? '', by: row.byName ?? '', from: status(row.fromStatus), to: status(row.toStatus),
    name: row.subjectName ?? '', username: row.subjectUsername ?? '',
  });
}

/** Where a notification leads: its order, or the registration to activate. */
export const notificationTarget = (row: NotificationRecord): string | undefined =>
  (row.orderId !== null ? `/orders/${row.orderId}` : row.subjectUserId !== null ? `/users/${row.subjectUserId}` : undefined);
