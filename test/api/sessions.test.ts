import { HttpClient, signedInAs, type Answer } from '../helpers/httpClient';
import { eventually } from '../helpers/eventually';
import { statementsDuring } from '../helpers/statements';
import { startTestApp, type TestApp, startSecondInstance, type SecondInstance } from '../helpers/testApp';
import { ABSOLUTE_LIFETIME_MS, IDLE_TIMEOUT_MS } from '../../api/src/middleware/session';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app.close());

const MINUTE = 60_000;
const sessionId = (c: HttpClient) => c.cookieHeader.match(/(?:^|; )sid=([^;]+)/)![1];
const sessionRow = (id: string) => app.db('sessions').where({ id }).first();

/** The SQL statements that write the sessions table while `work` runs. */
const sessionWrites = async (work: () => Promise<unknown>) =>
  (await statementsDuring(app.db, work)).filter((sql) => /^\s*(update|insert|delete)\b[^;]*"sessions"/i.test(sql));

/** Asks `ask` until it answers `status`: the milliseconds that took. Fails when it has not within `limit` ms. */
async function msUntil(ask: () => Promise<Answer>, status: number, limit = 1_000): Promise<number> {
  const started = Date.now();
  await eventually(async () => expect((await ask()).status).toBe(status), limit);
  return Date.now() - started;
}

const SESSION_READS = /"(users|page_permissions|sessions)"/;

describe('session reads', () => {
  it('read the session, its user and their permissions in one statement, then keep them for the next requests', async () => {
    const c = await signedInAs(app.url, 'manager');
    const read = () => c.get('/api/warehouses?range=[0,0]');
    const first = await statementsDuring(app.db, async () => expect((await read()).status).toBe(200));
    expect(first[0]).toMatch(/"sessions"/);
    expect(first[0]).toMatch(/page_permissions/);
    expect(first.slice(1).filter((sql) => SESSION_READS.test(sql))).toEqual([]);
    const next = await statementsDuring(app.db, async () => expect((await read()).status).toBe(200));
    expect(next.filter((sql) => SESSION_READS.test(sql))).toEqual([]);
  });

  it('see a permission or a user changed in the database, however, within a second', async () => {
    const c = await signedInAs(app.url, 'manager');
    const userId = (await c.get('/api/user')).body.id;
    const read = () => c.get('/api/warehouses?range=[0,0]');
    expect((await read()).status).toBe(200);
    await app.db('pagePermissions').insert({ userId, pageKey: 'warehouses', allowed: false });
    await msUntil(read, 403);
    await app.db('pagePermissions').where({ userId }).delete();
    await msUntil(read, 200);
    await app.db('users').where({ id: userId }).update({ status: 'inactive' });
    try {
      await msUntil(read, 401);
    } finally {
      await app.db('users').where({ id: userId }).update({ status: 'active' });
    }
  });
});

