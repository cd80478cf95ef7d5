import { PAGE_KEYS } from '@kernel/permissions/pageKeys';
import { ROLES, type Role } from '@kernel/users/roles';
import { HttpClient, signedInAs } from '../helpers/httpClient';
import { ROLE_FIELD_GROUPS, ROLE_PAGES } from '../helpers/rolePages';
import { useSignedInApp } from '../helpers/testApp';

const { app, admin } = useSignedInApp({ admin: 'admin' });
let original: Matrix;

interface Matrix {
  pages: string[];
  roles: Record<string, string[]>;
  users: Array<{ userId: number; username: string; grants: string[]; denials: string[] }>;
  fieldGroups: Record<string, string[]>;
  version: string;
}

beforeAll(async () => {
  original = (await admin.get<Matrix>('/api/permissions')).body;
});

// Each test starts from the seeded matrix.
afterEach(async () => {
  const answer = await admin.put('/api/permissions', { roles: original.roles, users: [], fieldGroups: original.fieldGroups });
  expect(answer.status).toBe(200);
});

const userId = async (username: string) => (await app.db('users').where({ username }).first('id')).id as number;
const pagesOf = async (client: HttpClient) =>
  (await client.get('/api/user-accessible-pages')).body.map((p: { pageKey: string }) => p.pageKey);
const permissionLogs = () => app.db('activityLogs').where({ entityType: 'permission' }).orderBy('id');

describe('GET and PUT /api/permissions', () => {
  it('answers every page, the non-admin roles with their defaults and no user overrides', async () => {
    expect(original.pages).toEqual([...PAGE_KEYS]);
    const nonAdmin = ROLES.filter((role) => role !== 'admin');
    expect(Object.keys(original.roles).sort()).toEqual([...nonAdmin].sort());
    for (const role of nonAdmin) expect([...original.roles[role]].sort()).toEqual([...ROLE_PAGES[role]].sort());
    expect(original.users).toEqual([]);
    expect(original.fieldGroups).toEqual(ROLE_FIELD_GROUPS);
    expect(original.version).toMatch(/^[0-9a-f]{16}$/);
  });

  it('takes its own answer back unchanged and logs nothing', async () => {
    const logsBefore = (await permissionLogs()).length;
    const answer = await admin.put('/api/permissions', original);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(original);
    expect(await permissionLogs()).toHaveLength(logsBefore);
  });

  it('round-trips a changed matrix and logs it once with before and after', async () => {
    const billerId = await userId('biller');
    const roles = { ...original.roles, team_leader: [...original.roles.team_leader, 'suppliers'] };
    const answer = await admin.put<Matrix>('/api/permissions', { ...original, roles,
      users: [{ userId: billerId, grants: ['trash'], denials: ['orders'] }] });
    expect(answer.status).toBe(200);
    const read = (await admin.get<Matrix>('/api/permissions')).body;
    expect(read).toEqual(answer.body);
    expect(read.roles.team_leader).toContain('suppliers');
    expect(read.roles.biller).toEqual(original.roles.biller);
    expect(read.users).toEqual([expect.objectContaining({ userId: billerId, username: 'biller', role: 'biller',
      grants: ['trash'], denials: ['orders'] })]);
    expect(read.version).not.toBe(original.version);

    const [log] = (await permissionLogs()).slice(-1);
    expect(log).toMatchObject({ action: 'update', username: 'admin' });
    expect(log.changes).toEqual({
      'roles.team_leader': { before: original.roles.team_leader, after: read.roles.team_leader },
      'users.biller': { before: { grants: [], denials: [] }, after: { grants: ['trash'], denials: ['orders'] } },
    });
  });

  it('gives a role a field group, logged with before and after, and leaves the others\' alone', async () => {
    const answer = await admin.put<Matrix>('/api/permissions', { fieldGroups: { regional_dispatcher: ['order.sale_prices'],
      team_leader: ['order.sale_prices', 'order.purchase_prices'] }, version: original.version });
    expect(answer.status).toBe(200);
    expect(answer.body.fieldGroups).toEqual({ ...original.fieldGroups, regional_dispatcher: ['order.sale_prices'],
      team_leader: ['order.purchase_prices', 'order.sale_prices'] });
    expect(answer.body.version).not.toBe(original.version);
    expect((await admin.get<Matrix>('/api/permissions')).body).toEqual(answer.body);
    expect((await permissionLogs()).at(-1).changes).toEqual({
      'fieldGroups.team_leader': { before: ['order.sale_prices'], after: ['order.purchase_prices', 'order.sale_prices'] },
      'fieldGroups.regional_dispatcher': { before: [], after: ['order.sale_prices'] },
    });
  });

  it('leaves roles it is not sent alone, and drops the overrides of users left out of a sent list', async () => {
    const billerId = await userId('biller');
    await admin.put('/api/permissions', { users: [{ userId: billerId, grants: ['trash'], denials: [] }] });
    const answer = await admin.put<Matrix>('/api/permissions', { roles: { director: ['dashboard'] } });
    expect(answer.body.users).toHaveLength(1);
    expect(answer.body.roles.manager).toEqual(original.roles.manager);
    expect(answer.body.roles.director).toEqual(['dashboard']);
    expect((await admin.put<Matrix>('/api/permissions', { users: [] })).body.users).toEqual([]);
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    await admin.put('/api/permissions', { roles: { biller: [...original.roles.biller, 'suppliers'] } });
    const stale = await admin.put('/api/permissions', { ...original, roles: { ...original.roles, biller: ['dashboard'] } });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual({ version: 'Stale version' });
    expect((await admin.get<Matrix>('/api/permissions')).body.roles.biller).toContain('suppliers');
  });
});

