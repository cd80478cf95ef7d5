import { PRE_TRANSIT } from '@kernel/orders/delayKinds';
import { ORDER_STATUSES, type OrderStatus } from '@kernel/orders/statusFlow';
import type { Role } from '@kernel/users/roles';
import { HttpClient, signedInAs } from '../helpers/httpClient';
import { orderBody } from '../helpers/orders';
import { useSignedInApp } from '../helpers/testApp';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { useServerDay } from '../helpers/testClock';

const { app, admin, dispatcher } = useSignedInApp({ admin: 'admin', dispatcher: 'regional_dispatcher' });
const refs = { own: 0, other: 0, empty: 0 };
/** Today in the server's zone, written apart from the code under test: a day that outlasts the file (useServerDay). */
const clock = useServerDay();
let today = '';
beforeAll(() => { today = clock.now.toLocaleDateString('sv'); });
/** The statuses before in_transit as an SQL list: the kernel's (test/api/preTransit.test.ts holds the triggers' copy to it). */
const PRE_TRANSIT_SQL = PRE_TRANSIT.map((status) => `'${status}'`).join(', ');

/**
 * Orders around the date edges: in each of the two areas, every status × pickup date from two
 * days ago to tomorrow × MOS date from yesterday to tomorrow; plus soft-deleted late ones, which
 * never count.
 */
beforeAll(async () => {
  const warehouse = (await admin.post('/api/warehouses', { code: 'W1', name: 'Main DC' })).body.id;
  const supplier = (await admin.post('/api/suppliers', { name: 'Carrier One', ...SUPPLIER_CONTACT })).body.id;
  refs.own = (await admin.post('/api/delivery-areas', { code: 'A-OWN', name: 'Dispatcher area' })).body.id;
  refs.other = (await admin.post('/api/delivery-areas', { code: 'B-OTHER', name: 'Someone else' })).body.id;
  refs.empty = (await admin.post('/api/delivery-areas', { code: 'C-EMPTY', name: 'Quiet area' })).body.id;
  const dispatcherId = (await dispatcher.get('/api/user')).body.id;
  await app.db('userDeliveryAreas').insert({ userId: dispatcherId, deliveryAreaId: refs.own });
  await app.db.raw(`
    insert into orders (mtm_number, dn_number, supplier_id, pickup_warehouse_id, delivery_area_id, assigned_user_id,
      pickup_date, mos_date, status, deleted_at)
    select 'PM-' || a || '-' || s || '-' || p || '-' || m || '-' || d, 'DN-PM-' || a || '-' || s || '-' || p || '-' || m || '-' || d,
      ?, ?, a, ?, ?::date + p, ?::date + m, s, case when d = 1 then now() end
    from unnest(?::int[]) a, unnest(?::text[]) s, generate_series(-2, 1) p, generate_series(-1, 1) m, generate_series(0, 1) d`,
  [supplier, warehouse, dispatcherId, today, today, [refs.own, refs.other], [...ORDER_STATUSES]]);
});

/** The expected counts per area, by plain SQL written apart from the code under test. */
async function expectedCounts() {
  const { rows } = await app.db.raw(`
    select delivery_area_id as area,
      sum(case when pickup_date < ?::date and status in (${PRE_TRANSIT_SQL}) then 1 else 0 end) as pulling,
      sum(case when mos_date < ?::date and status <> 'completed' and status <> 'cancelled' then 1 else 0 end) as mos,
      sum(case when (pickup_date < ?::date and status in (${PRE_TRANSIT_SQL}))
        or (mos_date < ?::date and status <> 'completed' and status <> 'cancelled') then 1 else 0 end) as delayed
    from orders where deleted_at is null group by delivery_area_id`, [today, today, today, today]);
  return new Map<number, { pullingOut: number; mos: number; delayed: number }>(rows.map((r: Record<string, string>) =>
    [Number(r.area), { pullingOut: Number(r.pulling), mos: Number(r.mos), delayed: Number(r.delayed) }]));
}

const late = (client: HttpClient, query: string) => client.get(`/api/process-monitoring/orders?${query}`);