describe('session writes', () => {
  it('a signed-in read changes nothing in the session row within a minute of its last write', async () => {
    const c = await signedInAs(app.url, 'manager');
    const before = await sessionRow(sessionId(c));
    const writes = await sessionWrites(async () => {
      for (const path of ['/api/user', '/api/orders?range=[0,24]', '/api/user']) {
        const res = await c.get(path);
        expect(res.status).toBe(200);
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    });
    expect(writes).toEqual([]);
    const after = await sessionRow(sessionId(c));
    expect(after.data).toEqual(before.data);
    expect(after.expiresAt).toEqual(before.expiresAt);
  });

  it('a read pushes forward an idle expiry more than a minute old, with one write and no new cookie', async () => {
    const c = await signedInAs(app.url, 'manager');
    const id = sessionId(c);
    const { data } = await sessionRow(id);
    await app.db('sessions').where({ id }).update({ expiresAt: new Date(Date.now() + IDLE_TIMEOUT_MS - 2 * MINUTE) });
    const start = Date.now();
    let res: Awaited<ReturnType<HttpClient['get']>> | undefined;
    const writes = await sessionWrites(async () => { res = await c.get('/api/user'); });
    expect(res!.status).toBe(200);
    expect(res!.headers.getSetCookie()).toEqual([]);
    expect(writes).toHaveLength(1);
    const after = await sessionRow(id);
    expect(after.expiresAt.getTime()).toBeGreaterThanOrEqual(start + IDLE_TIMEOUT_MS);
    expect(after.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + IDLE_TIMEOUT_MS);
    expect(after.data).toEqual(data);
    // Touched now, the next read leaves it alone.
    expect(await sessionWrites(() => c.get('/api/user'))).toEqual([]);
  });

  it('refuses a session whose idle expiry has passed with 401, and does not revive it', async () => {
    const c = await signedInAs(app.url, 'manager');
    const id = sessionId(c);
    const expired = new Date(Date.now() - 1000);
    await app.db('sessions').where({ id }).update({ expiresAt: expired });
    expect((await c.get('/api/user')).status).toBe(401);
    expect((await sessionRow(id)).expiresAt).toEqual(expired);
  });

  it('sign out everywhere ends the other sessions at once, and a read does not write them back', async () => {
    const admin = await signedInAs(app.url, 'admin');
    const first = await signedInAs(app.url, 'biller');
    const second = await signedInAs(app.url, 'biller');
    const ids = [sessionId(first), sessionId(second)];
    // Due for a touch: the reads below would write the expiry if the rows still existed.
    await app.db('sessions').whereIn('id', ids).update({ expiresAt: new Date(Date.now() + IDLE_TIMEOUT_MS - 2 * MINUTE) });
    const billerId = (await first.get('/api/user')).body.id;
    const res = await admin.post(`/api/users/${billerId}/sign-out-everywhere`);
    expect(res.status).toBe(200);
    expect(res.body.sessionsEnded).toBe(2);
    expect((await first.get('/api/user')).status).toBe(401);
    expect((await second.get('/api/user')).status).toBe(401);
    expect(await app.db('sessions').whereIn('id', ids)).toEqual([]);
    expect((await admin.get('/api/user')).status).toBe(200);
  });

  it('gives the cookie the absolute lifetime, so it outlives the idle timeout in the browser', async () => {
    const res = await new HttpClient(app.url).post('/api/login', { username: 'biller', password: 'demo1234' });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('sid='))!;
    const expires = Date.parse(cookie.match(/expires=([^;]+)/i)![1]);
    expect(expires).toBeGreaterThan(Date.now() + ABSOLUTE_LIFETIME_MS - MINUTE);
    expect(expires).toBeLessThanOrEqual(Date.now() + ABSOLUTE_LIFETIME_MS);
  });

  it('a second sign-in in the same browser leaves a working session under a new id', async () => {
    const c = await signedInAs(app.url, 'biller');
    const old = sessionId(c);
    await c.login('biller');
    expect(sessionId(c)).not.toBe(old);
    expect((await c.get('/api/user')).status).toBe(200);
    expect(await sessionRow(old)).toBeUndefined();
  });
});

