import type { PageKey } from '@kernel/permissions/pageKeys';
import { ROLES, type Role } from '@kernel/users/roles';
import { HttpClient, newToken, signedInAs, tokenClient, type Answer } from '../helpers/httpClient';
import { ROLE_PAGES } from '../helpers/rolePages';
import {
  createFixtures, demoCredentials, fixtureId, freshClient, GET_QUERIES, multipartUpload, NO_SESSION, SESSION_ROUTES, unique,
  validBodies, writeParams, type Credentials, type Fixtures, type RecordMaker,
} from '../helpers/routeFixtures';
import { fillPath, isWrite, ROUTES, type RouteEntry } from '../helpers/routeTable';
import { changedTables, tableMarks } from '../helpers/tableMarks';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { grantFieldGroups } from '../helpers/fieldGroups';

/** A role's demo user signed in, or a customer's system calling with an API token acting as that user (DESIGN §15). */
type Acting = 'anonymous' | 'pending' | Role;
type CallerName = Acting | `token:${Role}`;
/** What the caller must get: through the authorisation (any status but 401 and 403), or refused. */
type Outcome = 'allowed' | 302 | 401 | 403;

interface Caller {
  client: HttpClient;
  credentials?: Credentials;
  userId?: number;
}

// The admin goes last: whatever an allowed write changes, the callers before it saw the fixtures intact.
const CALLERS: CallerName[] = ['anonymous', 'pending', 'director', 'biller', 'regional_dispatcher', 'team_leader', 'manager',
  ...ROLES.map((role) => `token:${role}` as const), 'admin'];

/** The role a caller acts as: a token's reach is its user's. */
const roleOf = (caller: CallerName) => caller.replace(/^token:/, '') as Acting;

/**
 * docs/roles-and-permissions.md#api-routes-and-their-page-keys names the page of these order calls,
 * which is not the page of the resource they sit under (`orders` only reads): the matrix holds them
 * to the document, whatever guard says so.
 */
const DOCUMENTED_PAGES: Record<string, PageKey> = {
  'POST /api/orders': 'new_order',
  'PUT /api/orders/:id': 'new_order',
  'POST /api/orders/:id/transitions': 'new_order',
  'POST /api/orders/:id/attachments': 'new_order',
  'DELETE /api/orders/:id/attachments/:attachmentId': 'new_order',
  'POST /api/orders/batch-completion-date': 'batch_modification',
  'POST /api/orders/bulk-edit': 'new_order',
};

/** Rules enforced beyond the route's guard, each with its reason; they only ever narrow. */
const EXTRA_RULES: Array<{ route: RegExp; reason: string; refuses: (caller: Acting) => boolean }> = [
  { route: /^GET \/api\/permission-denied-demo$/, reason: 'it exists to answer 403, for the permission-denied notice',
    refuses: () => true },
  { route: /^DELETE \/api\/trash\/:type\/:id$/, reason: 'purging is for administrators only, whatever the trash page says',
    refuses: (caller) => caller !== 'admin' },
  { route: /^POST \/api\/actions\/:actionId\/undo$/, reason: 'an undo needs the page of the change it undoes (the fixture\'s: warehouses)',
    refuses: (caller) => caller === 'pending' || (caller !== 'anonymous' && !ROLE_PAGES[caller].includes('warehouses')) },
  { route: /^GET \/api\/[a-z-]+-options(\/:id)?$/, reason: 'docs/roles-and-permissions.md#pending-users: a pending registration gets no pickers, no staff lists',
    refuses: (caller) => caller === 'pending' },
];

/**
 * The outcome the route's declared rule, docs/roles-and-permissions.md and the extra rules give this caller, and
 * the extra rule's reason when one decides it.
 */
function expectation(route: RouteEntry, callerName: CallerName): { outcome: Outcome; reason?: string } {
  const caller = roleOf(callerName);
  if (route.guard === 'public') return { outcome: 'allowed' };
  // No caller here has a sign-in waiting for its second factor (secondFactor.test.ts has).
  if (route.guard === 'second-step') return { outcome: 401 };
  if (caller === 'anonymous') return route.signInPage ? { outcome: 302, reason: 'a page: to the sign-in page' } : { outcome: 401 };
  const extra = EXTRA_RULES.find((rule) => rule.route.test(route.name) && rule.refuses(caller));
  if (extra) return { outcome: 403, reason: extra.reason };
  if (route.guard === 'signed-in') return { outcome: 'allowed' };
  const page = DOCUMENTED_PAGES[route.name] ?? route.guard;
  if (caller === 'pending') return { outcome: page === 'dashboard' ? 'allowed' : 403 };
  // A role list narrows an active or a page guard alike (requireRole, requirePageAndRole).
  const roleLetsThrough = !route.roles || route.roles.includes(caller);
  if (route.guard === 'active') return { outcome: roleLetsThrough ? 'allowed' : 403 };
  return { outcome: roleLetsThrough && ROLE_PAGES[caller].includes(page) ? 'allowed' : 403 };
}