describe('the delay counts', () => {
  it('match plain SQL per area, with the quiet area at zero and totals that add up', async () => {
    const answer = await admin.get('/api/process-monitoring');
    expect(answer.status).toBe(200);
    const expected = await expectedCounts();
    // 5 pre-transit statuses × 2 past pickup dates × 3 MOS dates; 9 open statuses × 1 past MOS date × 4 pickup dates,
    // and their union: the two sets overlap in the 5 pre-transit statuses with a past MOS date (5 × 2).
    expect(expected.get(refs.own)).toEqual({ pullingOut: 30, mos: 36, delayed: 30 + 36 - 10 });
    expect(answer.body.today).toBe(today);
    const byArea = Object.fromEntries(answer.body.areas.map((a: Record<string, number>) => [a.deliveryAreaId, a]));
    for (const area of [refs.own, refs.other]) {
      expect(byArea[area]).toMatchObject(expected.get(area)!);
    }
    expect(byArea[refs.empty]).toMatchObject({ name: 'Quiet area', pullingOut: 0, mos: 0, delayed: 0 });
    expect(answer.body.totals).toEqual({ pullingOut: 60, mos: 72, delayed: 112 });
    // The most delayed areas come first.
    expect(answer.body.areas.at(-1).deliveryAreaId).toBe(refs.empty);
  });

  it('shows a regional dispatcher only their own areas', async () => {
    const answer = await dispatcher.get('/api/process-monitoring');
    expect(answer.status).toBe(200);
    expect(answer.body.areas.map((a: { deliveryAreaId: number }) => a.deliveryAreaId)).toEqual([refs.own]);
    expect(answer.body.totals).toEqual({ pullingOut: 30, mos: 36, delayed: 56 });
  });

  it('keeps counting the late orders of a deleted area under its name', async () => {
    const gone = (await admin.post('/api/delivery-areas', { code: 'D-GONE', name: 'Closed area' })).body.id;
    const template = await app.db('orders').whereNull('deletedAt').first('supplierId', 'pickupWarehouseId', 'assignedUserId');
    const [{ id }] = await app.db('orders').insert(orderBody({ ...template, mtmNumber: 'PM-GONE',
      deliveryAreaId: gone, status: 'booking_received', pickupDate: '2020-01-01', mosDate: '2099-01-01' }), ['id']);
    await admin.delete(`/api/delivery-areas/${gone}`);
    const { body } = await admin.get('/api/process-monitoring');
    expect(body.areas.find((a: { deliveryAreaId: number }) => a.deliveryAreaId === gone))
      .toMatchObject({ name: 'Closed area', pullingOut: 1, delayed: 1 });
    await app.db('orders').where({ id }).update({ deletedAt: new Date() });
  });
});

