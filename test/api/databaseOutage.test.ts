import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { createApp } from '../../api/src/app';
import { readConfig } from '../../api/src/foundation/config';
import { withQueryTimeout } from '../../api/src/db/deadline';
import { openDatabase, type DatabaseTarget } from '../../api/src/db/knex';
import { prepareDatabase } from '../../api/src/startup';
import { endLiveStreams } from '../../api/src/live/routes';
import { answerFor } from '../../api/src/middleware/errors';
import { eventually } from '../helpers/eventually';
import { HttpClient, signedInAs, type Answer } from '../helpers/httpClient';
import { PausableProxy } from '../helpers/pausableProxy';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { createTestDatabase } from '../helpers/testDatabase';
import { captureLog } from '../helpers/capturedLog';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

/**
 * Short limits, as an operator would set them in the environment: a person's request waits 1 s
 * for each statement, a report 20 s (+ pg's margin). A request answered in under 10 s was not
 * held to the long limit.
 */
const SHORT_TIMEOUTS = { DATABASE_CONNECT_TIMEOUT_MS: '1000', DATABASE_ACQUIRE_TIMEOUT_MS: '2000',
  DATABASE_REQUEST_TIMEOUT_MS: '1000', DATABASE_STATEMENT_TIMEOUT_MS: '20000', HEALTH_CHECK_TIMEOUT_MS: '1000',
  DATABASE_POOL_MAX: '4' };
const WELL_BEFORE_THE_LONG_LIMIT_MS = 10_000;

let drop: () => Promise<void>;
let direct: DatabaseTarget;
/** The database through the pausable proxy (on PostgreSQL). */
let proxied: DatabaseTarget;
let proxy: PausableProxy | undefined;
let db: Knex;
let server: Server;
let url: string;

/**
 * The app with the server's timeouts (startTestApp keeps knex's defaults) on a fresh database;
 * on PostgreSQL it reaches the server through a proxy the test can pause.
 */
beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  direct = created.target;
  let target: DatabaseTarget = created.target;
  if (target.databaseUrl) {
    const address = new URL(target.databaseUrl);
    proxy = await PausableProxy.start(address.hostname, Number(address.port || 5432));
    address.host = `127.0.0.1:${proxy.port}`;
    target = { databaseUrl: address.toString() };
  }
  proxied = target;
  const config = readConfig({ PASSWORD_HASH_COST: '12', SESSION_KEYS: 'test-session-key', ...SHORT_TIMEOUTS });
  db = openDatabase({ ...target, timeouts: config.databaseTimeouts });
  await prepareDatabase(db, config, { demo: true, sampleData: false });
  server = createApp(db, config).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

/** An answer with the milliseconds it took. */
async function timed(request: Promise<Answer>): Promise<Answer & { ms: number }> {
  const started = Date.now();
  const answer = await request;
  return { ...answer, ms: Date.now() - started };
}

/** Every connection of the pool (DATABASE_POOL_MAX) opened and idle, as after a busy minute. */
async function warmPool(): Promise<void> {
  await Promise.all(Array.from({ length: Number(SHORT_TIMEOUTS.DATABASE_POOL_MAX) }, () => db.raw('select pg_sleep(0.05)')));
}

/** The console kept quiet and the server's log read (the outages below are meant); `restore` ends both. */
function quietConsole() {
  const spies = ['error', 'warn', 'log'].map((level) =>
    jest.spyOn(console, level as 'error' | 'warn' | 'log').mockImplementation(() => undefined));
  const logged = captureLog('warn');
  return { lines: logged.lines, restore: () => { logged.restore(); for (const spy of spies) spy.mockRestore(); } };
}

afterAll(async () => {
  proxy?.resume();
  if (db) endLiveStreams(db);
  await new Promise((resolve) => server?.close(resolve));
  await db?.destroy();
  await proxy?.close();
  await drop?.();
});

