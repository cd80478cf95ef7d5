import { ROLES } from '../../api/src/users/roles';
import { signedInAs } from '../helpers/httpClient';
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

  it('answers 401 to a visitor', async () => {
    expect((await fetch(`${app.url}/api/user-options`)).status).toBe(401);
  });
});
