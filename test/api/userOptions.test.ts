import { ROLES } from '@kernel/users/roles';
import { HttpClient, signedInAs } from '../helpers/httpClient';
import { startTestApp, type TestApp } from '../helpers/testApp';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app?.close());

describe('user options for pickers', () => {
  it.each(ROLES)('lists live users to %s with names, role and status only', async (role) => {
    const client = await signedInAs(app.url, role);
    const answer = await client.get('/api/user-options?sort=["username","ASC"]&range=[0,99]');
    expect(answer.status).toBe(200);
    expect(answer.body.map((u: { username: string }) => u.username)).toEqual([...ROLES].sort());
    for (const user of answer.body) expect(Object.keys(user).sort()).toEqual(['firstName', 'id', 'lastName', 'role', 'status', 'username']);
  });

  it('cannot be written, and leaves deleted users out', async () => {
    const admin = await signedInAs(app.url, 'admin');
    expect([404, 405]).toContain((await admin.post('/api/user-options', { username: 'x' })).status);
    const { body: user } = await admin.post('/api/users', { username: 'temp.user', firstName: 'Temp', lastName: 'User',
      role: 'biller', password: 'a-long-passphrase' });
    await admin.delete(`/api/users/${user.id}`);
    expect((await admin.get(`/api/user-options?filter=${encodeURIComponent('{"q":"temp"}')}`)).body).toEqual([]);
  });

  it('answers 403 to a pending (self-registered, not yet activated) user: no staff list', async () => {
    const pending = new HttpClient(app.url);
    const { body: me } = await pending.post('/api/register', { username: 'pending.reader', password: 'tall ships 42',
      firstName: 'Pen', lastName: 'Ding' });
    expect(me.status).toBe('pending');
    for (const answer of [await pending.get('/api/user-options'), await pending.get(`/api/user-options/${me.id}`),
      await pending.get('/api/user-options?filter=%7B%22role%22%3A%22admin%22%7D')]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toMatch(/^Access denied: /);
      expect(JSON.stringify(answer.body)).not.toContain('admin"');
    }
    expect((await pending.get('/api/user')).body.username).toBe('pending.reader'); // their own account, still
  });

  it('answers 401 to a visitor', async () => {
    expect((await fetch(`${app.url}/api/user-options`)).status).toBe(401);
  });
});