// Each request below is answered while the database is still stuck: had the app waited for it,
// the test would time out instead.
(onPostgres ? it : it.skip)('answers 503 while the database server is paused, and 200 once it is back', async () => {
  const admin = await signedInAs(url, 'admin');
  const anonymous = new HttpClient(url);
  expect((await anonymous.get('/healthz')).status).toBe(200);
  const logged = quietConsole();
  try {
    proxy!.pause();
    // A transaction whose BEGIN, sent on an idle pooled connection, gets no answer (within a
    // person's limit, as a form's save would run).
    await expect(withQueryTimeout(1_000, () => db.transaction((trx) => trx('deliveryAreas').insert({ code: 'LOST', name: 'Never written' }))))
      .rejects.toThrow('Query read timeout');
    const health = await anonymous.get('/healthz');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'degraded', database: 'unreachable' });
    // The second factor's routes as any other: a code checked while the database is away is neither right nor wrong.
    for (const answer of await Promise.all([admin.get('/api/suppliers'), admin.get('/api/user'),
      admin.post('/api/delivery-areas', { code: 'PAUSED', name: 'Written while paused' }), admin.get('/api/second-factors'),
      admin.post('/api/second-factors/check', { code: '123456' })])) {
      expect(answer.status).toBe(503);
      expect(answer.body.message).toMatch(/database is unavailable/i);
    }
    // A connection opened while the server says nothing gives up too.
    for (let n = 0; n < 3; n += 1) {
      expect((await new HttpClient(url).post('/api/login', { username: 'admin', password: 'demo1234' })).status).toBe(503);
    }
    // One line per failed request; a stack, or one of knex's warnings, never twice.
    expect(logged.lines.filter((line) => line.level === 50 && line.status === 503)).toHaveLength(8);
    const repeatable = logged.lines.map((line) => (line.level === 40 ? line.msg : line.stack)).filter(Boolean);
    expect(new Set(repeatable).size).toBe(repeatable.length);
  } finally {
    proxy!.resume();
    logged.restore();
  }
  expect((await anonymous.get('/healthz')).status).toBe(200);
  expect((await admin.get('/api/suppliers')).status).toBe(200);
  expect((await admin.get('/api/delivery-areas')).body).toEqual([]);
  // The transaction that got no answer left nothing behind: a statement on each pooled connection
  // (ten at once take them all) runs on its own, not inside that transaction's late BEGIN.
  const outside = await Promise.all(Array.from({ length: 10 }, () =>
    db.raw('select now() = statement_timestamp() as alone, pg_sleep(0.05)')));
  expect(outside.map((result) => result.rows[0].alone)).toEqual(Array(10).fill(true));
  expect(await db('deliveryAreas').where({ code: 'LOST' }).first()).toBeUndefined();
  expect(await db('activityLogs').where({ action: 'login_failed' }).first()).toBeUndefined();
});

// The deadlines of a paused server: a person's list and sign-in 503 after their short one, /healthz
// after its own (a signed-in monitor too: it reads no session), reports keep waiting on the long one.
(onPostgres ? it : it.skip)('answers /metrics within seconds while the database is paused and the pool held, however many scrape at once', async () => {
  // An instance with the default limits (a connection waited for 10 s) and a pool of two, both
  // taken by statements the paused server does not answer: what a scrape finds in an outage.
  const config = readConfig({ SESSION_KEYS: 'test-session-key', DATABASE_POOL_MAX: '2' });
  const pooled = openDatabase({ ...proxied, timeouts: config.databaseTimeouts });
  const instance = createApp(pooled, config).listen(0, '127.0.0.1');
  await new Promise((resolve) => instance.once('listening', resolve));
  const instanceUrl = `http://127.0.0.1:${(instance.address() as AddressInfo).port}`;
  const logged = quietConsole();
  let held: Array<Promise<unknown>> = [];
  try {
    // Both connections opened (two statements at once), so both held statements find one.
    await Promise.all([pooled.raw('select pg_sleep(0.05)'), pooled.raw('select pg_sleep(0.05)')]);
    proxy!.pause();
    held = [pooled.raw('select 1'), pooled.raw('select 1')].map((query) => query.catch(() => undefined));
    for (let round = 0; round < 2; round += 1) {
      const scrapes = await Promise.all(Array.from({ length: 10 }, () => timed(new HttpClient(instanceUrl).request('GET', '/metrics'))));
      for (const scrape of scrapes) {
        expect(scrape.status).toBe(200);
        expect(scrape.ms).toBeLessThan(5_000);
      }
      expect(scrapes[0].body).toMatch(/^database_pool_connections\{state="waiting"\} \d+$/m);
    }
    // However many scrapes, one count of the outbox waits for a connection.
    expect((pooled.client as { pool: { numPendingAcquires(): number } }).pool.numPendingAcquires()).toBeLessThanOrEqual(1);
  } finally {
    proxy!.resume();
    logged.restore();
    await Promise.all(held);
  }
  const metrics = await new HttpClient(instanceUrl).request('GET', '/metrics');
  expect(metrics.body).toMatch(/^mail_outbox_waiting 0$/m);
  await new Promise((resolve) => instance.close(resolve));
  endLiveStreams(pooled);
  await pooled.destroy();
});

