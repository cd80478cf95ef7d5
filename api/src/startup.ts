import type { Knex } from 'knex';
import { syncCatalogs } from './translations/catalog';
import { seedDemoData } from '../../seeds/demo';
import type { Config } from './foundation/config';
import { databaseStarted } from './db/knex';
import { User } from './users/User';
import { log } from './foundation/log';

/** The demo logins' password, for the start-up message: this file is the API's one door to seeds/. */
export { DEMO_PASSWORD } from '../../seeds/demo';

/**
 * Brings a database up to date: migrations, the repository's translation catalogs, and the
 * demo data when (and only when) the database holds no user yet: the demo users, and with
 * `sampleData` the demo master data too (tests start from empty lists).
 */
export async function prepareDatabase(db: Knex, config: Config, options: { demo: boolean; sampleData?: boolean }) {
  // However long the embedded database takes to start, before any query meets the acquire timeout.
  await databaseStarted(db);
  const [, pending] = (await db.migrate.list()) as [unknown[], unknown[]];
  if (pending.length > 0) log().info(`Migrating the database: ${pending.length} migration${pending.length === 1 ? '' : 's'} to run...`);
  await db.migrate.latest();
  await syncCatalogs(db);
  if (!options.demo) return { seeded: false };
  if (await User.query(db).resultSize() > 0) return { seeded: false };
  log().info('Seeding the demo company (first start only)...');
  await seedDemoData(db, config, { sampleData: options.sampleData ?? true });
  return { seeded: true };
}
