import type { Knex } from 'knex';
import type pg from 'pg';
import { syncCatalogs } from './translations/catalog';
import { syncRecordLabels } from './activity/recordLabels';
import { RECORD_RESOURCES } from './registry';
import { seedDemoData } from '../../seeds/demo';
import type { Config } from './foundation/config';
import { databaseStarted } from './db/knex';
import { User } from './users/User';
import { log } from './foundation/log';
import { syncPricingDayTotals } from './pricing/dayTotals';
import { resealSecrets } from './db/sealedSecret';

/** The demo logins' password, for the start-up message: this file is the API's one door to seeds/. */
export { DEMO_PASSWORD } from '../../seeds/demo';

/**
 * Brings a database up to date: migrations, the log's record names (made from the list of record
 * types), the repository's translation catalogs, and the demo data when (and only when) the
 * database holds no user yet: the demo users, and with `sampleData` the demo master data too
 * (tests start from empty lists).
 */
export async function prepareDatabase(db: Knex, config: Config, options: { demo: boolean; sampleData?: boolean }) {
  // However long the embedded database takes to start, before any query meets the acquire timeout.
  await databaseStarted(db);
  return alone(db, () => migrateAndSeed(db, config, options));
}

/** pg_try_advisory_lock's key for "preparing the database": any number, the same in every instance. */
export const PREPARING_LOCK = 72_960_001;

/**
 * Runs `work` holding a PostgreSQL advisory lock, so that instances started together on a new
 * server prepare it one after the other: the first migrates and seeds, the next find it done.
 * knex's own migration lock covers neither the creation of its tables (two first starts failed
 * with "relation knex_migrations already exists") nor the seeding (both would seed). Tried every
 * half second rather than waited for, so no statement timeout cuts a long wait; the lock goes with
 * its session if the instance holding it dies. The embedded database has one process already.
 */
async function alone<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  if ('pglite' in db.client) return work();
  const pool = db.client as { acquireConnection(): Promise<pg.Client>; releaseConnection(connection: pg.Client): Promise<void> };
  const connection = await pool.acquireConnection();
  try {
    for (let told = false; !(await connection.query('select pg_try_advisory_lock($1) as locked', [PREPARING_LOCK])).rows[0].locked;) {
      if (!told) log().info('Another instance is preparing the database (migrations, demo data): waiting for it...');
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    try {
      return await work();
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [PREPARING_LOCK]);
    }
  } finally {
    await pool.releaseConnection(connection);
  }
}

async function migrateAndSeed(db: Knex, config: Config, options: { demo: boolean; sampleData?: boolean }) {
  const [, pending] = (await db.migrate.list()) as [unknown[], unknown[]];
  if (pending.length > 0) log().info(`Migrating the database: ${pending.length} migration${pending.length === 1 ? '' : 's'} to run...`);
  await db.migrate.latest();
  await syncRecordLabels(db, RECORD_RESOURCES);
  await syncCatalogs(db);
  const seeded = options.demo && await User.query(db).resultSize() === 0;
  if (seeded) {
    log().info('Seeding the demo company (first start only)...');
    await seedDemoData(db, config, { sampleData: options.sampleData ?? true });
  }
  await syncPricingDayTotals(db);
  const { resealed, unreadable } = await resealSecrets(db, config.sessionKeys);
  if (resealed > 0) log().info(`Sealed ${resealed} secret${resealed === 1 ? '' : 's'} at rest under the first of SESSION_KEYS.`);
  if (unreadable > 0) {
    log().warn(`${unreadable} secret${unreadable === 1 ? ' is' : 's are'} sealed under a key no longer in SESSION_KEYS: their authenticator `
      + 'apps take no code and their webhooks sign nothing until that key is listed again (docs/operations.md#secrets-at-rest).');
  }
  return { seeded };
}