describe('a change applies at once', () => {
  it('grants trash to the biller: accessible pages, can-access-page and GET /api/trash follow', async () => {
    const biller = await signedInAs(app.url, 'biller');
    expect((await biller.get('/api/trash')).status).toBe(403);
    await admin.put('/api/permissions', { users: [{ userId: await userId('biller'), grants: ['trash'], denials: [] }] });
    expect(await pagesOf(biller)).toContain('trash');
    expect((await biller.get('/api/can-access-page?pageKey=trash')).body.canAccess).toBe(true);
    expect((await biller.get('/api/trash')).status).toBe(200);
  });

  it('denies orders to the biller: 403 on the orders API at once, the page leaves their list', async () => {
    const biller = await signedInAs(app.url, 'biller');
    expect((await biller.get('/api/orders')).status).toBe(200);
    await admin.put('/api/permissions', { users: [{ userId: await userId('biller'), grants: [], denials: ['orders'] }] });
    const refused = await biller.get('/api/orders');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Access denied/);
    expect(await pagesOf(biller)).not.toContain('orders');
    expect((await biller.get('/api/can-access-page?pageKey=orders')).body.canAccess).toBe(false);
  });

  it('takes a page from a role: every user of the role loses it on the next request', async () => {
    const director = await signedInAs(app.url, 'director');
    expect((await director.get('/api/suppliers')).status).toBe(200);
    const roles = { director: original.roles.director.filter((page) => page !== 'suppliers') };
    await admin.put('/api/permissions', { roles });
    expect((await director.get('/api/suppliers')).status).toBe(403);
    expect(await pagesOf(director)).not.toContain('suppliers');
  });

  it('leaves administrators with every page whatever the matrix says', async () => {
    await admin.put('/api/permissions', { roles: Object.fromEntries(Object.keys(original.roles).map((r) => [r, []])) });
    expect(await pagesOf(admin)).toEqual([...PAGE_KEYS]);
  });
});

describe('bad input', () => {
  const refusals: Array<[string, unknown, string]> = [
    ['an unknown page key', { roles: { biller: ['dashboard', 'nope'] } }, 'roles.biller.1'],
    ['an unknown role', { roles: { pilot: ['dashboard'] } }, 'roles.pilot'],
    ['the admin role', { roles: { admin: ['dashboard'] } }, 'roles.admin'],
    ['the permissions page for a role', { roles: { manager: ['dashboard', 'permissions'] } }, 'roles.manager'],
    ['a page listed twice', { roles: { biller: ['orders', 'orders'] } }, 'roles.biller.1'],
    ['a list that is not a list', { roles: { biller: 'orders' } }, 'roles.biller'],
    ['an unknown user', { users: [{ userId: 999999, grants: ['trash'], denials: [] }] }, 'users.0.userId'],
    ['a user without id', { users: [{ grants: ['trash'] }] }, 'users.0.userId'],
    ['an unknown page key for a user', { users: [{ userId: 1, grants: ['nope'], denials: [] }] }, 'users.0.grants.0'],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['an unknown field group', { fieldGroups: { biller: ['order.notes'] } }, 'fieldGroups.biller.0'],
    ['a field group listed twice', { fieldGroups: { biller: ['order.sale_prices', 'order.sale_prices'] } }, 'fieldGroups.biller.1'],
    ['the admin role\'s field groups', { fieldGroups: { admin: [] } }, 'fieldGroups.admin'],
  ];

  it.each(refusals)('refuses %s with 400 naming the field, and changes nothing', async (_what, body, field) => {
    const answer = await admin.put('/api/permissions', body);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toHaveProperty([field]);
    expect((await admin.get<Matrix>('/api/permissions')).body).toEqual(original);
  });

  it('refuses a page both granted and denied to a user, and the permissions page as a grant', async () => {
    const billerId = await userId('biller');
    const both = await admin.put('/api/permissions', { users: [{ userId: billerId, grants: ['trash'], denials: ['trash'] }] });
    expect(both.status).toBe(400);
    expect(both.body.errors).toHaveProperty(['users.0.denials']);
    const adminPage = await admin.put('/api/permissions', { users: [{ userId: billerId, grants: ['permissions'], denials: [] }] });
    expect(adminPage.status).toBe(400);
    expect(adminPage.body.errors).toHaveProperty(['users.0.grants']);
    expect((await admin.get<Matrix>('/api/permissions')).body).toEqual(original);
  });
});

describe('who may manage permissions', () => {
  it.each(ROLES.filter((role) => role !== 'admin'))('refuses %s with 403', async (role: Role) => {
    const client = await signedInAs(app.url, role);
    expect((await client.get('/api/permissions')).status).toBe(403);
    const put = await client.put('/api/permissions', { roles: { [role]: [...PAGE_KEYS.filter((p) => p !== 'permissions')] } });
    expect(put.status).toBe(403);
    expect(put.body.message).toMatch(/^Access denied/);
    expect((await admin.get<Matrix>('/api/permissions')).body).toEqual(original);
  });

  it('answers 401 to a visitor', async () => {
    expect((await new HttpClient(app.url).get('/api/permissions')).status).toBe(401);
  });
});
