import type { DataProvider } from 'ra-core';
import { ORDER_STATUSES, type OrderStatus } from '@kernel/orders/statusFlow';
import { stockDataProvider } from '../helpers/raClient';
import { useSignedInApp } from '../helpers/testApp';
import { createOrderReferences, placeIn, type OrderReferences } from '../helpers/orderReferences';
import { createOrder, orderBody, type OrderFields } from '../helpers/orders';
import { demoUserName } from '../../seeds/demo';

const { app, admin, leader, dispatcher } = useSignedInApp({ admin: 'admin', leader: 'team_leader', dispatcher: 'regional_dispatcher' });
let ra: DataProvider;
let refs: OrderReferences & { leaderId: number };

beforeAll(async () => {
  ra = stockDataProvider(admin);
  refs = { ...await createOrderReferences(app, admin), leaderId: (await leader.get('/api/user')).body.id };
});

/** This file's orders: refs' warehouse, supplier, vehicle type and own area, assigned to the team leader. */
const place = () => ({ ...placeIn(refs), assignedUserId: refs.leaderId, supplierId: refs.supplier, vehicleTypeId: refs.vehicleType });
/** Puts an order in a status directly, as a fixture (the flow itself is what the tests check). */
const setStatus = (id: number, status: OrderStatus) => app.db('orders').where({ id }).update({ status });
const addPod = (orderId: number) => app.db('orderAttachments').insert({ orderId, kind: 'pod', fileName: 'pod.pdf',
  contentType: 'application/pdf', size: 5, content: Buffer.from('%PDF-') });

describe('new orders', () => {
  it('answers the customer\'s messages for every missing required field, and writes nothing', async () => {
    const answer = await admin.post('/api/orders', {});
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      mtmNumber: 'MTM number is required', dnNumber: 'DN number is required', pickupWarehouseId: 'Warehouse is required',
      assignedUserId: 'Assigned user is required', deliveryAreaId: 'Delivery area is required',
      pickupDate: 'Pickup date is required', mosDate: 'MOS date is required',
    });
    expect(Number((await app.db('orders').count({ n: '*' }))[0].n)).toBe(0);
  });

  it('refuses an impossible date, a deleted reference and a duplicate DN number', async () => {
    expect((await admin.post('/api/orders', orderBody({ ...place(), pickupDate: '2026-02-30' }))).body.errors).toEqual({ pickupDate: 'Invalid format' });
    const { body: gone } = await admin.post('/api/warehouses', { code: 'GONE', name: 'Closed DC' });
    await admin.delete(`/api/warehouses/${gone.id}`);
    expect((await admin.post('/api/orders', orderBody({ ...place(), pickupWarehouseId: gone.id }))).body.errors)
      .toHaveProperty('pickupWarehouseId');
    const first = await createOrder(admin, place());
    const clash = await admin.post('/api/orders', orderBody({ ...place(), dnNumber: first.dnNumber }));
    expect(clash.status).toBe(409);
    expect(clash.body.errors).toHaveProperty('dnNumber');
  });

  it('starts at booking_received with its first timeline event and the creator recorded', async () => {
    const order = await createOrder(leader, place());
    // A team leader sees the sale prices only (field groups).
    expect(order).toMatchObject({ status: 'booking_received', createdBy: refs.leaderId, pickupDate: '2026-11-20',
      mtmSalePrice: '0.00', completionDate: null });
    expect(order).not.toHaveProperty('mtmBuyPrice');
    const events = await admin.get(`/api/orders/${order.id}/events`);
    expect(events.body).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'booking_received', userName: demoUserName('team_leader') })]);
  });

  it('cannot change its status through a plain update', async () => {
    const order = await createOrder(admin, place());
    expect((await admin.put(`/api/orders/${order.id}`, { status: 'completed' })).status).toBe(400);
  });
});

