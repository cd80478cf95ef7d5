import { HttpClient, signedInAs } from '../helpers/httpClient';
import { statementsDuring } from '../helpers/statements';
import { startTestApp, type TestApp } from '../helpers/testApp';
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

describe('session reads', () => {
  it('read the session, its user and their permissions in one statement, and still see changes on the next request', async () => {
    const c = await signedInAs(app.url, 'manager');
    const userId = (await c.get('/api/user')).body.id;
    const read = () => c.get('/api/warehouses?range=[0,0]');
    const statements = await statementsDuring(app.db, async () => expect((await read()).status).toBe(200));
    expect(statements[0]).toMatch(/"sessions"/);
    expect(statements[0]).toMatch(/page_permissions/);
    expect(statements.slice(1).filter((sql) => /"(users|page_permissions|sessions)"/.test(sql))).toEqual([]);

    await app.db('pagePermissions').insert({ userId, pageKey: 'warehouses', allowed: false });
    expect((await read()).status).toBe(403);
    await app.db('pagePermissions').where({ userId }).delete();
    expect((await read()).status).toBe(200);
    await app.db('users').where({ id: userId }).update({ status: 'inactive' });
    try {
      expect((await read()).status).toBe(401);
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