(onPostgres ? it : it.skip)("gives a person's requests and /healthz short deadlines while reports keep the long one", async () => {
  const admin = await signedInAs(url, 'admin');
  const reporter = await signedInAs(url, 'admin');
  await warmPool();
  const logged = quietConsole();
  const reports: Array<Promise<Answer>> = [];
  try {
    proxy!.pause();
    const paused = Date.now();
    // Four requests (two reports, a list, a sign-in), each on an idle pooled connection whose
    // first statement gets no answer.
    reports.push(reporter.get('/api/reports/statistics'), reporter.get('/api/reports/area-revenue'));
    const [list, signIn] = await Promise.all([timed(admin.get('/api/suppliers')),
      timed(new HttpClient(url).post('/api/login', { username: 'admin', password: 'demo1234' }))]);
    for (const answer of [list, signIn]) {
      expect(answer.status).toBe(503);
      expect(answer.body.code).toBe('database_unavailable');
      expect(answer.ms).toBeLessThan(WELL_BEFORE_THE_LONG_LIMIT_MS);
    }
    // /healthz, again and again, while the reports hold their connections.
    for (const client of [admin, new HttpClient(url), admin]) {
      const health = await timed(client.get('/healthz'));
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'degraded', database: 'unreachable' });
      expect(health.ms).toBeLessThan(5_000);
    }
    // Long past the short deadline, the reports still wait.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, paused + 3_000 - Date.now())));
    const first = await Promise.race([Promise.all(reports).then(() => 'answered'), new Promise((resolve) => setTimeout(resolve, 100, 'waiting'))]);
    expect(first).toBe('waiting');
  } finally {
    proxy!.resume();
    logged.restore();
  }
  expect((await Promise.all(reports)).map((answer) => answer.status)).toEqual([200, 200]);
  expect((await admin.get('/healthz')).status).toBe(200);
  expect((await admin.get('/api/suppliers')).status).toBe(200);
  expect((await new HttpClient(url).post('/api/login', { username: 'admin', password: 'demo1234' })).status).toBe(200);
});

(onPostgres ? it.skip : it)('answers 503 while the embedded database is held by a stuck transaction, and 200 once it ends', async () => {
  const admin = await signedInAs(url, 'admin');
  const anonymous = new HttpClient(url);
  // PGlite has one connection: a transaction that does not end holds it, as a stuck statement would.
  const stuck = await db.transaction();
  const logged = quietConsole();
  try {
    await stuck.raw('select 1');
    // A signed-in monitor too: /healthz reads no session, which would wait for the connection.
    for (const client of [anonymous, admin]) {
      const health = await client.get('/healthz');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'degraded', database: 'unreachable' });
    }
    const answer = await admin.get('/api/suppliers');
    expect(answer.status).toBe(503);
    expect(answer.body.message).toMatch(/database is unavailable/i);
  } finally {
    await stuck.rollback();
    logged.restore();
  }
  expect((await anonymous.get('/healthz')).status).toBe(200);
  expect((await admin.get('/api/suppliers')).status).toBe(200);
});

