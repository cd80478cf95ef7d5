import knexFactory, { type Knex } from 'knex';
import { readConfig } from '../../api/src/foundation/config';
import { knexConfig } from '../../api/src/db/knex';
import { PREPARING_LOCK, prepareDatabase } from '../../api/src/startup';
import { createTestDatabase } from '../helpers/testDatabase';
import { captureLog } from '../helpers/capturedLog';
import { eventually } from '../helpers/eventually';

// Instances started together on a new server database (a deployment of two or three at once):
// each migrates and seeds it on start (startup.ts), and they must not trip over each other.
const onServer = process.env.TEST_DB_KIND === 'postgres';
const config = readConfig({ PASSWORD_HASH_COST: '12' });

(onServer ? describe : describe.skip)('instances preparing one new server database at once', () => {
  let drop: () => Promise<void>;
  let url: string;
  const pools: Knex[] = [];
  const instance = () => {
    const db = knexFactory(knexConfig({ databaseUrl: url }));
    pools.push(db);
    return db;
  };
  beforeEach(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    url = database.target.databaseUrl!;
  });
  afterEach(async () => {
    for (const db of pools.splice(0)) await db.destroy();
    await drop();
  });

  it('all start: one migrates and seeds, the others find it done', async () => {
    const results = await Promise.all([instance(), instance(), instance()].map((db) =>
      prepareDatabase(db, config, { demo: true, sampleData: false })));
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
    const db = instance();
    const [, pending] = (await db.migrate.list()) as [unknown[], unknown[]];
    expect(pending).toEqual([]);
    const users = await db('users').select('username');
    expect(new Set(users.map((user) => user.username)).size).toBe(users.length);
    expect(users.length).toBeGreaterThanOrEqual(6);
  });

  it('one waits while another is preparing the database, saying so, and goes on once it is free', async () => {
    const holder = instance();
    const connection = await holder.client.acquireConnection();
    const log = captureLog('info');
    try {
      await connection.query('select pg_advisory_lock($1)', [PREPARING_LOCK]);
      const waiting = prepareDatabase(instance(), config, { demo: true, sampleData: false });
      await eventually(() => expect(log.lines.map((line) => line.msg))
        .toContainEqual(expect.stringMatching(/^Another instance is preparing the database/)));
      expect((await holder.raw(`select to_regclass('knex_migrations') as t`)).rows[0].t).toBeNull();
      await connection.query('select pg_advisory_unlock($1)', [PREPARING_LOCK]);
      expect(await waiting).toEqual({ seeded: true });
    } finally {
      log.restore();
      await holder.client.releaseConnection(connection);
    }
  });
});
