import { HttpClient, signedInAs } from '../helpers/httpClient';
import { createOrder, orderBody } from '../helpers/orders';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { useServerDay } from '../helpers/testClock';

// The server's today stays the file's to its end (its checks count days from it).
useServerDay();
let app: TestApp;
let anonymous: HttpClient;
const ENDPOINTS = ['overview', 'order-status', 'suppliers', 'logistics', 'analytics', 'trend'];
const get = (name: string, client = anonymous) => client.get(`/api/public/monitoring/${name}`);

/** Strings that must never leave through the public endpoints: persons' details and order numbers. */
const SECRETS = {
  username: 'zz_secret_dispatcher_77', firstName: 'Quintessa', lastName: 'Vandermolen',
  phone: '13987654321', email: 'quintessa.vandermolen@private-mail.test',
  contactPerson: 'Bartholomew Okonkwo', contactPhone: '13812349876', contactEmail: 'b.okonkwo@carrier-secret.test',
  mtm: 'MTM-LEAK-CHECK-4242', dn: 'DN-LEAK-CHECK-9898', notes: 'Ring Quintessa at the back door',
};

/** Local midnight of the day `offset` days from today, moved by `ms`: the server's day edges. */
const localDay = (offset: number, ms = 0) => {
  const now = new Date();
  return new Date(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset).getTime() + ms);
};
const dateOf = (at: Date) => at.toLocaleDateString('sv');
/** Master data deleted (soft) after their orders were booked: their names must not go out any more. */
const DELETED = { supplier: 'Bankrupt Carriers Ltd', vehicleType: 'Scrapped van', deliveryArea: 'Closed Quay' };

beforeAll(async () => {
  app = await startTestApp();
  anonymous = new HttpClient(app.url);
  const admin = await signedInAs(app.url, 'admin');
  const user = await admin.post('/api/users', { username: SECRETS.username, firstName: SECRETS.firstName,
    lastName: SECRETS.lastName, phone: SECRETS.phone, email: SECRETS.email, role: 'regional_dispatcher',
    status: 'active', password: 'a-long-enough-password-1' });
  if (user.status !== 201) throw new Error(`user: ${user.status} ${JSON.stringify(user.body)}`);
  const warehouse = (await admin.post('/api/warehouses', { code: 'W1', name: 'Main DC' })).body.id;
  const north = (await admin.post('/api/suppliers', { ...SUPPLIER_CONTACT, name: 'North Freight Co',
    contactPerson: SECRETS.contactPerson, contactPhone: SECRETS.contactPhone, contactEmail: SECRETS.contactEmail })).body.id;
  const south = (await admin.post('/api/suppliers', { name: 'South Express Ltd', ...SUPPLIER_CONTACT })).body.id;
  await admin.post('/api/suppliers', { name: 'Dormant Haulage', status: 'inactive', ...SUPPLIER_CONTACT });
  const truck = (await admin.post('/api/vehicle-types', { code: 'T5', name: '5 t truck' })).body.id;
  const area = (await admin.post('/api/delivery-areas', { code: 'HBR', name: 'Harbour' })).body.id;
  const gone = {
    supplierId: (await admin.post('/api/suppliers', { name: DELETED.supplier, ...SUPPLIER_CONTACT })).body.id,
    vehicleTypeId: (await admin.post('/api/vehicle-types', { code: 'SV', name: DELETED.vehicleType })).body.id,
    deliveryAreaId: (await admin.post('/api/delivery-areas', { code: 'CQ', name: DELETED.deliveryArea })).body.id,
  };
  for (const path of [`suppliers/${gone.supplierId}`, `vehicle-types/${gone.vehicleTypeId}`, `delivery-areas/${gone.deliveryAreaId}`]) {
    const deleted = await admin.delete(`/api/${path}`);
    if (deleted.status !== 200) throw new Error(`delete ${path}: ${deleted.status}`);
  }
  await createOrder(admin, { mtmNumber: SECRETS.mtm, dnNumber: SECRETS.dn, supplierId: north,
    pickupWarehouseId: warehouse, vehicleTypeId: truck, assignedUserId: user.body.id, deliveryAreaId: area,
    pickupDate: dateOf(localDay(0)), mosDate: dateOf(localDay(2)), notes: SECRETS.notes });

  // Orders straight into the table, as fixtures: completions around today's edges, prices, statuses.
  const base = { pickupWarehouseId: warehouse, deliveryAreaId: area, assignedUserId: user.body.id, vehicleTypeId: truck };
  const rows = [
    { supplierId: north, status: 'completed', completionDate: localDay(0), createdAt: localDay(-3), baseSalePrice: '100.10' },
    { supplierId: north, status: 'completed', completionDate: localDay(1, -1000), createdAt: localDay(-1), baseSalePrice: '50.05' },
    { supplierId: south, status: 'completed', completionDate: localDay(0, -1000), createdAt: localDay(-5), baseSalePrice: '7.00' },
    { supplierId: south, status: 'completed', completionDate: localDay(1), createdAt: localDay(-2), baseSalePrice: '1.00' },
    { supplierId: south, status: 'completed', completionDate: localDay(-40), createdAt: localDay(-45), baseSalePrice: '999.00' },
    { supplierId: south, status: 'in_transit', createdAt: localDay(-1) },
    { supplierId: north, status: 'in_transit', createdAt: localDay(-1) },
    { supplierId: north, status: 'cancelled', createdAt: localDay(-1) },
    // To be picked up tomorrow: in this week's and month's period (unless they end today), but not due yet.
    { supplierId: null, status: 'booking_received', createdAt: localDay(-100), pickupDate: dateOf(localDay(1)) },
    // Open, booked in the window, of a supplier, vehicle type and area deleted since.
    { ...gone, status: 'vehicle_breakdown', createdAt: localDay(-2) },
    { supplierId: north, status: 'in_transit', createdAt: localDay(-1), deletedAt: new Date() },
  ];
  await app.db('orders').insert(rows.map((row, i) => orderBody({ ...base, mtmNumber: `FX-${i}`,
    pickupDate: dateOf(row.createdAt), mosDate: dateOf(localDay(3)), ...row })));
});
afterAll(() => app?.close());