function checkOutcome(res: Answer, expected: Outcome, request: string) {
  const got = `${request} answered ${res.status} ${JSON.stringify(res.body)?.slice(0, 500)}`;
  if (expected === 'allowed') {
    if (res.status === 401 || res.status === 403) throw new Error(`expected neither 401 nor 403: ${got}`);
  } else if (res.status !== expected) {
    throw new Error(`expected ${expected}: ${got}`);
  }
}

let app: TestApp;
let f: Fixtures;
let maker: RecordMaker;
let admin: HttpClient;
const callers = {} as Record<CallerName, Caller>;

beforeAll(async () => {
  // The matrix sends a route after another through each token: past the 60 per 10 s a system gets.
  app = await startTestApp({ env: { API_TOKEN_RATE: '100000' } });
  ({ fixtures: f, maker, admin } = await createFixtures(app));
  callers.anonymous = { client: new HttpClient(app.url) };
  // The test app already has users: a registration is a pending team leader.
  const pending = { username: unique('pending'), password: 'Pending-passphrase-1' };
  const client = new HttpClient(app.url);
  const registered = await client.post('/api/register', { ...pending, firstName: '待', lastName: '审核' });
  if (registered.status !== 201 || registered.body.status !== 'pending') {
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  }
  callers.pending = { client, credentials: pending, userId: registered.body.id };
  for (const role of ROLES) {
    callers[role] = { client: await signedInAs(app.url, role), credentials: demoCredentials(role), userId: f.userIds[role] };
    callers[`token:${role}`] = { client: tokenClient(app.url, await newToken(admin, f.userIds[role])), userId: f.userIds[role] };
  }
}, 120_000);
afterAll(() => app?.close());

/** Sends one request of a route as it would come from the admin's screens. */
async function send(client: HttpClient, route: RouteEntry, path: string, body?: unknown): Promise<Answer> {
  if (route.name === 'POST /api/orders/:id/attachments') {
    const upload = multipartUpload();
    return client.request('POST', path, upload.body, { 'content-type': upload.contentType });
  }
  return client.request(route.method, path, body);
}

describe('role × route matrix (every route of the router, every kind of caller)', () => {
  describe.each(CALLERS)('%s', (callerName) => {
    const cases = ROUTES.map((route) => {
      const { outcome, reason } = expectation(route, callerName);
      return { route, name: route.name, expected: outcome, why: reason ? ` (${reason})` : '' };
    });

    it.each(cases)('$name → $expected$why', async ({ route, expected }) => {
      const caller = callers[callerName];
      const values = isWrite(route) ? await writeParams(route, f, maker, caller.userId ?? f.userIds.admin) : fixtureId(route, f);
      const path = fillPath(route, values) + (GET_QUERIES[route.name] ?? '');
      const body = validBodies(f, maker, caller.credentials)[route.name]?.();
      // Signing in, registering or out would change the caller's own session: a client of its own sends them.
      const client = SESSION_ROUTES.includes(route.name) ? await freshClient(app.url, caller.credentials) : caller.client;
      const res = await send(client, route, path, body);
      checkOutcome(res, expected, `${callerName}: ${route.method} ${path}`);
    });
  });
});

describe('managers manage team leaders, billers and regional dispatchers only (docs/roles-and-permissions.md#who-manages-which-accounts)', () => {
  let manager: HttpClient;
  beforeAll(async () => { manager = await signedInAs(app.url, 'manager'); });

  const targets = ROLES.map((role) => ({ role,
    expected: (['team_leader', 'biller', 'regional_dispatcher'].includes(role) ? 'allowed' : 403) as Outcome }));
  // Every write that touches one user; reading a user is the users page's plain rule.
  const userRoutes = ROUTES.filter((route) => route.path.startsWith('/api/users/:id') && isWrite(route));

  describe.each(userRoutes.map((route) => route.name))('%s', (name) => {
    const route = ROUTES.find((r) => r.name === name)!;
    it.each(targets)('on a $role → $expected', async ({ role, expected }) => {
      const id = await maker.user(role);
      const body = validBodies(f, maker)[route.name]?.();
      // A session of nobody: the account rule answers first (403), else 404.
      const path = fillPath(route, { id, sessionId: NO_SESSION });
      const res = await send(manager, route, path, body);
      checkOutcome(res, expected, `manager: ${route.method} ${path}`);
    });
  });

  it.each(targets)('creates a $role → $expected', async ({ role, expected }) => {
    const res = await manager.post('/api/users', maker.userBody(role));
    checkOutcome(res, expected, `manager: POST /api/users role ${role}`);
  });

  it.each(targets)('gives a team leader the role $role → $expected', async ({ role, expected }) => {
    const id = await maker.user('team_leader');
    // Only dispatchers keep delivery areas; none are sent, so the role change is the only question.
    const res = await manager.put(`/api/users/${id}`, { role });
    checkOutcome(res, expected, `manager: PUT /api/users/${id} { role: ${role} }`);
  });

  it.each(targets)('restores a deleted $role from the trash → $expected', async ({ role, expected }) => {
    const { type, id } = await maker.trashed('users', () => maker.user(role));
    const res = await manager.post(`/api/trash/${type}/${id}/restore`);
    checkOutcome(res, expected, `manager: POST /api/trash/${type}/${id}/restore`);
  });
});