// PostgreSQL only: two instances of the app on one database, as behind a load balancer. Each keeps
// the sessions it read; what ends or narrows one must act on the other within a second.
const onPostgres = process.env.TEST_DB_KIND === 'postgres' ? describe : describe.skip;
onPostgres('two instances on one database', () => {
  let second: SecondInstance;
  beforeAll(async () => { second = await startSecondInstance(app); });
  afterAll(() => second?.close());

  /**
   * The client's session used on the second instance until it keeps it there: a read runs no
   * session statement. The sign-in's own notice (its user row changed) may reach the second
   * instance after its first read and make it read the session once more: within a second, it keeps it.
   */
  async function keptOnSecond(client: HttpClient, path: string): Promise<HttpClient> {
    const there = new HttpClient(second.url, { cookie: client.cookieHeader });
    expect((await there.get(path)).status).toBe(200);
    const statuses = new Set<number>();
    await eventually(async () => {
      const statements = await statementsDuring(second.db, async () => statuses.add((await there.get(path)).status));
      expect(statements.filter((sql) => SESSION_READS.test(sql))).toEqual([]);
    }, 1_000);
    expect([...statuses]).toEqual([200]);
    return there;
  }

  it('a sign-out on one is refused on the other within a second', async () => {
    const c = await signedInAs(app.url, 'biller');
    const there = await keptOnSecond(c, '/api/user');
    expect((await c.post('/api/logout')).status).toBeLessThan(300);
    expect(await msUntil(() => there.get('/api/user'), 401)).toBeLessThan(1_000);
  });

  it('a session ended from its owner\'s list ("Where you\'re signed in") is refused on the other within a second', async () => {
    const phone = new HttpClient(app.url, { 'user-agent': 'Phone ended from the list/1.0' });
    await phone.login('team_leader');
    const desk = await signedInAs(app.url, 'team_leader');
    const there = await keptOnSecond(phone, '/api/user');
    const listed = (await desk.get('/api/sessions')).body.find((s: { userAgent: string }) => s.userAgent === 'Phone ended from the list/1.0');
    expect((await desk.delete(`/api/sessions/${listed.id}`)).status).toBe(200);
    expect(await msUntil(() => there.get('/api/user'), 401)).toBeLessThan(1_000);
  });

  it('a request that writes reads its session anew: ended unannounced, it reads on from the kept one but writes nothing', async () => {
    const c = await signedInAs(app.url, 'manager');
    const there = await keptOnSecond(c, '/api/user');
    // Ended with the triggers off, so that no notice tells the second instance (as if it had not come yet).
    await app.db.transaction(async (trx) => {
      await trx.raw('set local session_replication_role = replica');
      await trx('sessions').where({ id: sessionId(c) }).delete();
    });
    expect((await there.get('/api/user')).status).toBe(200);
    expect((await there.put('/api/me/mail-language', { language: 'en' })).status).toBe(401);
    expect((await there.get('/api/user')).status).toBe(401);
  });

  it('signing a user out everywhere, or deactivating them, ends their sessions on the other within a second', async () => {
    const admin = await signedInAs(app.url, 'admin');
    const biller = await signedInAs(app.url, 'biller');
    const billerId = (await biller.get('/api/user')).body.id;
    let there = await keptOnSecond(biller, '/api/user');
    expect((await admin.post(`/api/users/${billerId}/sign-out-everywhere`)).status).toBe(200);
    expect(await msUntil(() => there.get('/api/user'), 401)).toBeLessThan(1_000);

    there = await keptOnSecond(await signedInAs(app.url, 'biller'), '/api/user');
    await app.db('users').where({ id: billerId }).update({ status: 'inactive' });
    try {
      expect(await msUntil(() => there.get('/api/user'), 401)).toBeLessThan(1_000);
    } finally {
      await app.db('users').where({ id: billerId }).update({ status: 'active' });
    }
  });

  it('a permission taken away on one is refused on the other within a second, and given back, allowed again', async () => {
    const admin = await signedInAs(app.url, 'admin');
    const manager = await signedInAs(app.url, 'manager');
    const there = await keptOnSecond(manager, '/api/warehouses?range=[0,0]');
    const matrix = (await admin.get('/api/permissions')).body;
    const without = { ...matrix, roles: { ...matrix.roles, manager: matrix.roles.manager.filter((page: string) => page !== 'warehouses') } };
    const taken = await admin.put('/api/permissions', without);
    expect(taken.status).toBe(200);
    try {
      expect(await msUntil(() => there.get('/api/warehouses?range=[0,0]'), 403)).toBeLessThan(1_000);
    } finally {
      expect((await admin.put('/api/permissions', { ...matrix, version: taken.body.version })).status).toBe(200);
    }
    expect(await msUntil(() => there.get('/api/warehouses?range=[0,0]'), 200)).toBeLessThan(1_000);
  });
});
