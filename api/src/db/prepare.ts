import type { Knex } from 'knex';
import { syncCatalogs } from '../translations/catalog';
import { seedDemoData } from '../../../seeds/demo';
import type { Config } from '../config';
import { databaseStarted } from './knex';
import { User } from '../users/User';

/**
 * Brings a database up to date: migrations, the repository's translation catalogs, and the
 * demo data when (and only when) the database holds no user yet: the demo users, and with
 * `sampleData` the demo master data too (tests start from empty lists).
 */
export async function prepareDatabase(db: Knex, config: Config, options: { demo: boolean; sampleData?: boolean }) {
  // However long the embedded database takes to start, before any query meets the acquire timeout.
  await databaseStarted(db);
  await db.migrate.latest();
  await syncCatalogs(db);
  if (!options.demo) return { seeded: false };
  if (await User.query(db).resultSize() > 0) return { seeded: false };
  await seedDemoData(db, config, { sampleData: options.sampleData ?? true });
  return { seeded: true };
}