describe('a past report snapshot (runId) needs old_reports, the latest one reports (docs/reports.md#old-reports)', () => {
  const reportRoutes = ROUTES.filter((route) => route.path.startsWith('/api/reports/')).map((route) => route.name);
  const cases = reportRoutes.flatMap((name) => ROLES.map((role) => ({ name, role,
    expected: (ROLE_PAGES[role].includes('old_reports') ? 'allowed' : 403) as Outcome })));

  it.each(cases)('$name?runId=… as $role → $expected', async ({ name, role, expected }) => {
    const path = `${name.split(' ')[1]}?runId=${f.reportRun}`;
    const res = await callers[role].client.get(path);
    checkOutcome(res, expected, `${role}: GET ${path}`);
  });
});

describe('a regional dispatcher reaches only the orders of their own delivery areas', () => {
  let dispatcher: HttpClient;
  let runId: number;
  beforeAll(async () => {
    // Reports and pricing are not dispatcher pages by default: granted here to check their rows.
    await app.db('pagePermissions').insert(['reports', 'old_reports', 'pricing_management']
      .map((pageKey) => ({ userId: f.userIds.regional_dispatcher, pageKey, allowed: true })));
    // And the prices, which a dispatcher does not see by default (field groups: fieldGroups.test.ts).
    await grantFieldGroups(app, 'regional_dispatcher');
    dispatcher = await signedInAs(app.url, 'regional_dispatcher');
    // A fresh snapshot holds the orders of both areas.
    const run = await admin.post('/api/report-runs', {});
    if (run.status !== 201) throw new Error(`report run: ${run.status} ${JSON.stringify(run.body)}`);
    runId = run.body.id;
  });

  const ownAreas = async () => (await app.db('userDeliveryAreas').where({ userId: f.userIds.regional_dispatcher })
    .select('deliveryAreaId')).map((row: { deliveryAreaId: number }) => Number(row.deliveryAreaId));

  /** The foreign order (completed for pricing: its list shows completed orders only) and its attachment. */
  const foreignValues = (route: RouteEntry) => ({
    id: route.path.startsWith('/api/pricing/') ? f.otherCompleted.id : f.otherOrder.id,
    attachmentId: f.otherAttachment,
  });
  const recordRoutes = ROUTES.filter((route) => /^\/api\/(orders|pricing)\/:id(\/|$)/.test(route.path));

  it('has record routes to check', () => {
    expect(recordRoutes.map((route) => route.name)).toEqual(expect.arrayContaining(['GET /api/orders/:id',
      'GET /api/pricing/:id', 'POST /api/orders/:id/transitions']));
  });

  it.each(recordRoutes)('$name answers 404 for an order outside their areas, and changes nothing', async (route) => {
    const path = fillPath(route, foreignValues(route));
    if (route.method === 'GET') expect((await admin.get(path)).status).toBe(200); // it exists
    const before = await tableMarks(app.db);
    const res = await send(dispatcher, route, path, validBodies(f, maker)[route.name]?.());
    expect({ request: `${route.method} ${path}`, status: res.status, body: res.body })
      .toEqual({ request: `${route.method} ${path}`, status: 404, body: expect.anything() });
    expect(changedTables(before, await tableMarks(app.db))).toEqual([]);
  });

  it('cannot batch-date an order outside their areas', async () => {
    const before = await tableMarks(app.db);
    await app.db('pagePermissions').insert({ userId: f.userIds.regional_dispatcher, pageKey: 'batch_modification', allowed: true });
    await app.heard();
    try {
      const res = await dispatcher.post('/api/orders/batch-completion-date',
        { ids: [f.otherCompleted.id], completionDate: new Date().toISOString() });
      expect(res.status).toBe(404);
    } finally {
      await app.db('pagePermissions').where({ userId: f.userIds.regional_dispatcher, pageKey: 'batch_modification' }).delete();
    }
    expect(changedTables(before, await tableMarks(app.db))).toEqual([]);
  });

  it('lists only orders of their areas, even when asked for others by id or area', async () => {
    const areas = await ownAreas();
    const all = await dispatcher.get('/api/orders?range=[0,499]');
    expect(all.status).toBe(200);
    expect(all.body.map((o: { id: number }) => o.id)).toContain(f.ownOrder.id);
    expect(all.body.filter((o: { deliveryAreaId: number }) => !areas.includes(o.deliveryAreaId))).toEqual([]);
    const byId = await dispatcher.get(`/api/orders?filter=${encodeURIComponent(JSON.stringify({ id: [f.otherOrder.id, f.ownOrder.id] }))}`);
    expect(byId.body.map((o: { id: number }) => o.id)).toEqual([f.ownOrder.id]);
    const byArea = await dispatcher.get(`/api/orders?filter=${encodeURIComponent(JSON.stringify({ deliveryAreaId: f.otherArea }))}`);
    expect(byArea.body).toEqual([]);
    expect(byArea.headers.get('content-range')).toMatch(/\/0$/);
  });

  it('exports only orders of their areas', async () => {
    const csv = await dispatcher.get('/api/orders/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(f.ownOrder.mtmNumber);
    expect(csv.body).not.toContain(f.otherOrder.mtmNumber);
    expect(csv.body).not.toContain(f.otherCompleted.mtmNumber);
  });

  it('prices only orders of their areas, and counts only those in the statistics', async () => {
    const areas = await ownAreas();
    const list = await dispatcher.get('/api/pricing?range=[0,499]');
    expect(list.status).toBe(200);
    expect(list.body.map((o: { id: number }) => o.id)).toContain(f.ownCompleted.id);
    expect(list.body.filter((o: { deliveryAreaId: number }) => !areas.includes(o.deliveryAreaId))).toEqual([]);
    const stats = await dispatcher.get('/api/pricing/stats');
    const ownStats = await admin.get(`/api/pricing/stats?filter=${encodeURIComponent(JSON.stringify({ deliveryAreaId: areas }))}`);
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual(ownStats.body);
  });

  it('monitors only their areas', async () => {
    const areas = await ownAreas();
    const counts = await dispatcher.get('/api/process-monitoring');
    expect(counts.status).toBe(200);
    expect(counts.body.areas.map((a: { deliveryAreaId: number }) => a.deliveryAreaId).sort()).toEqual([...areas].sort());
    const adminCounts = (await admin.get('/api/process-monitoring')).body.areas
      .filter((a: { deliveryAreaId: number }) => areas.includes(a.deliveryAreaId));
    expect(counts.body.areas).toEqual(expect.arrayContaining(adminCounts));
    const late = await dispatcher.get('/api/process-monitoring/orders?kind=delayed&limit=100');
    expect(late.status).toBe(200);
    expect(late.body.rows.map((o: { id: number }) => o.id)).toContain(f.ownOrder.id);
    expect(late.body.rows.filter((o: { deliveryAreaId: number }) => !areas.includes(o.deliveryAreaId))).toEqual([]);
  });

  it('reports only on their areas', async () => {
    const areas = await ownAreas();
    const byArea = await dispatcher.get('/api/reports/statistics?dimension=delivery_area&granularity=total');
    expect(byArea.status).toBe(200);
    expect(byArea.body.rows.length).toBeGreaterThan(0);
    expect(byArea.body.rows.filter((r: { key: number }) => !areas.includes(Number(r.key)))).toEqual([]);
    const overall = await dispatcher.get('/api/reports/statistics?dimension=overall&granularity=total');
    const adminByArea = await admin.get('/api/reports/statistics?dimension=delivery_area&granularity=total');
    const ownOrders = adminByArea.body.rows.filter((r: { key: number }) => areas.includes(Number(r.key)))
      .reduce((sum: number, r: { orders: number }) => sum + r.orders, 0);
    expect(overall.body.totals.orders).toBe(ownOrders);
    const revenue = await dispatcher.get('/api/reports/area-revenue');
    expect(revenue.status).toBe(200);
    expect(revenue.body.rows.filter((r: { key: number }) => !areas.includes(Number(r.key)))).toEqual([]);
  });

  it('counts only the orders of their areas in a report snapshot', async () => {
    const run = (await admin.get(`/api/report-runs/${runId}`)).body;
    // The snapshot counts the live orders picked up in its period; nothing changed them since.
    const ownOrders = Number((await app.db('orders').whereNull('deletedAt').whereIn('deliveryAreaId', await ownAreas())
      .whereBetween('pickupDate', [run.periodFrom, run.periodTo]).count({ n: '*' }).first())!.n);
    expect(run.orderCount).toBeGreaterThan(ownOrders);
    const mine = await dispatcher.get(`/api/report-runs/${runId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.orderCount).toBe(ownOrders);
    const list = await dispatcher.get('/api/report-runs');
    expect(list.body.find((r: { id: number }) => r.id === runId).orderCount).toBe(ownOrders);
  });
});