describe('the stock client on orders', () => {
  it('lists with q on MTM and DN numbers (prefix and contains), status lists and date ranges', async () => {
    const a = await createOrder(admin, { ...place(), mtmNumber: 'MTM-ALPHA-77', dnNumber: 'DN-XYZ-1', pickupDate: '2026-01-10' });
    const b = await createOrder(admin, { ...place(), mtmNumber: 'MTM-BETA-78', dnNumber: 'DN-ALPHA-2', pickupDate: '2026-03-10' });
    await setStatus(b.id, 'in_transit');
    const list = (filter: Record<string, unknown>) => ra.getList('orders', { filter,
      sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 50 } }).then((r) => r.data.map((o) => o.id));
    expect(await list({ q: 'alpha' })).toEqual([a.id, b.id]);
    expect(await list({ q: 'MTM-BETA' })).toEqual([b.id]);
    expect(await list({ q: 'XYZ' })).toEqual([a.id]);
    expect(await list({ status: ['in_transit', 'awaiting_delivery'] })).toEqual([b.id]);
    expect(await list({ pickupDate_gte: '2026-01-01', pickupDate_lte: '2026-01-31' })).toEqual([a.id]);
  });

  it('finds delayed orders: pickup passed before transit, or MOS passed before completion', async () => {
    const late = await createOrder(admin, { ...place(), pickupDate: '2020-01-01', mosDate: '2099-01-01' });
    const moving = await createOrder(admin, { ...place(), pickupDate: '2020-01-01', mosDate: '2099-01-01' });
    await setStatus(moving.id, 'in_transit');
    const overdue = await createOrder(admin, { ...place(), pickupDate: '2020-01-01', mosDate: '2020-01-02' });
    await setStatus(overdue.id, 'awaiting_delivery');
    const done = await createOrder(admin, { ...place(), pickupDate: '2020-01-01', mosDate: '2020-01-02' });
    await setStatus(done.id, 'completed');
    const { data } = await ra.getList('orders', { filter: { delayed: true, q: 'MTM-' },
      sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 500 } });
    const ids = data.map((o) => o.id);
    expect(ids).toContain(late.id);
    expect(ids).toContain(overdue.id);
    expect(ids).not.toContain(moving.id);
    expect(ids).not.toContain(done.id);
  });

  it('gets, updates with the version check, and deletes softly', async () => {
    const order = await createOrder(admin, place());
    const { data } = await ra.getOne('orders', { id: order.id });
    const { data: updated } = await ra.update('orders', { id: order.id, data: { ...data, notes: 'Call ahead' }, previousData: data });
    expect(updated).toMatchObject({ notes: 'Call ahead', version: 2 });
    await expect(ra.update('orders', { id: order.id, data: { ...data, notes: 'stale' }, previousData: data }))
      .rejects.toMatchObject({ status: 409 });
    await ra.delete('orders', { id: order.id, previousData: data });
    await expect(ra.getOne('orders', { id: order.id })).rejects.toMatchObject({ status: 404 });
  });
});

// docs/order-status-flow.md#transitions, written out pair by pair (independently of statusFlow.ts).
const FORWARD: Array<[OrderStatus, OrderStatus]> = [
  ['booking_received', 'awaiting_supplier_confirmation'], ['awaiting_supplier_confirmation', 'awaiting_receiver_confirmation'],
  ['awaiting_receiver_confirmation', 'awaiting_vehicle_departure'], ['awaiting_vehicle_departure', 'vehicle_arrived_warehouse'],
  ['vehicle_arrived_warehouse', 'in_transit'], ['in_transit', 'awaiting_delivery'], ['in_transit', 'vehicle_breakdown'],
  ['vehicle_breakdown', 'in_transit'], ['vehicle_breakdown', 'awaiting_delivery'], ['awaiting_delivery', 'awaiting_pod_upload'],
  ['awaiting_pod_upload', 'completed'],
];
const BACK: Array<[OrderStatus, OrderStatus]> = [
  ['awaiting_supplier_confirmation', 'booking_received'], ['awaiting_receiver_confirmation', 'awaiting_supplier_confirmation'],
  ['awaiting_vehicle_departure', 'awaiting_receiver_confirmation'], ['vehicle_arrived_warehouse', 'awaiting_vehicle_departure'],
  ['in_transit', 'vehicle_arrived_warehouse'], ['awaiting_delivery', 'in_transit'], ['awaiting_pod_upload', 'awaiting_delivery'],
  ['completed', 'awaiting_pod_upload'],
];
const allowedFor = (role: 'admin' | 'team_leader', from: OrderStatus, to: OrderStatus) =>
  FORWARD.some(([f, t]) => f === from && t === to)
  || (to === 'cancelled' && from !== 'completed' && from !== 'cancelled')
  || (role === 'admin' && BACK.some(([f, t]) => f === from && t === to));

