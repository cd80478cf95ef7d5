import { HttpClient, signedInAs } from '../helpers/httpClient';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { ROLES } from '@kernel/users/roles';
import { DEMO_USERS } from '../../seeds/demo';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app.close());

const client = () => new HttpClient(app.url);

describe('GET /api/user', () => {
  it('answers 401 with a JSON message when nobody is signed in', async () => {
    const res = await client().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/not signed in/i);
  });

  it.each(ROLES)('answers the signed-in %s without any password field', async (role) => {
    const c = await signedInAs(app.url, role);
    const res = await c.get('/api/user');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: role, role, status: 'active' });
    expect(res.body.firstName).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
  });
});

describe('POST /api/login', () => {
  it('answers the user and sets an httpOnly, SameSite=Lax session cookie holding only an id', async () => {
    const res = await client().post('/api/login', { username: 'manager', password: 'demo1234' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'manager', firstName: DEMO_USERS.manager.firstName,
      lastName: DEMO_USERS.manager.lastName });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    const id = cookie.split(';')[0].slice(4);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 random bits, base64url
    const row = await app.db('sessions').where({ id }).first();
    expect(row.userId).toBe(res.body.id);
  });

  it('accepts the username in any letter case', async () => {
    expect((await client().post('/api/login', { username: 'DIRECTOR', password: 'demo1234' })).status).toBe(200);
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const wrong = await client().post('/api/login', { username: 'biller', password: 'not-the-password' });
    const unknown = await client().post('/api/login', { username: 'nobody-here', password: 'demo1234' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    // The same but for each request's own id.
    expect({ ...wrong.body, requestId: 'id' }).toEqual({ ...unknown.body, requestId: 'id' });
    expect(wrong.body.message).toBe('Invalid username or password');
  });

  it('logs successful and failed logins in the activity log', async () => {
    const { max } = (await app.db('activityLogs').max({ max: 'id' }).first()) as { max: number };
    await client().post('/api/login', { username: 'team_leader', password: 'bad-password' });
    await client().login('team_leader');
    const rows = await app.db('activityLogs').whereIn('action', ['login', 'login_failed'])
      .where('id', '>', max).whereRaw(`(username = 'team_leader' or changes->>'username' = 'team_leader')`).orderBy('id');
    expect(rows.map((r) => r.action)).toEqual(['login_failed', 'login']);
    expect(rows[1].ip).toBeTruthy();
  });

  it('issues a new session id at each login', async () => {
    const c = client();
    const first = (await c.login('biller')).headers.getSetCookie()[0].split(';')[0];
    const second = (await c.login('biller')).headers.getSetCookie()[0].split(';')[0];
    expect(first).not.toEqual(second);
    const old = new HttpClient(app.url, { cookie: first });
    expect((await old.get('/api/user')).status).toBe(401);
  });

  it('refuses unknown fields and missing fields with 400 naming them', async () => {
    const res = await client().post('/api/login', { username: 'admin', password: 'demo1234', role: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('role');
    const missing = await client().post('/api/login', {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['password', 'username']);
  });

  it('answers 400 for a body that is not valid JSON', async () => {
    const res = await client().request('POST', '/api/login', '{"username": ', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('refuses an inactive user', async () => {
    await app.db('users').where({ username: 'director' }).update({ status: 'inactive' });
    try {
      const res = await client().post('/api/login', { username: 'director', password: 'demo1234' });
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/deactivated/);
    } finally {
      await app.db('users').where({ username: 'director' }).update({ status: 'active' });
    }
  });
});

describe('POST /api/logout', () => {
  it('destroys the session on the server so the old cookie no longer works', async () => {
    const c = await signedInAs(app.url, 'admin');
    const cookie = c.cookieHeader;
    const before = await app.db('sessions').count({ n: '*' }).first();
    expect((await c.post('/api/logout')).status).toBe(204);
    const after = await app.db('sessions').count({ n: '*' }).first();
    expect(Number(after!.n)).toBe(Number(before!.n) - 1);
    expect((await new HttpClient(app.url, { cookie }).get('/api/user')).status).toBe(401);
    const log = await app.db('activityLogs').where({ action: 'logout', username: 'admin' }).first();
    expect(log).toBeDefined();
  });

  it('ends the sessions of a user who is deactivated meanwhile', async () => {
    const c = await signedInAs(app.url, 'biller');
    await app.db('users').where({ username: 'biller' }).update({ status: 'inactive' });
    await app.heard();
    try {
      expect((await c.get('/api/user')).status).toBe(401);
    } finally {
      await app.db('users').where({ username: 'biller' }).update({ status: 'active' });
    }
    expect((await c.get('/api/user')).status).toBe(401); // the session is gone, not just hidden
  });
});

describe('sessions', () => {
  it('ends a session past its absolute lifetime of 7 days', async () => {
    const c = await signedInAs(app.url, 'manager');
    const id = c.cookieHeader.match(/sid=([^;]+)/)![1];
    const row = await app.db('sessions').where({ id }).first();
    const data = { ...row.data, signedInAt: Date.now() - 7 * 24 * 3600 * 1000 - 1000 };
    await app.db('sessions').where({ id }).update({ data: JSON.stringify(data) });
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('ends a session idle for more than 8 hours', async () => {
    const c = await signedInAs(app.url, 'manager');
    const id = c.cookieHeader.match(/sid=([^;]+)/)![1];
    await app.db('sessions').where({ id }).update({ expiresAt: new Date(Date.now() - 1000) });
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('refuses a forged cookie without the signature', async () => {
    const c = await signedInAs(app.url, 'admin');
    const sid = c.cookieHeader.match(/sid=([^;]+)/)![1];
    expect((await new HttpClient(app.url, { cookie: `sid=${sid}` }).get('/api/user')).status).toBe(401);
  });
});

describe('password rules', () => {
  it('refuses a reset to a password of spaces only with 400 naming the password, changing nothing', async () => {
    const admin = await signedInAs(app.url, 'admin');
    const biller = await app.db('users').where({ username: 'biller' }).first();
    for (const password of [' '.repeat(10), '\t \n \u3000\u00a0  ']) {
      const res = await admin.post(`/api/users/${biller.id}/reset-password`, { password });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ password: 'The password cannot be only spaces' });
    }
    const after = await app.db('users').where({ id: biller.id }).first();
    expect(after.passwordHash).toBe(biller.passwordHash);
    expect(after.version).toBe(biller.version);
    // Spaces inside a passphrase are fine.
    expect((await admin.post(`/api/users/${biller.id}/reset-password`, { password: '  two words  ' })).status).toBe(200);
    await client().login('biller', '  two words  ');
    expect((await admin.post(`/api/users/${biller.id}/reset-password`, { password: 'demo1234' })).status).toBe(200);
  });
});
