import { ROLES, type Role } from '@kernel/users/roles';
import { HttpClient, signedInAs } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';

/**
 * docs/roles-and-permissions.md#who-manages-which-accounts: only administrators manage admin and
 * director accounts; a manager (or anyone else holding the `users` page who is not an admin)
 * manages team leaders, billers and regional dispatchers, and gives only those roles, on every
 * route that touches a user.
 */
const { app, admin, manager } = useSignedInApp({ admin: 'admin', manager: 'manager' });

const PASSWORD = 'tall ships 42';
const TAKEOVER = 'hostile takeover';
const ADMIN_ONLY: Role[] = ['admin', 'director', 'manager'];
const STAFF: Role[] = ['team_leader', 'biller', 'regional_dispatcher'];

let serial = 0;
/** A fresh account made by the admin, signed in once (so a sign-out has a session to end). */
async function account(role: Role, status: 'active' | 'pending' = 'active') {
  const user = await admin.create('/api/users', { username: `rules${(serial += 1)}`, password: PASSWORD,
    firstName: 'Lin', lastName: 'Zhou', role, status });
  const client = new HttpClient(app.url);
  await client.login(user.username, PASSWORD);
  return { ...user, client } as { id: number; username: string; role: Role; version: number; client: HttpClient };
}

/** Everything a refused call must leave as it was: the account, its sessions, its log, the trash. */
const stateOf = async (id: number) => ({
  user: await app.db('users').where({ id }).first(),
  sessions: await app.db('sessions').where({ userId: id }).orderBy('id').select('id'),
  log: await app.db('activityLogs').where({ entityType: 'user', entityId: String(id) }).count({ n: '*' }).first(),
  users: await app.db('users').count({ n: '*' }).first(),
});

/** Each route that touches an existing account, as `client` calling it on user `id`. */
const ACTIONS: Array<[string, (client: HttpClient, id: number) => Promise<{ status: number; body: any }>]> = [
  ['edit', (client, id) => client.put(`/api/users/${id}`, { firstName: 'Eve' })],
  ['deactivate', (client, id) => client.put(`/api/users/${id}`, { status: 'inactive' })],
  ['demote to team leader', (client, id) => client.put(`/api/users/${id}`, { role: 'team_leader' })],
  ['reset the password of', (client, id) => client.post(`/api/users/${id}/reset-password`, { password: TAKEOVER })],
  ['sign out everywhere', (client, id) => client.post(`/api/users/${id}/sign-out-everywhere`)],
  ['delete', (client, id) => client.delete(`/api/users/${id}`)],
];

const expectRefused = (answer: { status: number; body: any }) => {
  expect(answer.status).toBe(403);
  expect(answer.body.message).toMatch(/^Access denied: /);
};

describe('a manager and the accounts only an administrator manages', () => {
  const cases = ADMIN_ONLY.flatMap((role) => ACTIONS.map(([action, call]) => ({ role, action, call })));

  it.each(cases)('may not $action the $role account (403), and nothing changes', async ({ role, call }) => {
    const target = await account(role);
    const before = await stateOf(target.id);
    expectRefused(await call(manager, target.id));
    expect(await stateOf(target.id)).toEqual(before);
    expect((await target.client.get('/api/user')).status).toBe(200);
  });

  it.each(ADMIN_ONLY)('may not activate a pending %s account', async (role) => {
    const target = await account(role, 'pending');
    const before = await stateOf(target.id);
    expectRefused(await manager.put(`/api/users/${target.id}`, { status: 'active' }));
    expect(await stateOf(target.id)).toEqual(before);
  });

  it('cannot reset the director\'s password and then sign in as the director', async () => {
    const directorId = (await app.db('users').where({ username: 'director' }).first('id')).id;
    const before = await stateOf(directorId);
    expectRefused(await manager.post(`/api/users/${directorId}/reset-password`, { password: TAKEOVER }));
    expect(await stateOf(directorId)).toEqual(before);
    const intruder = new HttpClient(app.url);
    expect((await intruder.post('/api/login', { username: 'director', password: TAKEOVER })).status).toBe(401);
    expect((await intruder.get('/api/user')).status).toBe(401);
    expect(await stateOf(directorId)).toMatchObject({ sessions: before.sessions });
    await new HttpClient(app.url).login('director'); // the director's own password still works
  });

  it.each(ADMIN_ONLY)('may not restore a deleted %s account from the trash: it stays there', async (role) => {
    const target = await account(role);
    expect((await admin.delete(`/api/users/${target.id}`)).status).toBe(200);
    const before = await stateOf(target.id);
    expectRefused(await manager.post(`/api/trash/user/${target.id}/restore`));
    expect(await stateOf(target.id)).toEqual(before);
    const trash = await admin.get(`/api/trash?filter=${encodeURIComponent(JSON.stringify({ id: [`user:${target.id}`] }))}`);
    expect(trash.body).toHaveLength(1);
  });

  it.each(ADMIN_ONLY)('may not purge a deleted %s account from the trash', async (role) => {
    const target = await account(role);
    expect((await admin.delete(`/api/users/${target.id}`)).status).toBe(200);
    const before = await stateOf(target.id);
    expectRefused(await manager.delete(`/api/trash/user/${target.id}`));
    expect(await stateOf(target.id)).toEqual(before);
  });

  it.each(ADMIN_ONLY)('may not give the role %s, creating or editing', async (role) => {
    const count = await app.db('users').count({ n: '*' }).first();
    const created = await manager.post('/api/users', { username: `new.${role}`, password: PASSWORD,
      firstName: 'New', lastName: 'Boss', role });
    expectRefused(created);
    expect(created.body.errors).toEqual({ role: 'Not allowed' });
    expect(await app.db('users').count({ n: '*' }).first()).toEqual(count);

    const leader = await account('team_leader');
    const before = await stateOf(leader.id);
    expectRefused(await manager.put(`/api/users/${leader.id}`, { role }));
    expectRefused(await manager.put(`/api/users/${leader.id}`, { role, firstName: 'Raised', version: leader.version }));
    expect(await stateOf(leader.id)).toEqual(before);
  });

  it('may look after their own account but not raise its role', async () => {
    const self = await account('manager');
    expect((await self.client.put(`/api/users/${self.id}`, { firstName: 'Mei', role: 'manager' })).status).toBe(200);
    const before = await stateOf(self.id);
    for (const role of ['director', 'admin']) expectRefused(await self.client.put(`/api/users/${self.id}`, { role }));
    expect(await stateOf(self.id)).toEqual(before);
  });
});