describe('the status flow', () => {
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => to !== from).map((to) => ({ from, to })));
  const cases = (['admin', 'team_leader'] as const).flatMap((role) => pairs.map((p) => ({ ...p, role, allowed: allowedFor(role, p.from, p.to) })));

  it.each(cases)('$role: $from → $to allowed=$allowed', async ({ role, from, to, allowed }) => {
    const order = await createOrder(admin, place());
    await setStatus(order.id, from);
    await addPod(order.id);
    const client = role === 'admin' ? admin : leader;
    const answer = await client.post(`/api/orders/${order.id}/transitions`, { to });
    expect(answer.status).toBe(allowed ? 200 : 409);
    const after = await app.db('orders').where({ id: order.id }).first();
    expect(after.status).toBe(allowed ? to : from);
    if (!allowed) {
      expect(answer.body.message).toContain(from);
      expect(answer.body.message).toContain(to);
    }
  });

  it('requires a POD before completion, then sets the completion date, logs and records the event', async () => {
    const order = await createOrder(admin, place());
    await setStatus(order.id, 'awaiting_pod_upload');
    const refused = await admin.post(`/api/orders/${order.id}/transitions`, { to: 'completed' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/POD/);
    await addPod(order.id);
    const done = await admin.post(`/api/orders/${order.id}/transitions`, { to: 'completed', note: 'Signed by receiver' });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('completed');
    expect(Math.abs(Date.parse(done.body.completionDate) - Date.now())).toBeLessThan(60_000);
    const events = (await admin.get(`/api/orders/${order.id}/events`)).body;
    expect(events.at(-1)).toMatchObject({ fromStatus: 'awaiting_pod_upload', toStatus: 'completed', note: 'Signed by receiver' });
    const log = await app.db('activityLogs').where({ action: 'status_change', entityId: String(order.id) }).first();
    expect(log.changes.status).toEqual({ before: 'awaiting_pod_upload', after: 'completed' });
    const back = await admin.post(`/api/orders/${order.id}/transitions`, { to: 'awaiting_pod_upload' });
    expect(back.body).toMatchObject({ status: 'awaiting_pod_upload', completionDate: null });
  });

  it('refuses an unknown status with 400', async () => {
    const order = await createOrder(admin, place());
    expect((await admin.post(`/api/orders/${order.id}/transitions`, { to: 'teleported' })).status).toBe(400);
  });
});

