import type { Knex } from 'knex';

/** The advisory lock keys of the server's jobs: any constants no other lock of the app uses. */
export const JOB_LOCKS = {
  /** The mail worker's claims and the digest ("mail" in ASCII). */
  mail: 0x6d61696c,
  notifications: 2_513_001,
  /** The webhook worker's claims ("hook" in ASCII). */
  webhooks: 0x686f6f6b,
} as const;

/**
 * Runs `work` in a transaction holding the advisory lock `key`, or not at all (undefined) when
 * another instance holds it: so exactly one instance runs a job at a time. A transaction-scoped
 * lock rather than a session one, as PGlite has a single session (where a session lock would let
 * every caller in) and a pooled session lock would pin a connection for good; the lock ends with
 * the transaction, so nothing is left held by a crash.
 */
export async function withJobLock<T>(db: Knex | Knex.Transaction, key: number,
  work: (trx: Knex.Transaction) => Promise<T>): Promise<T | undefined> {
  return db.transaction(async (trx) => {
    const { rows: [lock] } = await trx.raw('select pg_try_advisory_xact_lock(?::bigint) as locked', [key]);
    return lock.locked ? work(trx) : undefined;
  });
}