describe('the public monitoring endpoints', () => {
  // First, while nothing is cached yet.
  it('compute once for callers that arrive together', async () => {
    let supplierQueries = 0;
    const count = (q: { sql: string }) => { if (/from "suppliers"/.test(q.sql)) supplierQueries += 1; };
    app.db.on('query', count);
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('overview')));
    app.db.off('query', count);
    expect(supplierQueries).toBe(1);
    expect(new Set(answers.map((a) => a.body.generatedAt)).size).toBe(1);
  });

  it('answer without a session, and set no cookie', async () => {
    for (const name of ENDPOINTS) {
      const answer = await get(name);
      expect([name, answer.status]).toEqual([name, 200]);
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(answer.headers.get('cache-control')).toBe('public, max-age=60');
    }
  });

  it('never answer a username, a name, a phone, an email, an order number or a note', async () => {
    for (const name of ENDPOINTS) {
      const text = JSON.stringify((await get(name)).body).toLowerCase();
      for (const [what, secret] of Object.entries(SECRETS)) {
        expect([name, what, text.includes(secret.toLowerCase())]).toEqual([name, what, false]);
      }
    }
    // The companies may be named.
    expect(JSON.stringify((await get('suppliers')).body)).toContain('North Freight Co');
  });

  it('count the overview as plain SQL does', async () => {
    const { rows: [sql] } = await app.db.raw(`select
      (select count(*) from orders where deleted_at is null) as total,
      (select count(*) from suppliers where deleted_at is null and status = 'active') as suppliers,
      (select count(*) from orders where deleted_at is null and status = 'in_transit') as in_transit,
      (select count(*) from orders where deleted_at is null and status = 'completed'
        and completion_date >= ? and completion_date < ?) as completed_today`, [localDay(0), localDay(1)]);
    const { body } = await get('overview');
    expect(body).toMatchObject({ totalOrders: Number(sql.total), activeSuppliers: Number(sql.suppliers),
      inTransit: Number(sql.in_transit), completedToday: Number(sql.completed_today) });
    // The fixtures: 11 live orders, 2 active suppliers, 2 in transit, 2 completed today (not the ones at its edges).
    expect(body).toMatchObject({ totalOrders: 11, activeSuppliers: 2, inTransit: 2, completedToday: 2 });
    expect(Date.parse(body.generatedAt)).not.toBeNaN();
  });

  it('counts every status, zeros included', async () => {
    const { body } = await get('order-status');
    const counts = Object.fromEntries(body.statuses.map((s: { status: string; count: number }) => [s.status, s.count]));
    expect(counts).toMatchObject({ completed: 5, in_transit: 2, cancelled: 1, booking_received: 2, awaiting_delivery: 0 });
    expect(body.statuses).toHaveLength(11);
  });

  it('sums sales of orders completed and counts orders booked in the last 30 days, by supplier', async () => {
    const { body } = await get('suppliers');
    expect(body.days).toBe(30);
    // The fixture completed tomorrow is not in the past window yet; the one 40 days ago is out of it.
    expect(body.suppliers).toEqual([
      { name: 'North Freight Co', orderCount: 5, salesAmount: '150.15' },
      { name: 'South Express Ltd', orderCount: 3, salesAmount: '7.00' },
    ]);
  });

  it('counts open orders by vehicle type and by area, those of deleted ones as not set', async () => {
    const { body } = await get('logistics');
    expect(body).toEqual(expect.objectContaining({ vehicleTypes: [{ name: '5 t truck', openOrders: 4 }, { name: null, openOrders: 1 }],
      deliveryAreas: [{ name: 'Harbour', openOrders: 4 }, { name: null, openOrders: 1 }] }));
  });

  it('never name a deleted supplier, vehicle type or delivery area', async () => {
    for (const name of ENDPOINTS) {
      const text = JSON.stringify((await get(name)).body);
      for (const [what, deleted] of Object.entries(DELETED)) expect([name, what, text.includes(deleted)]).toEqual([name, what, false]);
    }
  });

  it('computes the completion rates and the average days from booking to completion as plain SQL does', async () => {
    const { body } = await get('analytics');
    const now = new Date();
    const monday = localDay(-((now.getDay() + 6) % 7));
    const sunday = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 6);
    const firstOfMonth = new Date(now.getFullYear(), now.getMonth(), 1);
    const lastOfMonth = new Date(now.getFullYear(), now.getMonth() + 1, 0);
    const rate = async (from: Date, to: Date) => {
      const { rows: [r] } = await app.db.raw(`select count(*) filter (where status = 'completed') as completed,
        count(*) filter (where status <> 'cancelled') as orders from orders
        where deleted_at is null and pickup_date between ? and ? and pickup_date <= ?`, [dateOf(from), dateOf(to), dateOf(now)]);
      return { completed: Number(r.completed), orders: Number(r.orders) };
    };
    const week = await rate(monday, sunday);
    expect(body.week).toMatchObject({ ...week, fromDate: dateOf(monday), rate: Math.round((week.completed / week.orders) * 1000) / 10 });
    const month = await rate(firstOfMonth, lastOfMonth);
    expect(body.month).toMatchObject({ ...month, fromDate: dateOf(firstOfMonth) });
    const { rows: [avg] } = await app.db.raw(`select avg(extract(epoch from completion_date - created_at)) / 86400 as days
      from orders where deleted_at is null and status = 'completed' and completion_date >= ? and completion_date < ?`,
    [localDay(-89), localDay(1)]);
    expect(body.averageCompletionDays).toMatchObject({ days: Math.round(Number(avg.days) * 10) / 10, windowDays: 90, orders: 4 });
  });

  it('leaves the orders still to be picked up out of the completion rates', async () => {
    const { body } = await get('analytics');
    const today = dateOf(localDay(0));
    const counted = async ({ fromDate, toDate }: { fromDate: string; toDate: string }, pickup: '<=' | '>') =>
      Number((await app.db('orders').whereNull('deletedAt').whereNot('status', 'cancelled').where('pickupDate', '>=', fromDate)
        .where('pickupDate', '<', toDate).where('pickupDate', pickup, today).count({ n: '*' }))[0].n);
    for (const period of [body.week, body.month]) {
      // Tomorrow's fixture lies in the period unless the period ends today (a Sunday, a month's last day).
      if (dateOf(localDay(1)) < period.toDate) expect(await counted(period, '>')).toBeGreaterThan(0);
      expect(period.orders).toBe(await counted(period, '<='));
    }
  });

  it('draws the trend of the last 30 days by the server\'s calendar days', async () => {
    const { body } = await get('trend');
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)).toMatchObject({ date: dateOf(localDay(0)), completed: 2 });
    expect(body.days.at(-2)).toMatchObject({ date: dateOf(localDay(-1)), booked: 4 });
    expect(body.days.reduce((n: number, d: { completed: number }) => n + d.completed, 0)).toBe(3);
  });

  it('answers later callers from the cache within the minute', async () => {
    const first = await get('overview');
    const admin = await signedInAs(app.url, 'admin');
    await admin.post('/api/suppliers', { name: 'Brand New Carrier', ...SUPPLIER_CONTACT });
    expect((await get('overview')).body).toEqual(first.body);
  });
});
