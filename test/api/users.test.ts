import type { DataProvider } from 'ra-core';
import { HttpClient, signedInAs } from '../helpers/httpClient';
import { stockDataProvider } from '../helpers/raClient';
import { startTestApp, type TestApp } from '../helpers/testApp';

let app: TestApp;
let admin: HttpClient;
let manager: HttpClient;
let ra: DataProvider;
let areaIds: number[];
beforeAll(async () => {
  app = await startTestApp();
  [admin, manager] = await Promise.all([signedInAs(app.url, 'admin'), signedInAs(app.url, 'manager')]);
  ra = stockDataProvider(admin);
  const areas = await app.db('deliveryAreas').insert([{ code: 'U-N', name: 'North' }, { code: 'U-S', name: 'South' }])
    .returning('id');
  areaIds = areas.map((a: { id: number }) => a.id);
});
afterAll(() => app?.close());

const PASSWORD = 'tall ships 42';
let serial = 0;
/** A valid create body with a unique username. */
const newUser = (change: Record<string, unknown> = {}) => ({
  username: `user${(serial += 1)}`, password: PASSWORD, firstName: 'Lin', lastName: 'Zhou', role: 'team_leader', ...change,
});
const create = async (client: HttpClient, change: Record<string, unknown> = {}) => {
  const answer = await client.post('/api/users', newUser(change));
  if (answer.status !== 201) throw new Error(`create: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};
const userCount = async () => Number((await app.db('users').count({ n: '*' }).first())!.n);
const sessionsOf = async (userId: number) => Number((await app.db('sessions').where({ userId }).count({ n: '*' }).first())!.n);
const idOf = async (username: string) => (await app.db('users').where({ username }).first('id')).id as number;
const list = (params: { filter?: object; sort?: [string, 'ASC' | 'DESC'] } = {}) => ra.getList('users', {
  sort: { field: params.sort?.[0] ?? 'id', order: params.sort?.[1] ?? 'ASC' }, pagination: { page: 1, perPage: 100 },
  filter: params.filter ?? {},
});
const logsOf = async (entityId: number, action: string) => app.db('activityLogs')
  .where({ entityType: 'user', entityId: String(entityId), action });

describe('users through the stock ra-data-simple-rest client', () => {
  const ids: number[] = [];
  const people = [
    { username: 'zoe.w', firstName: 'Zoe', lastName: 'Wang', role: 'biller', email: 'zoe@north.example' },
    { username: 'adam.k', firstName: 'Adam', lastName: 'Kong', role: 'regional_dispatcher', status: 'pending' },
    { username: 'mia.s', firstName: 'Mia', lastName: 'Sun', role: 'regional_dispatcher', phone: '+86 21 5555 0101' },
  ];

  it('creates users with a hashed password, answering no hash', async () => {
    for (const person of people) {
      const deliveryAreaIds = person.role === 'regional_dispatcher' ? [areaIds[ids.length % 2]] : [];
      const { data } = await ra.create('users', { data: { ...person, password: PASSWORD, deliveryAreaIds } });
      expect(data).toMatchObject({ ...person, status: person.status ?? 'active', deliveryAreaIds, version: 1, lastLoginAt: null });
      expect(data).not.toHaveProperty('passwordHash');
      expect(data).not.toHaveProperty('password');
      ids.push(data.id as number);
    }
    const stored = await app.db('users').where({ id: ids[0] }).first();
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    await new HttpClient(app.url).login('zoe.w', PASSWORD);
  });

  it('lists with sort, range, q over names and email, and the role and status filters', async () => {
    const page = await ra.getList('users', { sort: { field: 'username', order: 'ASC' }, pagination: { page: 1, perPage: 2 },
      filter: { id: ids } });
    expect(page.total).toBe(3);
    expect(page.data.map((u) => u.username)).toEqual(['adam.k', 'mia.s']);
    expect((await list({ filter: { q: 'NORTH.example' } })).data.map((u) => u.id)).toEqual([ids[0]]);
    expect((await list({ filter: { q: 'kong' } })).data.map((u) => u.id)).toEqual([ids[1]]);
    expect((await list({ filter: { q: 'mia' } })).data.map((u) => u.id)).toEqual([ids[2]]);
    expect((await list({ filter: { role: 'regional_dispatcher', id: ids } })).data.map((u) => u.id)).toEqual([ids[1], ids[2]]);
    expect((await list({ filter: { status: 'pending' } })).data.map((u) => u.id)).toEqual([ids[1]]);
    const desc = await list({ sort: ['lastName', 'DESC'], filter: { id: ids } });
    expect(desc.data.map((u) => u.lastName)).toEqual(['Wang', 'Sun', 'Kong']);
  });

  it('gets one, many, and the users of a delivery area (getManyReference on deliveryAreaIds)', async () => {
    expect((await ra.getOne('users', { id: ids[0] })).data).toMatchObject(people[0]);
    expect((await ra.getMany('users', { ids: [ids[2], ids[0]] })).data.map((u) => u.id).sort()).toEqual([ids[0], ids[2]].sort());
    const refs = await ra.getManyReference('users', { target: 'deliveryAreaIds', id: areaIds[1],
      sort: { field: 'username', order: 'ASC' }, pagination: { page: 1, perPage: 10 }, filter: {} });
    expect(refs.data.map((u) => u.id)).toEqual([ids[1]]);
  });

  it('updates with the version check; a stale version answers 409 and changes nothing', async () => {
    const { data: current } = await ra.getOne('users', { id: ids[2] });
    const { data: updated } = await ra.update('users', { id: ids[2], previousData: current,
      data: { ...current, lastName: 'Sun-Li', deliveryAreaIds: areaIds } });
    expect(updated).toMatchObject({ lastName: 'Sun-Li', deliveryAreaIds: areaIds, version: 2 });
    await expect(ra.update('users', { id: ids[2], previousData: current, data: { ...current, lastName: 'Stale' } }))
      .rejects.toMatchObject({ status: 409 });
    expect((await ra.getOne('users', { id: ids[2] })).data).toMatchObject({ lastName: 'Sun-Li', version: 2 });
  });

  it('updates many with a partial body (activating a pending user), and logs each change', async () => {
    const { data } = await ra.updateMany('users', { ids: [ids[0], ids[1]], data: { status: 'active' } });
    expect(data!.sort()).toEqual([ids[0], ids[1]].sort());
    expect((await ra.getOne('users', { id: ids[1] })).data).toMatchObject({ status: 'active', deliveryAreaIds: [areaIds[1]] });
    const [log] = await logsOf(ids[1], 'update');
    expect(log.changes).toEqual({ status: { before: 'pending', after: 'active' } });
  });

  it('deletes one and many softly, and restores a user from the trash', async () => {
    const { data: deleted } = await ra.delete('users', { id: ids[0], previousData: { id: ids[0] } });
    expect(deleted).toMatchObject({ id: ids[0], username: 'zoe.w' });
    expect(deleted).not.toHaveProperty('passwordHash');
    expect((await ra.deleteMany('users', { ids: [ids[1], ids[2]] })).data!.sort()).toEqual([ids[1], ids[2]].sort());
    expect((await list({ filter: { id: ids } })).total).toBe(0);
    await expect(ra.getOne('users', { id: ids[0] })).rejects.toMatchObject({ status: 404 });
    expect((await new HttpClient(app.url).post('/api/login', { username: 'zoe.w', password: PASSWORD })).status).toBe(401);

    const trash = await admin.get(`/api/trash?filter=${encodeURIComponent(JSON.stringify({ type: 'user' }))}`);
    expect(trash.body.map((row: { id: string }) => row.id).sort()).toEqual(ids.map((id) => `user:${id}`).sort());
    expect(trash.body.find((row: { entityId: number }) => row.entityId === ids[0])).toMatchObject({ name: 'zoe.w', type: 'user' });
    expect((await admin.post(`/api/trash/user/${ids[0]}/restore`)).status).toBe(200);
    expect((await ra.getOne('users', { id: ids[0] })).data).toMatchObject({ username: 'zoe.w', status: 'active' });
    await new HttpClient(app.url).login('zoe.w', PASSWORD);
  });

  it('refuses to restore a user whose username a live user took meanwhile', async () => {
    await create(admin, { username: 'ADAM.K' });
    const restore = await admin.post(`/api/trash/user/${ids[1]}/restore`);
    expect(restore.status).toBe(409);
  });
});

describe('the password hash', () => {
  it('never appears in any answer or in the activity log', async () => {
    const user = await create(admin, { role: 'regional_dispatcher', deliveryAreaIds: [areaIds[0]] });
    const answers = [
      await admin.get('/api/users'),
      await admin.get(`/api/users/${user.id}`),
      await admin.put(`/api/users/${user.id}`, { firstName: 'Changed' }),
      await admin.post(`/api/users/${user.id}/reset-password`, { password: 'another fine day' }),
      await admin.post(`/api/users/${user.id}/sign-out-everywhere`),
      await admin.delete(`/api/users/${user.id}`),
      await admin.get('/api/trash'),
      await admin.post(`/api/trash/user/${user.id}/restore`),
      await admin.get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify({ entityType: 'user' }))}&range=[0,499]`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(300);
      expect(JSON.stringify(answer.body)).not.toMatch(/passwordHash"\s*:\s*"|scrypt\$/);
    }
    const logs = await app.db('activityLogs').where({ entityType: 'user' }).select('changes');
    expect(JSON.stringify(logs)).not.toMatch(/scrypt\$|tall ships|another fine day/);
    const [created] = await logsOf(user.id, 'create');
    expect(created.changes.passwordHash).toEqual({ changed: true });
  });
});

