import type { Knex } from 'knex';

/** A mail to queue: the worker renders `template` with `data` in the person's language when it sends it. */
export interface QueuedMail {
  userId: number;
  template: string;
  data?: Record<string, unknown>;
  /** A mail with a key already queued is not queued again (a digest per person and day, a report per run). */
  dedupeKey?: string;
}

/**
 * Queues mails in the caller's transaction (DESIGN.md §13): they are sent only if it commits, and
 * an outage of the mail server loses none. Nothing is queued while e-mail is off.
 */
export async function queueMails(db: Knex | Knex.Transaction, mails: QueuedMail[], { smtpUrl }: { smtpUrl?: string }): Promise<void> {
  if (!smtpUrl || mails.length === 0) return;
  // Due from the app's clock, as the worker compares with it: PostgreSQL's own now() carries
  // microseconds a JavaScript date lacks, so a pass in the same millisecond would miss the mail.
  const nextAttemptAt = new Date();
  await db('mailOutbox')
    .insert(mails.map((mail) => ({ userId: mail.userId, template: mail.template, data: mail.data ?? {}, dedupeKey: mail.dedupeKey ?? null, nextAttemptAt })))
    .onConflict('dedupeKey').ignore();
}