describe('batch completion date', () => {
  it('answers the customer\'s messages for no orders, no date and a bad date', async () => {
    expect((await admin.post('/api/orders/batch-completion-date', { ids: [] })).body.errors).toEqual({
      ids: 'Please select at least one order for batch modification', completionDate: 'Please select a new completion date' });
    expect((await admin.post('/api/orders/batch-completion-date', { ids: [1], completionDate: 'soon' })).body.errors)
      .toEqual({ completionDate: 'Please select a valid date and time' });
  });

  /** A completed order: the only kind whose completion date the batch changes. */
  const completedOrder = async (overrides: Partial<OrderFields> = {}) => {
    // Picked up before every completion date the tests set (a completion is never before its pickup).
    const order = await createOrder(admin, { ...place(), pickupDate: '2026-09-01', mosDate: '2026-09-05', ...overrides });
    await app.db('orders').where({ id: order.id }).update({ status: 'completed', completionDate: new Date('2026-10-20T08:00:00Z') });
    return order;
  };
  const completionDates = async (ids: number[]) => (await app.db('orders').whereIn('id', ids).orderBy('id'))
    .map((r) => (r.completionDate ? new Date(r.completionDate).toISOString() : null));

  it('updates every order in one transaction, answers the count and logs each order', async () => {
    const orders = [await completedOrder(), await completedOrder(), await completedOrder()];
    const ids = orders.map((o) => o.id);
    const answer = await admin.post('/api/orders/batch-completion-date', { ids, completionDate: '2026-11-01T09:30:00Z' });
    expect(answer.body).toEqual({ updated: 3, actionId: expect.any(String) });
    expect(await completionDates(ids)).toEqual(Array(3).fill('2026-11-01T09:30:00.000Z'));
    const logs = await app.db('activityLogs').where({ action: 'batch_update' }).whereIn('entityId', ids.map(String));
    expect(logs).toHaveLength(3);
  });

  it('refuses a selection holding an order that is not completed with 409 naming it, and changes none', async () => {
    const done = [await completedOrder(), await completedOrder()];
    const open = await createOrder(admin, { ...place(), mtmNumber: 'MTM-OPEN-1' });
    const cancelled = await createOrder(admin, { ...place(), mtmNumber: 'MTM-CANCELLED-1' });
    await setStatus(cancelled.id, 'cancelled');
    const ids = [done[0].id, open.id, done[1].id, cancelled.id];
    const before = await completionDates(ids);
    const logsBefore = await app.db('activityLogs').where({ action: 'batch_update' }).count({ n: '*' });
    const answer = await admin.post('/api/orders/batch-completion-date', { ids, completionDate: '2026-11-02T09:30:00Z' });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('MTM-OPEN-1, MTM-CANCELLED-1');
    expect(answer.body.message).not.toContain(done[0].mtmNumber);
    expect(answer.body.errors).toEqual({ ids: 'Not completed: MTM-OPEN-1, MTM-CANCELLED-1' });
    expect(await completionDates(ids)).toEqual(before);
    expect(before.filter(Boolean)).toEqual(Array(2).fill('2026-10-20T08:00:00.000Z'));
    expect(await app.db('activityLogs').where({ action: 'batch_update' }).count({ n: '*' })).toEqual(logsBefore);
  });

  it('changes nothing when one id is unknown or outside a dispatcher\'s areas', async () => {
    const mine = await completedOrder();
    const theirs = await completedOrder({ deliveryAreaId: refs.otherArea });
    const dispatcherId = (await dispatcher.get('/api/user')).body.id;
    // The batch page is not a dispatcher's by default
    // (docs/roles-and-permissions.md#default-pages-per-role): granted here, it keeps to their
    // areas.
    await app.db('pagePermissions').insert({ userId: dispatcherId, pageKey: 'batch_modification', allowed: true });
    await app.heard();
    try {
      const unknown = await admin.post('/api/orders/batch-completion-date', { ids: [mine.id, 999999], completionDate: '2026-10-01T00:00:00Z' });
      expect(unknown.status).toBe(404);
      const foreign = await dispatcher.post('/api/orders/batch-completion-date', { ids: [mine.id, theirs.id], completionDate: '2026-10-01T00:00:00Z' });
      expect(foreign.status).toBe(404);
      expect(await completionDates([mine.id, theirs.id])).toEqual(Array(2).fill('2026-10-20T08:00:00.000Z'));
      expect((await dispatcher.post('/api/orders/batch-completion-date', { ids: [mine.id], completionDate: '2026-10-01T00:00:00Z' })).body)
        .toEqual({ updated: 1, actionId: expect.any(String) });
    } finally {
      await app.db('pagePermissions').where({ userId: dispatcherId }).delete();
    }
  });
});

