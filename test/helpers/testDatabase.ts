import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import type { DatabaseTarget } from '../../api/src/db/knex';

/**
 * A fresh, empty database for one test file: an in-memory PGlite, or a new database on the
 * TEST_DATABASE_URL server (dropped again by the returned cleanup).
 */
export async function createTestDatabase(): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  if (process.env.TEST_DB_KIND !== 'postgres') {
    return { target: { dataDir: 'memory://' }, drop: async () => undefined };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  await admin.destroy();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { databaseUrl: url.toString() },
    drop: async () => {
      const again = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
      await again.raw(`drop database if exists ${name} with (force)`);
      await again.destroy();
    },
  };
}