describe('input rules', () => {
  it('answers 400 naming every missing required field, and writes nothing', async () => {
    const before = await userCount();
    const answer = await admin.post('/api/users', {});
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ username: 'This field is required', password: 'This field is required',
      firstName: 'This field is required', lastName: 'This field is required', role: 'This field is required' });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['a short password', { password: 'short' }, 'password', 'At least 8 characters'],
    ['a password over 128 characters', { password: 'x'.repeat(129) }, 'password', 'At most 128 characters'],
    ['a common password', { password: 'Password123' }, 'password', 'This password is too common, choose another'],
    ['a username with spaces', { username: 'two words' }, 'username', undefined],
    ['an oversized first name', { firstName: 'x'.repeat(101) }, 'firstName', 'At most 100 characters'],
    ['an unknown role', { role: 'owner' }, 'role', 'Invalid value'],
    ['an unknown status', { status: 'asleep' }, 'status', 'Invalid value'],
    ['a bad email', { email: 'not-an-email' }, 'email', 'Invalid format'],
    ['an unknown field', { colour: 'red' }, 'colour', undefined],
    ['a password hash', { passwordHash: 'scrypt$1$2$3$x$y' }, 'passwordHash', undefined],
    ['a delivery area that does not exist', { role: 'regional_dispatcher', deliveryAreaIds: [999999] }, 'deliveryAreaIds', undefined],
    ['delivery areas for a role other than regional dispatcher', { deliveryAreaIds: [1] }, 'deliveryAreaIds',
      'Only regional dispatchers have delivery areas'],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_label, change, field, reason) => {
    const before = await userCount();
    const answer = await admin.post('/api/users', newUser(change));
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
    if (reason) expect(answer.body.errors[field]).toBe(reason);
    expect(await userCount()).toBe(before);
  });

  it('answers 409 naming the username when a live user holds it, in any letter case, on create and update', async () => {
    const first = await create(admin, { username: 'Unique.One' });
    const clash = await admin.post('/api/users', newUser({ username: 'unique.ONE' }));
    expect(clash.status).toBe(409);
    expect(clash.body.errors).toEqual({ username: 'Already exists' });
    expect(clash.body.message).toContain('username');
    const other = await create(admin);
    const rename = await admin.put(`/api/users/${other.id}`, { username: 'UNIQUE.one' });
    expect(rename.status).toBe(409);
    expect(rename.body.errors).toEqual({ username: 'Already exists' });
    expect((await admin.put(`/api/users/${first.id}`, { username: 'unique.one' })).body.username).toBe('unique.one');
  });

  it.each([
    ['a password', { password: 'a brand new one' }, 'password'],
    ['a password hash', { passwordHash: 'x' }, 'passwordHash'],
    ['a changed last login', { lastLoginAt: '2020-01-01T00:00:00.000Z' }, 'lastLoginAt'],
    ['an empty first name', { firstName: '' }, 'firstName'],
    ['a bad phone', { phone: 'call me' }, 'phone'],
  ])('refuses an update with %s with 400, leaving the user as it was', async (_label, change, field) => {
    const user = await create(admin);
    const answer = await admin.put(`/api/users/${user.id}`, { ...user, ...change });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
    expect((await admin.get(`/api/users/${user.id}`)).body).toEqual(user);
  });

  it('answers 400, never 500, for unknown sorts and filters', async () => {
    for (const query of ['sort=["passwordHash","ASC"]', 'filter={"passwordHash":"x"}', 'filter={"password":"x"}']) {
      expect([query, (await admin.get(`/api/users?${encodeURI(query)}`)).status]).toEqual([query, 400]);
    }
  });
});