(onPostgres ? it : it.skip)('answers 503 when an administrator ends the session of a waiting statement (57P01)', async () => {
  const admin = await signedInAs(url, 'admin');
  const supplier = await admin.create('/api/suppliers', { name: 'Locked Co', ...SUPPLIER_CONTACT });
  const other = openDatabase(direct);
  const errors = quietConsole();
  try {
    // Another session holds the supplier's row, so the update waits, and its backend is ended.
    const holder = await other.transaction();
    await holder('suppliers').where({ id: supplier.id }).forUpdate().first();
    const update = admin.put(`/api/suppliers/${supplier.id}`, { shortName: 'LOCKED' });
    let waiting: number[] = [];
    while (waiting.length === 0) {
      waiting = await other('pg_stat_activity').where({ datname: other.raw('current_database()'), wait_event_type: 'Lock' })
        .pluck('pid');
    }
    await other.raw('select pg_terminate_backend(?)', [waiting[0]]);
    const answer = await update;
    await holder.rollback();
    expect(answer.status).toBe(503);
    expect(answer.body.message).toMatch(/database is unavailable/i);
  } finally {
    errors.restore();
    await other.destroy();
  }
  expect((await admin.get(`/api/suppliers/${supplier.id}`)).body.shortName).toBe(supplier.shortName);
});

describe('the errors of a sick database', () => {
  // Shaped as pg's DatabaseError, which db-errors wraps in a DBError that keeps it as nativeError.
  const pgError = (code: string, message: string) => Object.assign(new Error(message),
    { code, severity: 'FATAL', internalQuery: undefined, table: undefined });

  it.each([
    ['57P01 (administrator shutdown)', pgError('57P01', 'terminating connection due to administrator command')],
    ['57P03 (cannot connect now)', pgError('57P03', 'the database system is starting up')],
    ['57014 (statement timeout)', pgError('57014', 'canceling statement due to statement timeout')],
    ['a KnexTimeoutError', Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'),
      { name: 'KnexTimeoutError' })],
    ["pg's query_timeout", new Error('Query read timeout')],
    ["pg's connect timeout", new Error('Connection terminated due to connection timeout')],
    ["pg-pool's connect timeout", new Error('timeout exceeded when trying to connect')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
  ])('answers 503 for %s', (_name, error) => {
    expect(answerFor(error)).toEqual({ status: 503, body: { code: 'database_unavailable', message: 'The database is unavailable, please try again shortly' } });
  });

  // Two writers that wait for each other's rows (the pricing totals' day rows too): PostgreSQL ends one.
  it.each([['40P01 (deadlock)', pgError('40P01', 'deadlock detected')], ['40001 (serialization)', pgError('40001', 'could not serialize access')]])(
    'answers 503 busy, to be sent again, for %s', (_name, error) => {
      expect(answerFor(error)).toEqual({ status: 503,
        body: { code: 'busy', message: 'Another change met this one at the same moment: please send it again', params: { seconds: 1, minutes: 1 } } });
    });
});

(onPostgres ? it : it.skip)('ends the statement of a request past its deadline in PostgreSQL too: a 503 leaves no work behind', async () => {
  const admin = await signedInAs(url, 'admin');
  const supplier = await admin.create('/api/suppliers', { name: 'Deadline Co', ...SUPPLIER_CONTACT });
  const other = openDatabase(direct);
  const errors = quietConsole();
  const locked = () => other('pg_stat_activity').where({ datname: other.raw('current_database()'), wait_event_type: 'Lock' }).pluck('pid');
  const holder = await other.transaction();
  try {
    // Another session holds the supplier's row: the update waits past the request's 1 s deadline.
    await holder('suppliers').where({ id: supplier.id }).forUpdate().first();
    const answer = await admin.put(`/api/suppliers/${supplier.id}`, { shortName: 'LATE' });
    expect(answer.status).toBe(503);
    // The server's statement_timeout is 20 s: without a cancel the update would wait there that long.
    await eventually(async () => expect(await locked()).toEqual([]), 1_000);
  } finally {
    await holder.rollback();
    errors.restore();
    await other.destroy();
  }
  expect((await admin.get(`/api/suppliers/${supplier.id}`)).body.shortName).toBe(supplier.shortName);
});
