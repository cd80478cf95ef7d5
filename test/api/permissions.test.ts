import { HttpClient, signedInAs } from '../helpers/httpClient';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { PAGE_KEYS } from '@kernel/permissions/pageKeys';
import type { Role } from '@kernel/users/roles';
import { ROLE_PAGES } from '../helpers/rolePages';
import { demoUserName } from '../../seeds/demo';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app.close());

const expected = ROLE_PAGES;

describe.each(Object.keys(expected) as Role[])('role %s', (role) => {
  let c: HttpClient;
  beforeAll(async () => { c = await signedInAs(app.url, role); });

  it('lists exactly its default pages', async () => {
    const res = await c.get('/api/user-accessible-pages');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { pageKey: string }) => p.pageKey).sort()).toEqual([...expected[role]].sort());
  });

  it.each(PAGE_KEYS)('answers can-access-page for %s', async (pageKey) => {
    const res = await c.get(`/api/can-access-page?pageKey=${pageKey}`);
    expect(res.status).toBe(200);
    expect(res.body.canAccess).toBe(expected[role].includes(pageKey));
  });

  it('opens the dashboard API, guarded by its page key', async () => {
    expect((await c.get('/api/dashboard')).status).toBe(200);
  });
});

describe('the page guard', () => {
  it('answers 401 to a visitor and 403 with an "Access denied" message to a role without the page', async () => {
    expect((await new HttpClient(app.url).get('/api/dashboard')).status).toBe(401);
    await app.db('pagePermissions').where({ role: 'biller', pageKey: 'dashboard' }).update({ allowed: false });
    try {
      const biller = await signedInAs(app.url, 'biller');
      const res = await biller.get('/api/dashboard');
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/^Access denied/);
    } finally {
      await app.db('pagePermissions').where({ role: 'biller', pageKey: 'dashboard' }).update({ allowed: true });
    }
  });

  it('applies a per-user denial and grant an administrator saves on the next request', async () => {
    const admin = await signedInAs(app.url, 'admin');
    const leader = await signedInAs(app.url, 'team_leader');
    expect((await leader.get('/api/dashboard')).status).toBe(200);
    const user = await app.db('users').where({ username: 'team_leader' }).first();
    const matrix = (await admin.get('/api/permissions')).body;
    const saved = await admin.put('/api/permissions', { ...matrix, users: [{ userId: user.id, grants: ['trash'], denials: ['dashboard'] }] });
    expect(saved.status).toBe(200);
    try {
      expect((await leader.get('/api/dashboard')).status).toBe(403);
      const pages = (await leader.get('/api/user-accessible-pages')).body.map((p: { pageKey: string }) => p.pageKey);
      expect(pages).toContain('trash');
      expect(pages).not.toContain('dashboard');
    } finally {
      expect((await admin.put('/api/permissions', { ...matrix, version: saved.body.version })).status).toBe(200);
    }
    expect((await leader.get('/api/dashboard')).status).toBe(200);
  });

  it('refuses an unknown or missing page key with 400', async () => {
    const admin = await signedInAs(app.url, 'admin');
    const unknown = await admin.get('/api/can-access-page?pageKey=nope');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('pageKey');
    expect((await admin.get('/api/can-access-page')).status).toBe(400);
  });

  it('answers 401 on the permission calls when nobody is signed in', async () => {
    expect((await new HttpClient(app.url).get('/api/user-accessible-pages')).status).toBe(401);
    expect((await new HttpClient(app.url).get('/api/can-access-page?pageKey=orders')).status).toBe(401);
  });
});

describe('GET /api/dashboard', () => {
  it('groups the active users of the contributor roles by role', async () => {
    const c = await signedInAs(app.url, 'team_leader');
    const res = await c.get('/api/dashboard');
    expect(res.body.contributors).toEqual({
      team_leader: [demoUserName('team_leader')], biller: [demoUserName('biller')],
      regional_dispatcher: [demoUserName('regional_dispatcher')], manager: [demoUserName('manager')],
    });
    expect(res.body.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});