describe('the orders behind a count', () => {
  it('lists exactly the orders counted, most overdue first, with days overdue', async () => {
    const expected = await expectedCounts();
    for (const [kind, field] of [['pulling_out', 'pullingOut'], ['mos', 'mos'], ['delayed', 'delayed']] as const) {
      const answer = await late(admin, `kind=${kind}&deliveryAreaId=${refs.own}&limit=100`);
      expect(answer.status).toBe(200);
      expect(answer.body.total).toBe(expected.get(refs.own)![field]);
      expect(answer.body.rows).toHaveLength(expected.get(refs.own)![field]);
      const days = answer.body.rows.map((r: { daysOverdue: number }) => r.daysOverdue);
      expect([...days].sort((a, b) => b - a)).toEqual(days);
      expect(Math.min(...days)).toBeGreaterThanOrEqual(1);
      expect(answer.body.rows.every((r: { deliveryAreaId: number }) => r.deliveryAreaId === refs.own)).toBe(true);
    }
    const { body } = await late(admin, `kind=pulling_out&deliveryAreaId=${refs.own}&limit=100`);
    expect(body.rows[0]).toMatchObject({ supplierName: 'Carrier One', deliveryAreaName: 'Dispatcher area', daysOverdue: 2 });
    expect(body.rows[0].mtmNumber).toMatch(/^PM-/);
    expect(body.rows.every((r: { status: string }) => PRE_TRANSIT.includes(r.status as OrderStatus))).toBe(true);
  });

  it('counts days overdue from the older passed date for orders late both ways', async () => {
    const { body } = await late(admin, `kind=delayed&deliveryAreaId=${refs.own}&limit=100`);
    const both = body.rows.find((r: { status: string; pickupDate: string; mosDate: string }) => r.status === 'booking_received'
      && r.mosDate < today && r.pickupDate < r.mosDate);
    const dayDiff = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / 86_400_000);
    expect(both.daysOverdue).toBe(dayDiff(today, both.pickupDate));
  });

  it('pages, and without an area lists all of the user\'s areas', async () => {
    const first = await late(admin, 'kind=delayed&limit=10');
    const second = await late(admin, 'kind=delayed&limit=10&offset=10');
    expect(first.body.total).toBe(112);
    const ids = [...first.body.rows, ...second.body.rows].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(20);
  });

  it('gives the same orders as the order list\'s delayed filter, by kind', async () => {
    // The page links `delayed: kind`; `true` is how the list saved "either" before it had kinds.
    for (const [kind, filterValue] of [['delayed', 'delayed'], ['delayed', true], ['pulling_out', 'pulling_out'],
      ['mos', 'mos']] as const) {
      const filter = encodeURIComponent(JSON.stringify({ delayed: filterValue, deliveryAreaId: refs.own }));
      const list = await admin.get(`/api/orders?filter=${filter}&range=[0,499]`);
      const monitored = await late(admin, `kind=${kind}&deliveryAreaId=${refs.own}&limit=100`);
      expect(list.body.map((o: { id: number }) => o.id).sort()).toEqual(monitored.body.rows.map((o: { id: number }) => o.id).sort());
    }
  });

  it('keeps a regional dispatcher to their own areas', async () => {
    const all = await late(dispatcher, 'kind=delayed&limit=100');
    expect(all.body.total).toBe(56);
    expect(all.body.rows.every((r: { deliveryAreaId: number }) => r.deliveryAreaId === refs.own)).toBe(true);
    const other = await late(dispatcher, `kind=delayed&deliveryAreaId=${refs.other}`);
    expect(other.status).toBe(403);
    expect(other.body.message).toContain('Access denied');
  });

  it('gives the exact total of a long list and pages deep into it in the order of a full sort', async () => {
    const crowded = (await admin.post('/api/delivery-areas', { code: 'E-CROWDED', name: 'Crowded area' })).body.id;
    const template = await app.db('orders').whereNull('deletedAt').first('supplierId', 'pickupWarehouseId', 'assignedUserId');
    // Pickup dates over 20 days, MOS dates over 7 (some not yet passed), pre-transit or not: late one way, both or neither.
    await app.db.raw(`insert into orders (mtm_number, dn_number, supplier_id, pickup_warehouse_id, assigned_user_id,
      delivery_area_id, pickup_date, mos_date, status)
      select 'CAP-' || g, 'DN-CAP-' || g, ?, ?, ?, ?, ?::date - g % 20, ?::date + 3 - g % 7,
        case when g % 3 = 0 then 'in_transit' else 'booking_received' end
      from generate_series(1, 10001) g`, [template.supplierId, template.pickupWarehouseId, template.assignedUserId, crowded,
      today, today]);
    const { rows: expected } = await app.db.raw(`select id, ?::date - least(
        case when pickup_date < ?::date and status = 'booking_received' then pickup_date end,
        case when mos_date < ?::date then mos_date end) as days
      from orders where delivery_area_id = ? and deleted_at is null
      and ((pickup_date < ?::date and status = 'booking_received') or mos_date < ?::date)
      order by days desc, id`, [today, today, today, crowded, today, today]);
    for (const offset of [0, 4_000, expected.length - 10]) {
      const { body } = await late(admin, `kind=delayed&deliveryAreaId=${crowded}&offset=${offset}&limit=100`);
      expect(body.total).toBe(expected.length);
      expect(body.rows.map((r: { id: number; daysOverdue: number }) => [r.id, r.daysOverdue]))
        .toEqual(expected.slice(offset, offset + 100).map((r: { id: number; days: number }) => [r.id, r.days]));
    }
    const counts = await admin.get('/api/process-monitoring');
    expect(counts.body.areas.find((a: { deliveryAreaId: number }) => a.deliveryAreaId === crowded).delayed).toBe(expected.length);
    await app.db('orders').where({ deliveryAreaId: crowded }).delete();
  });

  it('answers 400 naming the parameter for a bad kind, area, limit or an unknown parameter', async () => {
    expect((await late(admin, '')).body.errors).toHaveProperty('kind');
    expect((await late(admin, 'kind=soon')).body.errors).toHaveProperty('kind');
    expect((await late(admin, 'kind=mos&deliveryAreaId=x')).body.errors).toHaveProperty('deliveryAreaId');
    expect((await late(admin, 'kind=mos&limit=1000')).body.errors).toHaveProperty('limit');
    const unknown = await late(admin, 'kind=mos&sort=id');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('sort');
  });
});