describe('delivery areas', () => {
  it('are kept for regional dispatchers, refused for other roles, and cleared when the role changes', async () => {
    const dispatcher = await create(admin, { role: 'regional_dispatcher', deliveryAreaIds: areaIds });
    expect(dispatcher.deliveryAreaIds).toEqual(areaIds);
    const refused = await admin.put(`/api/users/${dispatcher.id}`, { role: 'biller', deliveryAreaIds: [areaIds[0]] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveProperty('deliveryAreaIds');
    expect((await admin.get(`/api/users/${dispatcher.id}`)).body.deliveryAreaIds).toEqual(areaIds);
    const biller = await admin.put(`/api/users/${dispatcher.id}`, { role: 'biller' });
    expect(biller.body).toMatchObject({ role: 'biller', deliveryAreaIds: [] });
    expect(await app.db('userDeliveryAreas').where({ userId: dispatcher.id })).toEqual([]);
  });
});

describe('activating a self-registered user', () => {
  it('gives them their role pages from the next request on', async () => {
    const newcomer = new HttpClient(app.url);
    const registered = await newcomer.post('/api/register', { username: 'newcomer', password: PASSWORD, firstName: 'New', lastName: 'Comer' });
    expect(registered.body.status).toBe('pending');
    expect((await newcomer.get('/api/can-access-page?pageKey=reports')).body.canAccess).toBe(false);
    const activated = await manager.put(`/api/users/${registered.body.id}`, { status: 'active', role: 'biller' });
    expect(activated.body).toMatchObject({ status: 'active', role: 'biller' });
    expect((await newcomer.get('/api/can-access-page?pageKey=reports')).body.canAccess).toBe(true);
  });
});

describe('sessions', () => {
  const signedInTwice = async (username: string) => {
    const [one, two] = [new HttpClient(app.url), new HttpClient(app.url)];
    await one.login(username, PASSWORD);
    await two.login(username, PASSWORD);
    return [one, two];
  };

  it('deactivating a user ends their sessions at once; they cannot sign in again', async () => {
    const user = await create(admin);
    const [one, two] = await signedInTwice(user.username);
    expect(await sessionsOf(user.id)).toBe(2);
    expect((await admin.put(`/api/users/${user.id}`, { status: 'inactive' })).status).toBe(200);
    expect(await sessionsOf(user.id)).toBe(0);
    expect((await one.get('/api/user')).status).toBe(401);
    expect((await two.get('/api/user')).status).toBe(401);
    expect((await new HttpClient(app.url).post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(401);
  });

  it('sign out everywhere ends every session of the user, and is logged', async () => {
    const user = await create(admin);
    const [one, two] = await signedInTwice(user.username);
    const answer = await admin.post(`/api/users/${user.id}/sign-out-everywhere`);
    expect(answer.body).toEqual({ id: user.id, sessionsEnded: 2 });
    expect((await one.get('/api/user')).status).toBe(401);
    expect((await two.get('/api/user')).status).toBe(401);
    expect((await logsOf(user.id, 'sign_out_everywhere'))[0].changes).toEqual({ sessionsEnded: 2 });
    await one.login(user.username, PASSWORD);
  });

  it('signing oneself out everywhere ends the current session too', async () => {
    const user = await create(admin, { role: 'manager' });
    const [self, other] = await signedInTwice(user.username);
    expect((await self.post(`/api/users/${user.id}/sign-out-everywhere`)).status).toBe(200);
    expect((await self.get('/api/user')).status).toBe(401);
    expect((await other.get('/api/user')).status).toBe(401);
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it('reset password sets a new password (registration rules), ends the sessions, and is logged', async () => {
    const user = await create(admin);
    const [one] = await signedInTwice(user.username);
    const weak = await admin.post(`/api/users/${user.id}/reset-password`, { password: 'qwerty123' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual({ password: 'This password is too common, choose another' });
    expect((await admin.post(`/api/users/${user.id}/reset-password`, {})).body.errors).toHaveProperty('password');
    expect((await admin.post(`/api/users/${user.id}/reset-password`, { password: 'a new beginning', x: 1 })).status).toBe(400);
    expect((await one.get('/api/user')).status).toBe(200);

    const reset = await admin.post(`/api/users/${user.id}/reset-password`, { password: 'a new beginning' });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ id: user.id, version: user.version + 1 });
    expect((await one.get('/api/user')).status).toBe(401);
    expect((await new HttpClient(app.url).post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(401);
    await new HttpClient(app.url).login(user.username, 'a new beginning');
    const [log] = await logsOf(user.id, 'reset_password');
    expect(log.changes).toEqual({ passwordHash: { changed: true }, sessionsEnded: 2 });
    expect((await admin.post('/api/users/999999/reset-password', { password: 'a new beginning' })).status).toBe(404);
  });
});

describe('protecting oneself and the last administrator', () => {
  const adminId = () => idOf('admin');

  it('refuses to deactivate or delete oneself with 409, changing nothing', async () => {
    const me = (await admin.get(`/api/users/${await adminId()}`)).body;
    const deactivate = await admin.put(`/api/users/${me.id}`, { status: 'inactive' });
    expect(deactivate.status).toBe(409);
    expect(deactivate.body.message).toBe('You cannot deactivate your own account');
    const remove = await admin.delete(`/api/users/${me.id}`);
    expect(remove.status).toBe(409);
    expect(remove.body.message).toBe('You cannot delete your own account');
    const managerId = await idOf('manager');
    expect((await manager.put(`/api/users/${managerId}`, { status: 'pending' })).status).toBe(409);
    expect((await manager.delete(`/api/users/${managerId}`)).status).toBe(409);
    expect((await admin.get(`/api/users/${me.id}`)).body).toEqual(me);
  });

  it('refuses to demote the last active administrator with 409', async () => {
    const demote = await admin.put(`/api/users/${await adminId()}`, { role: 'manager' });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toContain('last active administrator');
    expect((await admin.get(`/api/users/${await adminId()}`)).body.role).toBe('admin');
  });

  it('lets an administrator demote, deactivate or delete another administrator while one remains', async () => {
    const second = await create(admin, { role: 'admin' });
    const secondClient = new HttpClient(app.url);
    await secondClient.login(second.username, PASSWORD);
    // The second admin may demote the first; then the second is the last one and cannot step down.
    expect((await secondClient.put(`/api/users/${await adminId()}`, { role: 'manager' })).status).toBe(200);
    expect((await secondClient.put(`/api/users/${second.id}`, { role: 'manager' })).status).toBe(409);
    expect((await secondClient.put(`/api/users/${await adminId()}`, { role: 'admin' })).status).toBe(200);
    expect((await admin.put(`/api/users/${second.id}`, { status: 'inactive' })).status).toBe(200);
    expect((await admin.put(`/api/users/${second.id}`, { status: 'active' })).status).toBe(200);
    expect((await admin.delete(`/api/users/${second.id}`)).status).toBe(200);
  });
});

describe('what a manager may do', () => {
  it('creates and edits team leaders, billers and regional dispatchers (the rest: userRules.test.ts)', async () => {
    const user = await create(manager, { role: 'team_leader' });
    expect((await manager.put(`/api/users/${user.id}`, { role: 'biller' })).body.role).toBe('biller');
  });

  it.each([
    ['create an administrator', async () => manager.post('/api/users', newUser({ role: 'admin' }))],
    ['make someone an administrator', async () => manager.put(`/api/users/${await idOf('biller')}`, { role: 'admin' })],
    ['edit an administrator', async () => manager.put(`/api/users/${await idOf('admin')}`, { firstName: 'Eve' })],
    ['delete an administrator', async () => manager.delete(`/api/users/${await idOf('admin')}`)],
    ['reset an administrator\'s password', async () => manager.post(`/api/users/${await idOf('admin')}/reset-password`,
      { password: 'hostile takeover' })],
    ['sign an administrator out everywhere', async () => manager.post(`/api/users/${await idOf('admin')}/sign-out-everywhere`)],
  ])('may not %s (403 "Access denied"), and nothing changes', async (_label, call) => {
    const before = await app.db('users').orderBy('id').select('id', 'role', 'firstName', 'passwordHash', 'version', 'deletedAt');
    const answer = await call();
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/^Access denied: /);
    expect(await app.db('users').orderBy('id').select('id', 'role', 'firstName', 'passwordHash', 'version', 'deletedAt'))
      .toEqual(before);
    expect((await admin.get('/api/user')).status).toBe(200);
  });
});

describe('roles without the users page', () => {
  it.each(['director', 'team_leader', 'biller', 'regional_dispatcher'] as const)('%s gets 403 on every users call', async (role) => {
    const client = await signedInAs(app.url, role);
    const target = await idOf('team_leader');
    for (const answer of [
      await client.get('/api/users'),
      await client.get(`/api/users/${target}`),
      await client.post('/api/users', newUser()),
      await client.put(`/api/users/${target}`, { firstName: 'X' }),
      await client.delete(`/api/users/${target}`),
      await client.post(`/api/users/${target}/reset-password`, { password: 'a new beginning' }),
      await client.post(`/api/users/${target}/sign-out-everywhere`),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toContain('Access denied');
    }
  });
});
