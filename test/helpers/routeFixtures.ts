import type { Role } from '@kernel/users/roles';
import { DEMO_PASSWORD } from '../../seeds/demo';
import { HttpClient, signedInAs, type Answer } from './httpClient';
import { orderBody } from './orders';
import type { RouteEntry } from './routeTable';
import { SUPPLIER_CONTACT } from './supplierContact';
import { dayFrom } from './testClock';
import type { TestApp } from './testApp';

/**
 * Real records for every path parameter of the API, made by the admin: a delivery area of the
 * regional dispatcher and one outside it, an order in each (open, and completed with prices), an
 * attachment on each, a staff account, a translation, a report snapshot. Both the role matrix
 * and the fuzzer fill paths with them.
 */
export interface Fixtures {
  userIds: Record<Role, number>;
  ownArea: number;
  otherArea: number;
  warehouse: number;
  supplier: number;
  vehicleType: number;
  /** Open orders (booking received, pickup date past: a pulling-out delay). */
  ownOrder: Row;
  otherOrder: Row;
  /** Completed orders with prices, for pricing. */
  ownCompleted: Row;
  otherCompleted: Row;
  ownAttachment: number;
  otherAttachment: number;
  /** A team leader nobody signs in as: the target of the user routes. */
  staffUser: number;
  translation: number;
  reportRun: number;
  activityLog: number;
  rateCard: number;
  apiToken: number;
  webhook: number;
  /** A delivery of the webhook, delivered (an admin may redeliver it, again and again). */
  webhookDelivery: number;
  /** The own order's tracking link (anyone may look it up). */
  trackingToken: string;
  /** A mail of the outbox that failed (an admin may retry it). */
  mail: number;
  /** The admin's sign-in: an action GET /api/actions/:actionId reads, which no undo can change. */
  action: string;
  /** The admin's notification: marking it read again changes nothing. */
  notification: number;
}

type Row = Record<string, any>;

const PDF = '%PDF-1.4\n% route fixture\n%%EOF\n';
let serial = 0;
/**
 * A value no other record of this test file has; fixed width, so that no value is the beginning
 * of another (a search of a CSV export for one finds only it).
 */
export const unique = (prefix: string) => `${prefix}${process.pid}x${String(++serial).padStart(6, '0')}`;

/** The server's calendar day `days` before its today. */
const daysAgo = (days: number) => dayFrom(new Date(), -days);