describe('a regional dispatcher', () => {
  it('sees and changes only orders of their own delivery areas, on every order route', async () => {
    const mine = await createOrder(admin, place());
    const theirs = await createOrder(admin, { ...place(), deliveryAreaId: refs.otherArea });
    const list = await dispatcher.get('/api/orders?range=[0,499]');
    const ids = list.body.map((o: { id: number }) => o.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(list.body.every((o: { deliveryAreaId: number }) => o.deliveryAreaId === refs.ownArea)).toBe(true);
    expect((await dispatcher.get(`/api/orders/${theirs.id}`)).status).toBe(404);
    expect((await dispatcher.get(`/api/orders/${theirs.id}/events`)).status).toBe(404);
    expect((await dispatcher.put(`/api/orders/${theirs.id}`, { notes: 'x' })).status).toBe(404);
    expect((await dispatcher.delete(`/api/orders/${theirs.id}`)).status).toBe(404);
    expect((await dispatcher.post(`/api/orders/${theirs.id}/transitions`, { to: 'cancelled' })).status).toBe(404);
    expect((await dispatcher.post('/api/orders', orderBody({ ...place(), deliveryAreaId: refs.otherArea }))).status).toBe(403);
    expect((await dispatcher.put(`/api/orders/${mine.id}`, { deliveryAreaId: refs.otherArea })).status).toBe(403);
    expect((await app.db('orders').where({ id: theirs.id }).first()).status).toBe('booking_received');
  });
});

describe('CSV export', () => {
  const parse = (text: string) => text.replace(/^\uFEFF/, '').trim().split('\n').map((line) => line.split(','));

  it('streams every order of the filter, UTF-8 with BOM, headers and statuses in the chosen language', async () => {
    const tag = 'EXPORT-';
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await createOrder(admin, { ...place(), mtmNumber: `${tag}${i}` }));
    await setStatus(made[0].id, 'in_transit');
    const filter = encodeURIComponent(JSON.stringify({ q: tag }));
    const res = await fetch(`${app.url}/api/orders/export.csv?filter=${filter}&locale=en`, { headers: { cookie: admin.cookieHeader } });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Orders_\d{4}-\d{2}-\d{2}_\d{4}\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parse(bytes.toString('utf8'));
    expect(header.slice(0, 4)).toEqual(['ID', 'MTM number', 'DN number', 'Status']);
    expect(rows.map((r) => r[1]).sort()).toEqual(['EXPORT-0', 'EXPORT-1', 'EXPORT-2']);
    expect(rows.find((r) => r[1] === 'EXPORT-0')![3]).toBe('In transit');
    expect(rows[0][5]).toBe('Main DC');
    const cn = await fetch(`${app.url}/api/orders/export.csv?filter=${filter}&locale=cn`, { headers: { cookie: admin.cookieHeader } });
    const [cnHeader, ...cnRows] = parse(await cn.text());
    expect(cnHeader[1]).toBe('MTM 号');
    expect(cnRows.find((r) => r[1] === 'EXPORT-0')![3]).toBe('运输中');
  });

  it('walks past the first thousand rows and keeps a dispatcher to their areas', async () => {
    const base = orderBody(place());
    const rows = Array.from({ length: 1205 }, (_, i) => ({ ...base, mtmNumber: `BULK-${i}`, dnNumber: `BULK-DN-${i}`,
      status: 'booking_received', deliveryAreaId: i % 5 === 0 ? refs.otherArea : refs.ownArea }));
    await app.db.batchInsert('orders', rows, 500);
    const filter = encodeURIComponent(JSON.stringify({ q: 'BULK-DN-' }));
    const all = parse(await (await fetch(`${app.url}/api/orders/export.csv?filter=${filter}`, { headers: { cookie: admin.cookieHeader } })).text());
    expect(all.length - 1).toBe(1205);
    expect(new Set(all.slice(1).map((r) => r[0])).size).toBe(1205);
    const mine = parse(await (await fetch(`${app.url}/api/orders/export.csv?filter=${filter}`, { headers: { cookie: dispatcher.cookieHeader } })).text());
    expect(mine.length - 1).toBe(1205 - 241);
  });

  it('answers 400 for a bad filter before streaming anything', async () => {
    const res = await fetch(`${app.url}/api/orders/export.csv?filter=${encodeURIComponent('{"nope":1}')}`, { headers: { cookie: admin.cookieHeader } });
    expect(res.status).toBe(400);
  });
});

describe('list totals', () => {
  it('are exact up to 10 000 orders and flagged as estimates beyond', async () => {
    const exact = await admin.get('/api/orders?range=[0,9]');
    expect(exact.headers.get('x-total-estimated')).toBeNull();
    expect(Number(exact.headers.get('content-range')!.split('/')[1])).toBe(Number((await app.db('orders').whereNull('deletedAt').count({ n: '*' }))[0].n));
    const base = orderBody(place());
    await app.db.batchInsert('orders', Array.from({ length: 10_050 }, (_, i) => ({ ...base, mtmNumber: `MANY-${i}`,
      dnNumber: `MANY-DN-${i}` })), 1000);
    await app.db.raw('analyze orders');
    const big = await admin.get('/api/orders?range=[0,9]');
    expect(big.headers.get('x-total-estimated')).toBe('true');
    expect(Number(big.headers.get('content-range')!.split('/')[1])).toBeGreaterThan(10_000);
    const filtered = await admin.get(`/api/orders?range=[0,9]&filter=${encodeURIComponent('{"q":"MANY-DN-1000"}')}`);
    expect(filtered.headers.get('x-total-estimated')).toBeNull();
    expect(filtered.headers.get('content-range')).toBe('orders 0-9/11'); // MANY-DN-1000 and MANY-DN-10000…10009
  });
});