describe('the counts, kept by the database', () => {
  /** The API's counts per area against plain SQL over the orders. */
  async function countsMatch() {
    const { body } = await admin.get('/api/process-monitoring');
    const expected = await expectedCounts();
    for (const area of body.areas) {
      expect([area.deliveryAreaId, area.pullingOut, area.mos, area.delayed]).toEqual([area.deliveryAreaId,
        ...(['pullingOut', 'mos', 'delayed'] as const).map((field) => expected.get(area.deliveryAreaId)?.[field] ?? 0)]);
    }
  }

  it('follow every change to an order: create, move, edit its area and dates, delete, restore, plain SQL', async () => {
    const template = await app.db('orders').whereNull('deletedAt').first('supplierId', 'pickupWarehouseId', 'assignedUserId');
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('sv');
    const created = await admin.post('/api/orders', orderBody({ ...template, mtmNumber: 'PM-LIVE',
      deliveryAreaId: refs.own, pickupDate: yesterday, mosDate: yesterday }));
    expect(created.status).toBe(201);
    const id = created.body.id;
    await countsMatch();
    for (const to of ['awaiting_supplier_confirmation', 'awaiting_receiver_confirmation', 'awaiting_vehicle_departure',
      'vehicle_arrived_warehouse', 'in_transit']) {
      expect((await admin.post(`/api/orders/${id}/transitions`, { to })).status).toBe(200);
      await countsMatch();
    }
    const order = (await admin.get(`/api/orders/${id}`)).body;
    const moved = await admin.put(`/api/orders/${id}`, { ...order, deliveryAreaId: refs.other, mosDate: today });
    expect(moved.status).toBe(200);
    await countsMatch();
    expect((await admin.delete(`/api/orders/${id}`)).status).toBe(200);
    await countsMatch();
    expect((await admin.post(`/api/trash/order/${id}/restore`)).status).toBe(200);
    await countsMatch();
    await app.db('orders').where({ id }).update({ mosDate: '2020-01-01', deliveryAreaId: refs.own });
    await countsMatch();
    await app.db('orders').where({ id }).delete();
    await countsMatch();
  });

  it('are the same as counted afresh after many changes at once', async () => {
    await app.db.raw(`update orders set status = case when id % 2 = 0 then 'completed' else 'booking_received' end,
      pickup_date = pickup_date - 1 where mtm_number like 'PM-%' and id % 3 = 0`);
    await countsMatch();
    const { rows: [{ stale }] } = await app.db.raw(`select count(*)::int as stale from (
        select delivery_area_id, status in (${PRE_TRANSIT_SQL}) as pre_transit, pickup_date, mos_date, count(*)::int as orders
        from orders where deleted_at is null and status not in ('completed', 'cancelled') group by 1, 2, 3, 4) fresh
      full join open_order_dates c using (delivery_area_id, pre_transit, pickup_date, mos_date)
      where fresh.orders is distinct from c.orders`);
    expect(stale).toBe(0);
  });
});

describe('who may look', () => {
  it('lets the roles holding process_monitoring in and refuses the others', async () => {
    const allowed: Role[] = ['admin', 'director', 'manager', 'team_leader', 'regional_dispatcher'];
    for (const role of [...allowed, 'biller'] as Role[]) {
      const client = await signedInAs(app.url, role);
      const expected = allowed.includes(role) ? 200 : 403;
      expect([role, (await client.get('/api/process-monitoring')).status]).toEqual([role, expected]);
      expect([role, (await late(client, 'kind=mos')).status]).toEqual([role, expected]);
    }
  });

  it('answers 401 without a session', async () => {
    const anonymous = new HttpClient(app.url);
    expect((await anonymous.get('/api/process-monitoring')).status).toBe(401);
    expect((await late(anonymous, 'kind=mos')).status).toBe(401);
  });
});
