import type { Knex } from 'knex';

/** The advisory lock key of the mail jobs (any constant; "mail" in ASCII). */
const MAIL_LOCK_KEY = 0x6d61696c;

/**
 * Runs `work` in a transaction holding the mail jobs' advisory lock, or not at all (undefined)
 * when another instance holds it: so exactly one instance claims mails or queues digests at a
 * time. A transaction-scoped lock rather than a session one, as PGlite has a single session
 * (where a session lock would let every caller in) and a pooled session lock would pin a
 * connection for good; the lock ends with the transaction, so nothing is left held by a crash.
 */
export async function withMailLock<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T | undefined> {
  return db.transaction(async (trx) => {
    const { rows: [lock] } = await trx.raw('select pg_try_advisory_xact_lock(?) as locked', [MAIL_LOCK_KEY]);
    return lock.locked ? work(trx) : undefined;
  });
}
