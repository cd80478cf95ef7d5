/** The kinds of notification (DESIGN.md §13): what a person may choose to hear of, in the app and by e-mail. */
export const NOTIFICATION_KINDS = ['late_pulling_out', 'late_mos', 'order_moved', 'registration_pending'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationChannels { inApp: boolean; email: boolean }

/** A person who chose nothing yet hears of every kind in the app, and by e-mail of none. */
export const DEFAULT_CHANNELS: NotificationChannels = { inApp: true, email: false };

/** Notifications are kept this many days. */
export const NOTIFICATION_KEEP_DAYS = 90;

/** The report CSVs a person may subscribe to, mailed after the 23:50 run. */
export const REPORT_SUBSCRIPTION_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type ReportSubscriptionPeriod = (typeof REPORT_SUBSCRIPTION_PERIODS)[number];

/** The languages a mail is written in: the app's own. */
export const MAIL_LANGUAGES = ['cn', 'en'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];
