import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';
import { completedOrders, createOrderReferences, type OrderReferences } from '../helpers/orderReferences';

// The batch completion date in a fixed number of statements, however many orders
// (docs/order-status-flow.md#batch-modification-completion-date).
const { app, admin } = useSignedInApp({ admin: 'admin' });
let refs: OrderReferences;

beforeAll(async () => { refs = await createOrderReferences(app, admin); });


/** The answer to the batch call and the SQL statements it ran (knex's 'query' events on app.db). */
async function batch(ids: number[], completionDate: string) {
  let statements = 0;
  const count = () => { statements += 1; };
  app.db.on('query', count);
  try {
    const answer = await admin.post('/api/orders/batch-completion-date', { ids, completionDate });
    return { answer, statements };
  } finally {
    app.db.off('query', count);
  }
}

describe('batch completion date', () => {
  it('runs as many statements for 1,000 orders as for 10', async () => {
    const few = await batch(await completedOrders(app, refs, 'FEW', 10), '2026-11-01T09:30:00Z');
    const many = await batch(await completedOrders(app, refs, 'MANY', 1000), '2026-11-01T09:30:00Z');
    expect(few.answer.body).toEqual({ updated: 10, actionId: expect.any(String) });
    expect(many.answer.body).toEqual({ updated: 1000, actionId: expect.any(String) });
    expect(many.statements).toBe(few.statements);
    expect(few.statements).toBeLessThan(10);
  });

  it('updates 10,000 orders in one request, bumping each version, with one log row each', async () => {
    const ids = await completedOrders(app, refs, 'TEN', 10_000);
    const { answer } = await batch(ids, '2026-11-02T10:15:00Z');
    expect(answer.body).toEqual({ updated: 10_000, actionId: expect.any(String) });
    const orders = await app.db('orders').whereIn('id', ids).select('version', 'completionDate', 'updatedAt');
    expect(orders).toHaveLength(10_000);
    expect(orders.every((o) => o.version === 2)).toBe(true);
    expect(new Set(orders.map((o) => new Date(o.completionDate).toISOString()))).toEqual(new Set(['2026-11-02T10:15:00.000Z']));
    expect(orders.every((o) => Date.now() - new Date(o.updatedAt).getTime() < 120_000)).toBe(true);

    const logs = await app.db('activityLogs').where({ action: 'batch_update', entityType: 'order' })
      .whereIn('entityId', ids.map(String)).orderBy('id');
    expect(logs).toHaveLength(10_000);
    expect(new Set(logs.map((l) => l.entityId)).size).toBe(10_000);
    // The row logActivity writes for a change made by the same client: the same actor, ip and user agent.
    const other = await admin.create('/api/warehouses', { code: 'W-LOG', name: 'Log check' });
    const reference = await app.db('activityLogs').where({ action: 'create', entityType: 'warehouse', entityId: String(other.id) }).first();
    const pick = (row: Record<string, unknown>) => ({ userId: row.userId, username: row.username, ip: row.ip, userAgent: row.userAgent });
    expect(logs.map(pick)).toEqual(Array(10_000).fill(pick(reference)));
    expect(logs[0].changes).toEqual({ completionDate: { before: '2026-10-20T08:00:00.000Z', after: '2026-11-02T10:15:00.000Z' } });
    expect(logs.map((l) => l.entityId)).toEqual(ids.map(String));
  });

  it('refuses more than 10,000 ids and changes nothing', async () => {
    const ids = Array.from({ length: 10_001 }, (_, i) => i + 1);
    const { answer } = await batch(ids, '2026-11-03T00:00:00Z');
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toHaveProperty('ids');
    expect(Number((await app.db('orders').where('completionDate', '2026-11-03T00:00:00Z').count({ n: '*' }))[0].n)).toBe(0);
  });
});

describe('the ids of a list, for the batch page\'s "select all"', () => {
  const ids = (client: HttpClient, filter: object, extra = '') =>
    client.get(`/api/orders/ids?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`);

  it('follow the list\'s filter, sort and the user\'s areas, up to the limit asked', async () => {
    const own = await completedOrders(app, refs, 'IDS', 30);
    const other = await completedOrders(app, refs, 'IDS-ELSEWHERE', 5);
    await app.db('orders').whereIn('id', other).update({ deliveryAreaId: refs.otherArea });
    const all = await ids(admin, { q: 'IDS-', status: 'completed' }, `&sort=${encodeURIComponent('["id","ASC"]')}`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ ids: [...own, ...other] });
    const newest = await ids(admin, { q: 'IDS-' }, `&limit=10&sort=${encodeURIComponent('["id","DESC"]')}`);
    expect(newest.body.ids).toEqual([...other].reverse().concat([...own].reverse()).slice(0, 10));

    const dispatcher = await signedInAs(app.url, 'regional_dispatcher');
    await app.db('pagePermissions').insert({ userId: refs.dispatcherId, pageKey: 'batch_modification', allowed: true });
    await app.heard();
    try {
      expect((await ids(dispatcher, { q: 'IDS-' })).body.ids.sort((a: number, b: number) => a - b)).toEqual(own);
      await app.db('pagePermissions').where({ userId: refs.dispatcherId }).update({ allowed: false });
      await app.heard();
      expect((await ids(dispatcher, { q: 'IDS-' })).status).toBe(403);
    } finally {
      await app.db('pagePermissions').where({ userId: refs.dispatcherId }).delete();
    }
  });

  it('answer 400 naming the parameter for a limit beyond a batch, a bad filter or sort', async () => {
    expect((await ids(admin, {}, '&limit=10001')).body.errors).toHaveProperty('limit');
    expect((await ids(admin, { colour: 'red' })).body.errors).toHaveProperty('colour');
    expect((await ids(admin, {}, `&sort=${encodeURIComponent('["notes","ASC"]')}`)).body.errors).toHaveProperty('sort');
  });
});
