import type { RaRecord } from 'react-admin';

/** A mail of the outbox as GET /api/mail-outbox lists it (api/src/mail/mailOutboxResource.ts). */
export interface MailRecord extends RaRecord {
  id: number;
  userId: number | null;
  userName: string | null;
  email: string | null;
  template: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: string;
  /** A code of the mail code's own (no_address, interrupted, no_access) or the mail server's answer. */
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export const MAIL_TEMPLATES = ['late_pulling_out', 'late_mos', 'order_moved', 'registration_pending', 'webhook_paused', 'digest', 'report'] as const;
