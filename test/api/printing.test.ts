import { MAX_PRINT_ORDERS } from '@kernel/orders/printing';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { createOrderReferences, type OrderReferences } from '../helpers/orderReferences';
import { useSignedInApp } from '../helpers/testApp';

// Delivery notes, labels and scanning (docs/printing-and-scanning.md): printing is logged, lookups
// are scoped, and a dispatcher never learns of another area's order.
const { app, admin } = useSignedInApp({ admin: 'admin' });
let refs: OrderReferences;
let dispatcher: HttpClient;

beforeAll(async () => {
  refs = await createOrderReferences(app, admin);
  dispatcher = await signedInAs(app.url, 'regional_dispatcher');
});

/** `count` orders in `area`, MTM numbers `<prefix>-MTM-<n>`, DN numbers `<prefix>-DN-<n>`; their ids, ascending. */
async function orders(prefix: string, count: number, area = refs.ownArea): Promise<number[]> {
  const { rows } = await app.db.raw(`
    insert into orders (mtm_number, dn_number, pickup_warehouse_id, delivery_area_id, assigned_user_id, supplier_id,
      vehicle_type_id, pickup_date, mos_date, notes)
    select ? || g, ? || g, ?, ?, (select id from users where username = 'admin'), ?, ?, '2026-10-01', '2026-10-06', 'Fragile'
    from generate_series(1, ?) g
    returning id`, [`${prefix}-MTM-`, `${prefix}-DN-`, refs.warehouse, area, refs.supplier, refs.vehicleType, count]);
  return rows.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);
}

const printLogs = (ids: number[]) => app.db('activityLogs').where({ action: 'print', entityType: 'order' })
  .whereIn('entityId', ids.map(String)).orderBy('id');
const lookup = (client: HttpClient, code: string) => client.get(`/api/orders/lookup?code=${encodeURIComponent(code)}`);

describe('printing delivery notes and labels', () => {
  it('logs one print row per order, all in one action', async () => {
    const ids = await orders('PRN', 40);
    const answer = await admin.post('/api/orders/print', { ids, layout: 'delivery_notes' });
    expect(answer.status).toBe(200);
    const tokens = Object.fromEntries((await app.db('trackingLinks').whereIn('orderId', ids).select('orderId', 'token'))
      .map((link) => [link.orderId, link.token]));
    expect(Object.keys(tokens)).toHaveLength(40);
    expect(answer.body).toEqual({ printed: 40, actionId: expect.stringMatching(/^[0-9a-f-]{36}$/), trackingTokens: tokens });
    const rows = await printLogs(ids);
    expect(rows.map((row) => Number(row.entityId))).toEqual(ids);
    expect(new Set(rows.map((row) => row.actionId))).toEqual(new Set([answer.body.actionId]));
    expect(rows[0]).toMatchObject({ username: 'admin', changes: { layout: 'delivery_notes' } });
  });

  it('refuses a dispatcher\'s print naming another area\'s order as it refuses a missing one, logging nothing', async () => {
    const [mine] = await orders('OWN-PRN', 1);
    const [theirs] = await orders('FOREIGN-PRN', 1, refs.otherArea);
    const foreign = await dispatcher.post('/api/orders/print', { ids: [mine, theirs], layout: 'labels' });
    const missing = await dispatcher.post('/api/orders/print', { ids: [mine, 987_654_321], layout: 'labels' });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'not_found', fields: { ids: { code: 'unknown_id' } } });
    expect(missing.body.code).toBe(foreign.body.code);
    expect(await printLogs([mine, theirs])).toEqual([]);
    expect((await dispatcher.post('/api/orders/print', { ids: [mine], layout: 'labels' })).status).toBe(200);
  });

  it('refuses more than 500 orders, an unknown layout and malformed ids with 400 naming the field', async () => {
    const tooMany = Array.from({ length: MAX_PRINT_ORDERS + 1 }, (_, i) => i + 1);
    const many = await admin.post('/api/orders/print', { ids: tooMany, layout: 'labels' });
    expect(many.status).toBe(400);
    expect(many.body).toMatchObject({ code: 'invalid_input', fields: { ids: { code: 'too_many', params: { max: MAX_PRINT_ORDERS } } } });
    const layout = await admin.post('/api/orders/print', { ids: [1], layout: 'poster' });
    expect(layout.status).toBe(400);
    expect(layout.body.fields).toHaveProperty('layout');
    for (const body of [{ ids: 'all', layout: 'labels' }, { ids: [], layout: 'labels' }, { ids: [1, 1], layout: 'labels' }, {}]) {
      const answer = await admin.post('/api/orders/print', body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(Object.keys(answer.body.fields)[0]).toMatch(/^ids/);
    }
    // An id past the column's range names no order: refused on the field, before any query.
    const huge = await admin.post('/api/orders/print', { ids: [2 ** 31], layout: 'labels' });
    expect(huge.status).toBe(400);
    expect(Object.keys(huge.body.fields)).toEqual(['ids.0']);
  });

  it('reads the orders to print with the names of what they reference, in one request', async () => {
    const ids = await orders('NOTE', 3);
    const answer = await admin.get(`/api/orders/delivery-notes?ids=${ids.join(',')}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(3);
    expect(answer.body[0]).toMatchObject({ id: ids[0], mtmNumber: 'NOTE-MTM-1', dnNumber: 'NOTE-DN-1', supplierName: 'Carrier One',
      warehouseName: 'Main DC', areaName: 'Dispatcher area', vehicleTypeName: '5 t truck', pickupDate: '2026-10-01',
      mosDate: '2026-10-06', notes: 'Fragile', assignedName: expect.any(String) });
    const [theirs] = await orders('NOTE-FOREIGN', 1, refs.otherArea);
    expect((await dispatcher.get(`/api/orders/delivery-notes?ids=${ids[0]},${theirs}`)).status).toBe(404);
    expect((await admin.get('/api/orders/delivery-notes?ids=1,x')).status).toBe(400);
    expect((await admin.get('/api/orders/delivery-notes')).status).toBe(400);
  });
});

describe('looking an order up by a scanned code', () => {
  it('finds an order by its DN number and by its MTM number', async () => {
    const [id] = await orders('SCAN', 1);
    expect(await lookup(admin, 'SCAN-DN-1')).toMatchObject({ status: 200, body: { id, mtmNumber: 'SCAN-MTM-1', dnNumber: 'SCAN-DN-1' } });
    expect((await lookup(admin, 'SCAN-MTM-1')).body.id).toBe(id);
    expect((await lookup(dispatcher, ' SCAN-MTM-1 ')).body.id).toBe(id);
  });

  it('answers a foreign order\'s code exactly as a missing one', async () => {
    await orders('ELSEWHERE', 1, refs.otherArea);
    expect((await lookup(admin, 'ELSEWHERE-DN-1')).status).toBe(200);
    const foreign = await lookup(dispatcher, 'ELSEWHERE-DN-1');
    const missing = await lookup(dispatcher, 'NOWHERE-DN-1');
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    // The same but for each request's own id.
    expect({ ...foreign.body, requestId: 'id' }).toEqual({ ...missing.body, requestId: 'id' });
  });

  it('refuses a missing, empty or overlong code with 400', async () => {
    for (const query of ['', '?code=', '?code=%20%20', `?code=${'9'.repeat(51)}`, '?code=a&code=b']) {
      const answer = await admin.get(`/api/orders/lookup${query}`);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      expect(answer.body.fields).toHaveProperty('code');
    }
  });
});
