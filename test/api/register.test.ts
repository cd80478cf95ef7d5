import { eventually } from '../helpers/eventually';
import { HttpClient } from '../helpers/httpClient';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { setPasswordWorkLimits } from '../../api/src/auth/passwords';
import { DEFAULT_PASSWORD_HASH_CONCURRENCY } from '../../api/src/foundation/config';

let app: TestApp;
beforeAll(async () => { app = await startTestApp({ demo: false }); });
afterAll(() => app.close());

const person = (username: string) => ({ username, password: 'correct horse battery', firstName: 'Lin', lastName: 'Zhou' });

describe('POST /api/register', () => {
  it('makes the first user of an empty database an active admin and signs them in', async () => {
    const c = new HttpClient(app.url);
    const res = await c.post('/api/register', person('founder'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: 'founder', role: 'admin', status: 'active' });
    expect((await c.get('/api/user')).body.username).toBe('founder');
    const stored = await app.db('users').where({ username: 'founder' }).first();
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(stored.passwordHash).not.toContain('correct horse');
  });

  it('makes later users pending, with the dashboard as their only page', async () => {
    const c = new HttpClient(app.url);
    const res = await c.post('/api/register', person('newcomer'));
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('pending');
    expect((await c.get('/api/user-accessible-pages')).body).toEqual([{ pageKey: 'dashboard' }]);
    expect((await c.get('/api/can-access-page?pageKey=orders')).body.canAccess).toBe(false);
    const log = await app.db('activityLogs').where({ action: 'register', username: 'newcomer' }).first();
    expect(log.changes).toMatchObject({ status: 'pending' });
  });

  it('refuses a username already taken, in any letter case, with 409', async () => {
    const res = await new HttpClient(app.url).post('/api/register', person('FOUNDER'));
    expect(res.status).toBe(409);
    expect(res.body.errors).toHaveProperty('username');
  });

  it.each([
    ['a short password', { password: 'short' }, 'password'],
    ['a password of spaces only', { password: ' '.repeat(12) }, 'password'],
    ['a password of tabs, line breaks and wide spaces only', { password: '\t\n\u3000\u00a0    ' }, 'password'],
    ['a password over 128 characters', { password: 'x'.repeat(129) }, 'password'],
    ['a common password', { password: 'password123' }, 'password'],
    ['a username with spaces', { username: 'two words' }, 'username'],
    ['a name over 100 characters', { firstName: 'x'.repeat(101) }, 'firstName'],
    ['an unknown field', { role: 'admin' }, 'role'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
  ])('refuses %s with 400 naming the field and writes nothing', async (_label, change, field) => {
    const before = await app.db('users').count({ n: '*' }).first();
    const res = await new HttpClient(app.url).post('/api/register', { ...person('candidate'), ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(field);
    const after = await app.db('users').count({ n: '*' }).first();
    expect(after!.n).toEqual(before!.n);
  });
});

describe('when the server is busy hashing passwords', () => {
  it('answers registrations 503 with Retry-After once the line is full, lets a login take a waiting place, and creates nothing', async () => {
    // One password at a time, one waiting place; the test holds the one running place.
    const line = setPasswordWorkLimits(1, 1);
    let release = () => {};
    const held = line.run(() => new Promise<void>((resolve) => { release = resolve; }));
    try {
      const before = await app.db('users').count({ n: '*' }).first();
      const queued = new HttpClient(app.url).post('/api/register', person('queued'));
      await eventually(() => expect(line.waiting).toBe(1));
      const refused = await new HttpClient(app.url).post('/api/register', person('refused'));
      expect(refused.status).toBe(503);
      expect(refused.body.message).toMatch(/busy/i);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

      // A sign-in goes ahead of the waiting registration, which is refused in its turn.
      const signIn = new HttpClient(app.url).post('/api/login', { username: 'founder', password: 'correct horse battery' });
      expect((await queued).status).toBe(503);
      release();
      expect((await signIn).status).toBe(200);
      expect((await app.db('users').count({ n: '*' }).first())!.n).toEqual(before!.n);
      expect(await app.db('activityLogs').where({ action: 'register' }).whereRaw(`changes->>'username' in ('queued', 'refused')`)).toEqual([]);
    } finally {
      release();
      await held;
      setPasswordWorkLimits(DEFAULT_PASSWORD_HASH_CONCURRENCY);
    }
    // The refused tries do not count against the address: it may still register.
    expect((await new HttpClient(app.url).post('/api/register', person('afterwards'))).status).toBe(201);
  });
});