describe('a manager and the staff accounts', () => {
  it.each(STAFF)('creates, activates, edits, re-roles, signs out, resets, deletes, restores %s accounts', async (role) => {
    const created = await manager.post('/api/users', { username: `staff.${role}`, password: PASSWORD,
      firstName: 'Staff', lastName: 'Member', role, status: 'pending' });
    expect(created.status).toBe(201);
    const { id } = created.body;
    expect((await manager.put(`/api/users/${id}`, { status: 'active' })).body.status).toBe('active');
    expect((await manager.put(`/api/users/${id}`, { firstName: 'Renamed' })).body.firstName).toBe('Renamed');
    const other = STAFF.find((r) => r !== role)!;
    expect((await manager.put(`/api/users/${id}`, { role: other })).body.role).toBe(other);
    expect((await manager.put(`/api/users/${id}`, { role })).body.role).toBe(role);

    const staff = new HttpClient(app.url);
    await staff.login(`staff.${role}`, PASSWORD);
    expect((await manager.post(`/api/users/${id}/sign-out-everywhere`)).body).toEqual({ id, sessionsEnded: 1 });
    expect((await staff.get('/api/user')).status).toBe(401);
    expect((await manager.post(`/api/users/${id}/reset-password`, { password: 'a new beginning' })).status).toBe(200);
    await staff.login(`staff.${role}`, 'a new beginning');

    expect((await manager.delete(`/api/users/${id}`)).status).toBe(200);
    expect((await manager.post(`/api/trash/user/${id}/restore`)).status).toBe(200);
    expect((await admin.get(`/api/users/${id}`)).body).toMatchObject({ role, status: 'active' });
  });

  it('activates a self-registered (pending team leader) user and gives them a staff role', async () => {
    const newcomer = new HttpClient(app.url);
    const { body } = await newcomer.post('/api/register', { username: 'newcomer', password: PASSWORD,
      firstName: 'New', lastName: 'Comer' });
    expect(body).toMatchObject({ role: 'team_leader', status: 'pending' });
    const activated = await manager.put(`/api/users/${body.id}`, { status: 'active', role: 'regional_dispatcher' });
    expect(activated.body).toMatchObject({ status: 'active', role: 'regional_dispatcher' });
  });

  it('purging stays an administrator\'s, for staff accounts too', async () => {
    const target = await account('biller');
    await manager.delete(`/api/users/${target.id}`);
    expectRefused(await manager.delete(`/api/trash/user/${target.id}`));
    expect((await admin.delete(`/api/trash/user/${target.id}`)).status).toBe(200);
  });
});

describe('anyone else holding the users page', () => {
  it('manages staff accounts only, like a manager', async () => {
    const leader = await account('team_leader');
    await app.db('pagePermissions').insert({ userId: leader.id, pageKey: 'users', allowed: true });
    const biller = await account('biller');
    expect((await leader.client.put(`/api/users/${biller.id}`, { firstName: 'Bea' })).status).toBe(200);
    const directorId = (await app.db('users').where({ username: 'director' }).first('id')).id;
    const before = await stateOf(directorId);
    expectRefused(await leader.client.post(`/api/users/${directorId}/reset-password`, { password: TAKEOVER }));
    expectRefused(await leader.client.put(`/api/users/${leader.id}`, { role: 'manager' }));
    expect(await stateOf(directorId)).toEqual(before);
  });

  it('is not the director, who has no users page (403 on every users call)', async () => {
    const director = await signedInAs(app.url, 'director');
    const target = await account('team_leader');
    for (const call of ACTIONS.map(([, c]) => c)) expectRefused(await call(director, target.id));
    expectRefused(await director.get('/api/users'));
    expectRefused(await director.post('/api/users', { username: 'by.director', password: PASSWORD,
      firstName: 'X', lastName: 'Y', role: 'biller' }));
  });
});

describe('an administrator', () => {
  it.each(ROLES)('manages the %s accounts on every route', async (role) => {
    const target = await account(role, 'pending');
    expect((await admin.put(`/api/users/${target.id}`, { status: 'active' })).status).toBe(200);
    for (const [, call] of ACTIONS) expect((await call(admin, target.id)).status).toBe(200); // the last deletes
    expect((await admin.post(`/api/trash/user/${target.id}/restore`)).status).toBe(200);
    expect((await admin.delete(`/api/users/${target.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/trash/user/${target.id}`)).status).toBe(200);
    expect(await app.db('users').where({ id: target.id }).first()).toBeUndefined();
  });

  it.each(ROLES)('gives the role %s', async (role) => {
    expect((await admin.post('/api/users', { username: `by.admin.${role}`, password: PASSWORD,
      firstName: 'By', lastName: 'Admin', role })).status).toBe(201);
  });
});
