import { Model } from 'objection';

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** One mail of the outbox (migrations/20261129000100_notifications_and_mail.ts, docs/email.md). */
export class MailOutbox extends Model {
  static tableName = 'mail_outbox';

  id!: number;
  userId!: number | null;
  /** A notification kind, 'digest' or 'report' (renderMail.ts). */
  template!: string;
  data!: Record<string, unknown>;
  dedupeKey!: string | null;
  status!: MailStatus;
  attempts!: number;
  /** Pending: when it is due. Sending: when the claim counts as interrupted (mailWorker.ts). */
  nextAttemptAt!: Date;
  lastError!: string | null;
  sentAt!: Date | null;
  createdAt!: Date;
  retriedAt!: Date | null;
}