async function ok<T = Row>(answer: Promise<Answer<T>>, what: string): Promise<T> {
  const res = await answer;
  if (res.status >= 300) throw new Error(`fixture ${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Builds records through the API as the admin (and a few rows straight into the database). */
export class RecordMaker {
  constructor(readonly app: TestApp, readonly admin: HttpClient, private fixtures?: Fixtures) {}

  use(fixtures: Fixtures) {
    this.fixtures = fixtures;
  }

  private get f(): Fixtures {
    if (!this.fixtures) throw new Error('RecordMaker: fixtures not made yet');
    return this.fixtures;
  }

  orderBody(deliveryAreaId: number, overrides: Row = {}): Row {
    return orderBody({ mtmNumber: unique('MTM-'), dnNumber: unique('DN-'), supplierId: this.f.supplier,
      pickupWarehouseId: this.f.warehouse, vehicleTypeId: this.f.vehicleType, assignedUserId: this.f.userIds.team_leader,
      deliveryAreaId, pickupDate: daysAgo(20), mosDate: daysAgo(10), ...overrides });
  }

  order(deliveryAreaId = this.f.ownArea): Promise<Row> {
    return ok(this.admin.post('/api/orders', this.orderBody(deliveryAreaId)), 'order');
  }

  /** A completed order with its prices set (status and date set directly: the flow is tested elsewhere). */
  async completedOrder(deliveryAreaId = this.f.ownArea): Promise<Row> {
    const order = await this.order(deliveryAreaId);
    await this.app.db('orders').where({ id: order.id }).update({ status: 'completed', completionDate: new Date() });
    await ok(this.admin.put(`/api/pricing/${order.id}`, { basePurchasePrice: '100.00', baseSalePrice: '150.00' }), 'prices');
    return ok(this.admin.get(`/api/orders/${order.id}`), 'completed order');
  }

  async attachment(orderId: number): Promise<number> {
    const [row] = await this.app.db('orderAttachments').insert({ orderId, kind: 'receipt', fileName: 'fixture.pdf',
      contentType: 'application/pdf', size: PDF.length, content: Buffer.from(PDF), uploadedBy: this.f.userIds.admin })
      .returning('id');
    return row.id;
  }

  supplierBody = (): Row => ({ name: unique('Carrier '), ...SUPPLIER_CONTACT });
  codeBody = (): Row => ({ code: unique('C'), name: unique('Name ') });
  userBody = (role: Role = 'team_leader'): Row => ({ username: unique('user'), password: 'Route-matrix-passphrase-1',
    firstName: '测试', lastName: '员工', role, status: 'active' });
  translationBody = (): Row => ({ namespace: 'route_fixture', key: unique('k'), zh: '测试', en: 'Test' });
  private cardDays = 0;
  /** A card of the fixtures' supplier valid on one day of its own: cards of one kind may not overlap. */
  rateCardBody = (): Row => {
    const day = new Date(Date.UTC(2040, 0, 1) + (this.cardDays += 1) * 86_400_000).toISOString().slice(0, 10);
    return { name: unique('Card '), supplierId: this.f.supplier, validFrom: day, validTo: day, basePurchasePrice: '1.00', baseSalePrice: '2.00' };
  };

  apiTokenBody = (): Row => ({ name: unique('Token '), userId: this.f.userIds.team_leader });
  /** A webhook to a public name, never sent to: the tests run no worker. */
  webhookBody = (): Row => ({ url: `https://hooks.example.com/${unique('h')}`, events: ['order.created'] });

  /** A new live record of a resource, by the URL segment under /api. */
  async record(resource: string): Promise<number> {
    const body: Record<string, () => Row> = {
      suppliers: this.supplierBody, warehouses: this.codeBody, 'vehicle-types': this.codeBody,
      'delivery-areas': this.codeBody, users: () => this.userBody(), translations: this.translationBody,
      'rate-cards': this.rateCardBody, 'api-tokens': this.apiTokenBody, webhooks: this.webhookBody,
    };
    if (resource === 'orders') return (await this.order()).id;
    if (!body[resource]) throw new Error(`RecordMaker: cannot make a ${resource}`);
    return (await ok(this.admin.post(`/api/${resource}`, body[resource]()), resource)).id;
  }

  /** A user of any role (managers may manage only some of them). */
  async user(role: Role): Promise<number> {
    return (await ok(this.admin.post('/api/users', this.userBody(role)), `user ${role}`)).id;
  }

  /** A soft-deleted record in the trash: `{ type, id }` for /api/trash/:type/:id. */
  async trashed(resource = 'suppliers', make: () => Promise<number> = () => this.record(resource)): Promise<{ type: string; id: number }> {
    const id = await make();
    await ok(this.admin.delete(`/api/${resource}/${id}`), `delete ${resource}`);
    const type = { suppliers: 'supplier', users: 'user', warehouses: 'warehouse' }[resource] ?? resource;
    return { type, id };
  }

  /** A new action to undo: the creation of a warehouse of its own (an undo trashes it). */
  async action(): Promise<string> {
    const id = await this.record('warehouses');
    const row = await this.app.db('activityLogs').where({ action: 'create', entityType: 'warehouse', entityId: String(id) }).first('actionId');
    return row.actionId;
  }

  /** A mail of the outbox that failed, written straight into the table (the fixtures' app sends no mail). */
  async failedMail(): Promise<number> {
    const [row] = await this.app.db('mailOutbox').insert({ userId: this.f.userIds.admin, template: 'late_mos',
      data: { orderId: this.f.ownOrder.id }, status: 'failed', attempts: 1, lastError: 'no_address' }).returning('id');
    return row.id;
  }

  /** A notification of `userId`'s, to mark read. */
  async notification(userId: number): Promise<number> {
    const [row] = await this.app.db('notifications').insert({ userId, kind: 'order_moved' }).returning('id');
    return row.id;
  }

  async savedFilter(userId: number): Promise<number> {
    const [row] = await this.app.db('savedFilters').insert({ userId, resource: 'orders', name: unique('preset '), filter: '{}' })
      .returning('id');
    return row.id;
  }
}

/** Makes the shared fixtures; the dispatcher works in `ownArea` only. */
export async function createFixtures(app: TestApp): Promise<{ fixtures: Fixtures; maker: RecordMaker; admin: HttpClient }> {
  const admin = await signedInAs(app.url, 'admin');
  const maker = new RecordMaker(app, admin);
  const users: Array<{ id: number; role: Role }> = await app.db('users').whereIn('username',
    ['admin', 'director', 'manager', 'team_leader', 'biller', 'regional_dispatcher']).select('id', 'role');
  const userIds = Object.fromEntries(users.map((u) => [u.role, u.id])) as Record<Role, number>;
  const post = (path: string, body: Row) => ok(admin.post(path, body), path);
  const partial: Partial<Fixtures> = {
    userIds,
    ownArea: (await post('/api/delivery-areas', { code: unique('OWN'), name: 'Dispatcher area' })).id,
    otherArea: (await post('/api/delivery-areas', { code: unique('OTHER'), name: 'Another area' })).id,
    warehouse: (await post('/api/warehouses', { code: unique('W'), name: 'Main DC' })).id,
    supplier: (await post('/api/suppliers', { name: unique('Carrier '), ...SUPPLIER_CONTACT })).id,
    vehicleType: (await post('/api/vehicle-types', { code: unique('T'), name: '5 t truck' })).id,
  };
  await app.db('userDeliveryAreas').insert({ userId: userIds.regional_dispatcher, deliveryAreaId: partial.ownArea });
  maker.use(partial as Fixtures);
  const f = partial as Fixtures;
  f.ownOrder = await maker.order(f.ownArea);
  f.otherOrder = await maker.order(f.otherArea);
  f.ownCompleted = await maker.completedOrder(f.ownArea);
  f.otherCompleted = await maker.completedOrder(f.otherArea);
  f.ownAttachment = await maker.attachment(f.ownOrder.id);
  f.otherAttachment = await maker.attachment(f.otherOrder.id);
  f.staffUser = await maker.user('team_leader');
  f.translation = await maker.record('translations');
  f.reportRun = (await ok(admin.post('/api/report-runs', {}), 'report run')).id;
  f.rateCard = await maker.record('rate-cards');
  f.apiToken = await maker.record('api-tokens');
  f.webhook = await maker.record('webhooks');
  f.webhookDelivery = (await app.db('webhookDeliveries').insert({ webhookId: f.webhook, eventType: 'order.created', orderId: f.ownOrder.id,
    status: 'delivered' }).returning('id'))[0].id;
  f.trackingToken = (await ok(admin.post(`/api/orders/${f.ownOrder.id}/tracking-link`, {}), 'tracking link')).token;
  f.mail = await maker.failedMail();
  f.activityLog = Number((await app.db('activityLogs').max({ id: 'id' }).first())!.id);
  f.action = (await app.db('activityLogs').where({ action: 'login', userId: userIds.admin }).orderBy('id', 'desc')
    .first('actionId')).actionId;
  f.notification = await maker.notification(userIds.admin);
  return { fixtures: f, maker, admin };
}

/** The credentials of a signed-in caller, to sign in again from a client of its own. */
export interface Credentials {
  username: string;
  password: string;
}

/** A new client signed in with these credentials (or an anonymous one). */
export async function freshClient(url: string, who?: Credentials): Promise<HttpClient> {
  const client = new HttpClient(url);
  if (who) await client.login(who.username, who.password);
  return client;
}

export const demoCredentials = (role: Role): Credentials => ({ username: role, password: DEMO_PASSWORD });

/** A multipart upload body as the browser sends it: the `kind` field and one PDF file. */
export function multipartUpload(kind = 'receipt', content = PDF): { body: string; contentType: string } {
  const boundary = `----routefixture${serial}`;
  const body = [`--${boundary}`, 'Content-Disposition: form-data; name="kind"', '', kind,
    `--${boundary}`, 'Content-Disposition: form-data; name="file"; filename="fixture.pdf"', 'Content-Type: application/pdf', '',
    content, `--${boundary}--`, ''].join('\r\n');
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The body of each write route that passes validation, given the fixtures: the role matrix sends it
 * so an allowed caller gets past every check to the handler's own rules, the fuzzer mangles it.
 * Routes missing here take no body.
 */
export function validBodies(f: Fixtures, maker: RecordMaker, caller?: Credentials): Record<string, () => Row> {
  return {
    'POST /api/login': () => ({ username: caller?.username ?? 'admin', password: caller?.password ?? DEMO_PASSWORD }),
    'POST /api/register': () => ({ username: unique('newcomer'), password: 'Route-matrix-passphrase-2',
      firstName: '新', lastName: '同事', email: 'new@example.com', phone: '+86 21 1234 5678' }),
    'PUT /api/permissions': () => ({ users: [] }),
    'POST /api/translations/import': () => ({ rows: [{ namespace: 'route_fixture', key: unique('import'), zh: '导入',
      en: 'Imported' }], dryRun: true }),
    'POST /api/orders/batch-completion-date': () => ({ ids: [f.ownCompleted.id], completionDate: new Date().toISOString() }),
    'POST /api/orders/bulk-edit': () => ({ ids: [f.ownOrder.id], changes: { notes: unique('bulk ') } }),
    'POST /api/orders/print': () => ({ ids: [f.ownOrder.id], layout: 'labels' }),
    'POST /api/orders/:id/transitions': () => ({ to: 'awaiting_supplier_confirmation', note: 'matrix' }),
    'POST /api/users/:id/reset-password': () => ({ password: 'Route-matrix-passphrase-3' }),
    'POST /api/saved-filters': () => ({ resource: 'orders', name: unique('preset '), filter: { status: 'completed' } }),
    'POST /api/orders': () => maker.orderBody(f.ownArea),
    'PUT /api/orders/:id': () => ({ notes: unique('edited ') }),
    'PUT /api/pricing/:id': () => ({ basePurchasePrice: '100.00', haulingBuyPrice: '5.50' }),
    // Under a version never current: answered, the row refused as stale, the fixture unchanged.
    'POST /api/pricing/paste': () => ({ rows: [{ id: f.ownCompleted.id, version: 0, haulingSalePrice: '5.50' }] }),
    'POST /api/suppliers': maker.supplierBody,
    'PUT /api/suppliers/:id': () => ({ shortName: unique('S') }),
    'POST /api/warehouses': maker.codeBody,
    'PUT /api/warehouses/:id': () => ({ name: unique('Warehouse ') }),
    'POST /api/vehicle-types': maker.codeBody,
    'PUT /api/vehicle-types/:id': () => ({ name: unique('Truck '), capacityTons: 5 }),
    'POST /api/delivery-areas': maker.codeBody,
    'PUT /api/delivery-areas/:id': () => ({ region: unique('Region ') }),
    'POST /api/users': () => maker.userBody('team_leader'),
    'PUT /api/users/:id': () => ({ firstName: unique('名') }),
    'POST /api/translations': maker.translationBody,
    'PUT /api/translations/:id': () => ({ en: unique('Text ') }),
    'POST /api/rate-cards': maker.rateCardBody,
    'PUT /api/rate-cards/:id': () => ({ notes: unique('Note ') }),
    'POST /api/api-tokens': maker.apiTokenBody,
    'PUT /api/api-tokens/:id': () => ({ name: unique('Token ') }),
    'POST /api/webhooks': maker.webhookBody,
    'PUT /api/webhooks/:id': () => ({ url: `https://hooks.example.com/${unique('h')}` }),
    'POST /api/rate-cards/apply': () => ({ ids: [f.ownCompleted.id], preview: true }),
    'PUT /api/me/mail-language': () => ({ language: 'en' }),
  };
}

/** A harmless query for the GET routes that need one to answer 200. */
export const GET_QUERIES: Record<string, string> = {
  'GET /api/can-access-page': '?pageKey=orders',
  'GET /api/saved-filters': '?resource=orders',
  'GET /api/process-monitoring/orders': '?kind=delayed',
};

/** Routes that start, switch or end the session of the client that sends them. */
export const SESSION_ROUTES = ['POST /api/login', 'POST /api/register', 'POST /api/logout'];

/**
 * Path values for a write: a record made for this one request wherever the write would use it up
 * (a delete, a restore, a status move), so the next caller finds the fixtures as they were.
 * `ownerId` owns the saved filter a DELETE /api/saved-filters/:id removes, and the notification a
 * POST /api/notifications/:id/read marks read.
 */
export async function writeParams(route: RouteEntry, f: Fixtures, maker: RecordMaker, ownerId: number):
  Promise<Record<string, string | number>> {
  const [, , resource] = route.path.split('/');
  if (route.path.startsWith('/api/trash/:type/:id')) return maker.trashed();
  if (route.path === '/api/saved-filters/:id') return { id: await maker.savedFilter(ownerId) };
  if (route.path === '/api/notifications/:id/read') return { id: await maker.notification(ownerId) };
  if (route.path === '/api/actions/:actionId/undo') return { actionId: await maker.action() };
  if (route.path === '/api/mail-outbox/:id/retry') return { id: await maker.failedMail() };
  if (route.params.includes('attachmentId')) return { id: f.ownOrder.id, attachmentId: await maker.attachment(f.ownOrder.id) };
  // Setting the same prices, resetting the same password, ending the same sessions, redelivering: repeatable.
  // Ending a session names one no caller has (404 to all): ending a real one would sign a shared client out.
  if (route.path === '/api/sessions/:id' || route.path === '/api/second-factors/:id' || route.path === '/api/pricing/:id' || route.path.startsWith('/api/users/:id/')
    || route.path === '/api/webhook-deliveries/:id/redeliver') return fixtureId(route, f);
  if (route.params.length === 1 && route.params[0] === 'id') return { id: await maker.record(resource) };
  return fixtureId(route, f);
}

/** A second factor's id of no factor (404 to all who may remove one). */
export const NO_FACTOR = 999_999_999;

/** A session handle (users/sessions.ts) of no session. */
export const NO_SESSION = 'AAAAAAAAAAAAAAAAAAAAAA';

/** The record id a path of this shape names, from the shared fixtures (reads: no change made). */
export function fixtureId(route: RouteEntry, f: Fixtures): Record<string, string | number> {
  const [, , resource] = route.path.split('/');
  const order = route.path.startsWith('/api/orders/') ? f.ownOrder.id : undefined;
  const ids: Record<string, number | undefined> = {
    orders: order, pricing: f.ownCompleted.id, suppliers: f.supplier, 'supplier-options': f.supplier,
    warehouses: f.warehouse, 'warehouse-options': f.warehouse, 'vehicle-types': f.vehicleType,
    'vehicle-type-options': f.vehicleType, 'delivery-areas': f.ownArea, 'delivery-area-options': f.ownArea,
    users: f.staffUser, 'user-options': f.staffUser, 'activity-logs': f.activityLog, translations: f.translation,
    'report-runs': f.reportRun, 'rate-cards': f.rateCard, 'mail-outbox': f.mail, notifications: f.notification, 'api-tokens': f.apiToken,
    webhooks: f.webhook, 'webhook-deliveries': f.webhookDelivery,
  };
  const values: Record<string, string | number> = {};
  for (const param of route.params) {
    if (param === 'attachmentId') values[param] = f.ownAttachment;
    else if (param === 'locale') values[param] = 'en';
    else if (param === 'type') values[param] = 'supplier';
    else if (param === 'actionId') values[param] = f.action;
    else if (param === 'token') values[param] = f.trackingToken;
    else if (param === 'sessionId' || (param === 'id' && resource === 'sessions')) values[param] = NO_SESSION;
    // A factor of nobody's: removing a real one would change a shared caller's sign-in.
    else if (param === 'id' && resource === 'second-factors') values[param] = NO_FACTOR;
    // An archive's name, of no file: the test apps share the project's archive folder, which no test writes to.
    else if (param === 'file') values[param] = 'activity-logs-2000-01.jsonl.gz';
    else if (param === 'id' && ids[resource] !== undefined) values[param] = ids[resource]!;
    else throw new Error(`${route.name}: no fixture for :${param}; add one in test/helpers/routeFixtures.ts`);
  }
  return values;
}
