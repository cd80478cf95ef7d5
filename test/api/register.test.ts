import { HttpClient } from '../helpers/httpClient';
import { startTestApp, type TestApp } from '../helpers/testApp';

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
