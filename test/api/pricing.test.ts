import type { DataProvider } from 'ra-core';
import type { Role } from '@kernel/users/roles';
import { materialiseReports } from '../../api/src/reports/materialiseReports';
import { HttpClient, signedInAs } from '../helpers/httpClient';
import { stockDataProvider } from '../helpers/raClient';
import { useSignedInApp } from '../helpers/testApp';
import { createOrderReferences, placeIn, type OrderReferences } from '../helpers/orderReferences';
import { createOrder, type OrderFields } from '../helpers/orders';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { grantFieldGroups } from '../helpers/fieldGroups';

const { app, admin, biller } = useSignedInApp({ admin: 'admin', biller: 'biller' });
let ra: DataProvider;
let refs: OrderReferences & { userId: number };

beforeAll(async () => {
  ra = stockDataProvider(biller);
  refs = { ...await createOrderReferences(app, admin), userId: (await admin.get('/api/user')).body.id };
});

type Order = Record<string, any>;

/** This file's orders: refs' supplier, warehouse and own area, assigned to the admin. */
const place = () => ({ ...placeIn(refs), assignedUserId: refs.userId, supplierId: refs.supplier });

/** An order completed at `completedAt` the way the flow completes one: a POD, then the last transition. */
async function completedOrder(completedAt: Date, overrides: Partial<OrderFields> = {}): Promise<Order> {
  const order = await createOrder(admin, { ...place(), ...overrides });
  await app.db('orders').where({ id: order.id }).update({ status: 'awaiting_pod_upload' });
  await app.db('orderAttachments').insert({ orderId: order.id, kind: 'pod', fileName: 'pod.pdf',
    contentType: 'application/pdf', size: 5, content: Buffer.from('%PDF-') });
  const done = await admin.post(`/api/orders/${order.id}/transitions`,
    { to: 'completed', completionDate: completedAt.toISOString() });
  if (done.status !== 200) throw new Error(`complete order: ${done.status} ${JSON.stringify(done.body)}`);
  return done.body;
}

const list = async (filter: Record<string, unknown>, client = biller) => {
  const answer = await client.get(`/api/pricing?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,499]`
    + `&sort=${encodeURIComponent('["id","ASC"]')}`);
  if (answer.status !== 200) throw new Error(`list: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as Order[];
};
const ids = async (filter: Record<string, unknown>, client = biller) => (await list(filter, client)).map((o) => o.id);
const stats = (filter: Record<string, unknown>, client = biller) =>
  client.get(`/api/pricing/stats?filter=${encodeURIComponent(JSON.stringify(filter))}`);
const price = (order: Order, prices: Record<string, unknown>, client = biller) =>
  client.put(`/api/pricing/${order.id}`, { ...prices, version: order.version });

describe('who may use pricing management', () => {
  it.each<[Role, number]>([['admin', 200], ['manager', 200], ['director', 200], ['biller', 200],
    ['team_leader', 403], ['regional_dispatcher', 403]])('%s: list, stats and update answer %i', async (role, status) => {
    const client = await signedInAs(app.url, role);
    const order = await completedOrder(new Date(2030, 5, 1));
    const listed = await client.get('/api/pricing');
    expect(listed.status).toBe(status);
    expect((await client.get('/api/pricing/stats')).status).toBe(status);
    const updated = await price(order, { basePurchasePrice: '10.00' }, client);
    expect(updated.status).toBe(status);
    if (status === 403) {
      expect(listed.body.message).toContain('Access denied');
      expect((await app.db('orders').where({ id: order.id }).first()).basePurchasePrice).toBeNull();
    }
  });

  it('asks for a session', async () => {
    expect((await new HttpClient(app.url).get('/api/pricing')).status).toBe(401);
    expect((await new HttpClient(app.url).get('/api/pricing/stats')).status).toBe(401);
  });

  it('neither creates nor deletes orders, and adds nothing to the trash', async () => {
    const order = await completedOrder(new Date(2030, 5, 2));
    expect([404, 405]).toContain((await biller.post('/api/pricing', { mtmNumber: 'X' })).status);
    expect([404, 405]).toContain((await admin.delete(`/api/pricing/${order.id}`)).status);
    expect((await app.db('orders').where({ id: order.id }).first()).deletedAt).toBeNull();
    await admin.delete(`/api/orders/${order.id}`);
    const trash = await admin.get(`/api/trash?filter=${encodeURIComponent(JSON.stringify({ q: order.mtmNumber }))}`);
    expect(trash.body).toHaveLength(1);
  });
});

describe('the pricing list', () => {
  it('shows completed orders only, with the computed MTM prices and margin', async () => {
    const open = await createOrder(admin, { ...place(), mtmNumber: 'MTM-LIST-OPEN' });
    const done = await completedOrder(new Date(2030, 6, 1), { mtmNumber: 'MTM-LIST-DONE' });
    expect(await ids({ q: 'MTM-LIST' })).toEqual([done.id]);
    expect((await biller.get(`/api/pricing/${open.id}`)).status).toBe(404);
    expect((await price(open, { basePurchasePrice: '1.00' })).status).toBe(404);
    const [row] = await list({ q: 'MTM-LIST-DONE' });
    expect(row).toMatchObject({ mtmNumber: 'MTM-LIST-DONE', dnNumber: done.dnNumber, supplierId: refs.supplier,
      mtmBuyPrice: '0.00', mtmSalePrice: '0.00', margin: null, basePurchasePrice: null });
  });

  it('searches the MTM number by prefix and contains, not the DN number', async () => {
    const a = await completedOrder(new Date(2030, 6, 2), { mtmNumber: 'SRCH-ALPHA-1', dnNumber: 'DN-OMEGA-1' });
    const b = await completedOrder(new Date(2030, 6, 2), { mtmNumber: 'SRCH-BETA-2', dnNumber: 'DN-ALPHA-2' });
    expect(await ids({ q: 'srch-' })).toEqual([a.id, b.id]);
    expect(await ids({ q: 'alpha' })).toEqual([a.id]);
    expect(await ids({ q: 'omega' })).toEqual([]);
    expect(await ids({ q: '%' })).toEqual([]);
  });

  it('filters the orders whose pricing is not set: base purchase or base sale price missing', async () => {
    const when = new Date(2030, 7, 1);
    const none = await completedOrder(when, { mtmNumber: 'NOTSET-NONE' });
    const buyOnly = await completedOrder(when, { mtmNumber: 'NOTSET-BUY' });
    const both = await completedOrder(when, { mtmNumber: 'NOTSET-BOTH' });
    const extrasOnly = await completedOrder(when, { mtmNumber: 'NOTSET-EXTRAS' });
    expect((await price(buyOnly, { basePurchasePrice: '5' })).status).toBe(200);
    expect((await price(both, { basePurchasePrice: '5', baseSalePrice: '0' })).status).toBe(200);
    expect((await price(extrasOnly, { haulingBuyPrice: '3', haulingSalePrice: '4' })).status).toBe(200);
    expect(await ids({ q: 'NOTSET-', pricingNotSet: true })).toEqual([none.id, buyOnly.id, extrasOnly.id]);
    expect(await ids({ q: 'NOTSET-', pricingNotSet: false })).toEqual([none.id, buyOnly.id, both.id, extrasOnly.id]);
  });

  it('sorts by a price and refuses an unknown sort or filter', async () => {
    const when = new Date(2030, 7, 2);
    const cheap = await completedOrder(when, { mtmNumber: 'SORT-CHEAP' });
    const dear = await completedOrder(when, { mtmNumber: 'SORT-DEAR' });
    await price(cheap, { baseSalePrice: '9.99' });
    await price(dear, { baseSalePrice: '10.00' });
    const sorted = await biller.get(`/api/pricing?filter=${encodeURIComponent('{"q":"SORT-"}')}`
      + `&sort=${encodeURIComponent('["mtmSalePrice","DESC"]')}`);
    expect(sorted.body.map((o: Order) => o.id)).toEqual([dear.id, cheap.id]);
    expect(sorted.headers.get('content-range')).toBe('pricing 0-1/2');
    expect((await biller.get(`/api/pricing?sort=${encodeURIComponent('["notes","ASC"]')}`)).status).toBe(400);
    expect((await biller.get(`/api/pricing?filter=${encodeURIComponent('{"status":"booking_received"}')}`)).status).toBe(400);
  });
});

describe('the period: year, month or ISO week of the completion date, in the server time zone', () => {
  const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) => new Date(y, m - 1, d, h, min, s, ms);
  let lastOf2036: Order;
  let firstOf2037: Order;
  let endOfJan: Order;
  let sunday: Order;
  let monday: Order;

  beforeAll(async () => {
    // 2037-01-01 is a Thursday: ISO week 2037-W01 runs Monday 2036-12-29 to Sunday 2037-01-04.
    lastOf2036 = await completedOrder(local(2036, 12, 31, 23, 59, 59, 999), { mtmNumber: 'EDGE-1' });
    firstOf2037 = await completedOrder(local(2037, 1, 1), { mtmNumber: 'EDGE-2' });
    sunday = await completedOrder(local(2037, 1, 4, 23, 59, 59), { mtmNumber: 'EDGE-3' });
    monday = await completedOrder(local(2037, 1, 5), { mtmNumber: 'EDGE-4' });
    endOfJan = await completedOrder(local(2037, 1, 31, 23, 59), { mtmNumber: 'EDGE-5' });
  });

  it('selects a year', async () => {
    expect(await ids({ period: '2036' })).toEqual([lastOf2036.id]);
    expect(await ids({ period: '2037' })).toEqual([firstOf2037.id, sunday.id, monday.id, endOfJan.id]);
  });

  it('selects a month', async () => {
    expect(await ids({ period: '2036-12' })).toEqual([lastOf2036.id]);
    expect(await ids({ period: '2037-01' })).toEqual([firstOf2037.id, sunday.id, monday.id, endOfJan.id]);
    expect(await ids({ period: '2037-02' })).toEqual([]);
  });

  it('selects an ISO week, which may begin in the year before', async () => {
    expect(await ids({ period: '2037-W01' })).toEqual([lastOf2036.id, firstOf2037.id, sunday.id]);
    expect(await ids({ period: '2037-W02' })).toEqual([monday.id]);
    expect(await ids({ period: '2037-W05' })).toEqual([endOfJan.id]);
    expect(await ids({ period: '2036-W52' })).toEqual([]);
  });

  it('knows which years have a week 53 and refuses malformed periods with 400', async () => {
    expect((await stats({ period: '2026-W53' })).status).toBe(200); // 2026 ends on a Thursday
    for (const period of ['2027-W53', '2037-W00', '2037-13', '2037-00', '2037-1', 'last week', 2037]) {
      const answer = await stats({ period });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ period: 'Use YYYY, YYYY-MM or YYYY-Www' });
    }
  });
});

describe('writing the prices', () => {
  it('stores the six prices exactly, the database sums the MTM prices, and the log has before and after', async () => {
    const order = await completedOrder(new Date(2031, 0, 10));
    const answer = await price(order, { basePurchasePrice: '0.10', haulingBuyPrice: '0.20', foulTripBuyPrice: null,
      baseSalePrice: 0.1, haulingSalePrice: '0.2', foulTripSalePrice: '0.05' });
    expect(answer.status).toBe(200);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; numeric(12,2) is exact.
    expect(answer.body).toMatchObject({ basePurchasePrice: '0.10', haulingBuyPrice: '0.20', foulTripBuyPrice: null,
      mtmBuyPrice: '0.30', baseSalePrice: '0.10', haulingSalePrice: '0.20', foulTripSalePrice: '0.05',
      mtmSalePrice: '0.35', margin: '0.05', version: order.version + 1 });
    const log = await app.db('activityLogs').where({ action: 'update', entityType: 'order', entityId: String(order.id) })
      .first();
    expect(log.username).toBe('biller');
    expect(log.changes).toEqual({
      basePurchasePrice: { before: null, after: '0.10' }, haulingBuyPrice: { before: null, after: '0.20' },
      baseSalePrice: { before: null, after: '0.10' }, haulingSalePrice: { before: null, after: '0.20' },
      foulTripSalePrice: { before: null, after: '0.05' },
    });
  });

  it('clears a price with null or an empty string and keeps the ones not sent', async () => {
    const order = await completedOrder(new Date(2031, 0, 11));
    const first = await price(order, { basePurchasePrice: '12.5', baseSalePrice: '20' });
    const second = await price(first.body, { basePurchasePrice: '', haulingBuyPrice: '1.25' });
    expect(second.body).toMatchObject({ basePurchasePrice: null, haulingBuyPrice: '1.25', baseSalePrice: '20.00',
      mtmBuyPrice: '1.25', mtmSalePrice: '20.00', margin: null });
  });

  it('accepts the stock client sending the whole record back, and refuses a stale version with 409', async () => {
    const order = await completedOrder(new Date(2031, 0, 12));
    const { data } = await ra.getOne('pricing', { id: order.id });
    const { data: updated } = await ra.update('pricing', { id: order.id, data: { ...data, baseSalePrice: '99.99' },
      previousData: data });
    expect(updated).toMatchObject({ baseSalePrice: '99.99', mtmSalePrice: '99.99', margin: null });
    const stale = await biller.put(`/api/pricing/${order.id}`, { baseSalePrice: '1.00', version: data.version });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual({ version: 'Stale version' });
    expect((await app.db('orders').where({ id: order.id }).first()).baseSalePrice).toBe('99.99');
    expect(await app.db('activityLogs').where({ action: 'update', entityId: String(order.id) })).toHaveLength(1);
  });

  it.each([
    ['-1', 'basePurchasePrice must not be negative'],
    [-0.01, 'basePurchasePrice must not be negative'],
    ['1.005', 'basePurchasePrice has more than 2 decimals'],
    [0.125, 'basePurchasePrice has more than 2 decimals'],
    ['1000000000', 'basePurchasePrice must be at most 999999999.99'],
    ['12345678901', 'basePurchasePrice must be at most 999999999.99'],
    ['abc', 'basePurchasePrice must be an amount such as 12.50'],
    ['1e3', 'basePurchasePrice must be an amount such as 12.50'],
    [true, 'basePurchasePrice must be an amount such as 12.50'],
  ])('refuses %p with 400: "%s", and changes nothing', async (value, reason) => {
    const order = await completedOrder(new Date(2031, 0, 13));
    const answer = await price(order, { basePurchasePrice: value, baseSalePrice: '5.00' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ basePurchasePrice: reason });
    expect(answer.body.message).toContain('basePurchasePrice');
    const row = await app.db('orders').where({ id: order.id }).first();
    expect([row.basePurchasePrice, row.baseSalePrice, row.version]).toEqual([null, null, order.version]);
  });

  it('keeps three maximal prices of a side inside the MTM price', async () => {
    const order = await completedOrder(new Date(2031, 0, 16));
    const max = '999999999.99';
    const answer = await price(order, { basePurchasePrice: max, haulingBuyPrice: max, foulTripBuyPrice: max,
      baseSalePrice: max, haulingSalePrice: max, foulTripSalePrice: max });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ mtmBuyPrice: '2999999999.97', mtmSalePrice: '2999999999.97', margin: '0.00' });
  });

  it('reports every bad field at once', async () => {
    const order = await completedOrder(new Date(2031, 0, 14));
    const answer = await price(order, { haulingBuyPrice: '-3', foulTripSalePrice: '0.001' });
    expect(answer.body.errors).toEqual({ haulingBuyPrice: 'haulingBuyPrice must not be negative',
      foulTripSalePrice: 'foulTripSalePrice has more than 2 decimals' });
  });

  it('refuses to type the MTM prices or the margin, or to change anything but prices', async () => {
    const order = await completedOrder(new Date(2031, 0, 15));
    for (const body of [{ mtmBuyPrice: '5.00' }, { mtmSalePrice: '5.00' }, { margin: '1.00' }, { mtmNumber: 'OTHER' },
      { status: 'cancelled' }, { completionDate: new Date(2020, 0, 1).toISOString() }]) {
      const answer = await price(order, body);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual(Object.keys(body));
    }
    expect((await price(order, {})).status).toBe(400);
    expect((await price(order, { notes: 'x' })).body.errors).toHaveProperty('notes');
  });
});

describe('the statistics', () => {
  it('counts complete and unset pricing and sums the money exactly in the database', async () => {
    const when = new Date(2032, 2, 15);
    for (let i = 0; i < 10; i += 1) {
      const order = await completedOrder(when);
      // Ten times 0.10 as floats is 0.9999999999999999; as numeric it is 1.00.
      await price(order, { basePurchasePrice: '0.10', baseSalePrice: '0.20', haulingSalePrice: '0.10' });
    }
    await completedOrder(when);
    const answer = await stats({ period: '2032-03' });
    expect(answer.body).toEqual({ pricingComplete: 10, pricingNotSet: 1, totalCompleted: 11,
      buyTotal: '1.00', saleTotal: '3.00', margin: '2.00' });
  });

  it('sums money and margin over the orders whose pricing is set only; a half-priced order has no margin', async () => {
    const when = new Date(2032, 3, 15);
    const priced = await completedOrder(when, { mtmNumber: 'HALF-BOTH' });
    const saleOnly = await completedOrder(when, { mtmNumber: 'HALF-SALE' });
    const buyOnly = await completedOrder(when, { mtmNumber: 'HALF-BUY' });
    await price(priced, { basePurchasePrice: '100.00', baseSalePrice: '120.00' });
    await price(saleOnly, { baseSalePrice: '50.00', haulingSalePrice: '5.00' });
    await price(buyOnly, { basePurchasePrice: '30.00', haulingBuyPrice: '7.00' });
    expect((await stats({ period: '2032-04' })).body).toEqual({ pricingComplete: 1, pricingNotSet: 2, totalCompleted: 3,
      buyTotal: '100.00', saleTotal: '120.00', margin: '20.00' });
    const rows = await list({ q: 'HALF-' });
    expect(rows.map((o) => [o.mtmNumber, o.mtmBuyPrice, o.mtmSalePrice, o.margin])).toEqual([
      ['HALF-BOTH', '100.00', '120.00', '20.00'], ['HALF-SALE', '0.00', '55.00', null], ['HALF-BUY', '37.00', '0.00', null]]);
    expect((await biller.get(`/api/pricing/${saleOnly.id}`)).body.margin).toBeNull();
  });

  it('follows the search and the not-set filter, and answers zeros as money when nothing matches', async () => {
    const when = new Date(2033, 4, 5);
    const a = await completedOrder(when, { mtmNumber: 'STAT-A' });
    await completedOrder(when, { mtmNumber: 'STAT-B' });
    await price(a, { basePurchasePrice: '100.00', baseSalePrice: '80.00' });
    expect((await stats({ period: '2033', q: 'STAT-A' })).body).toEqual({ pricingComplete: 1, pricingNotSet: 0,
      totalCompleted: 1, buyTotal: '100.00', saleTotal: '80.00', margin: '-20.00' });
    expect((await stats({ period: '2033', pricingNotSet: true })).body).toMatchObject({ pricingComplete: 0,
      pricingNotSet: 1, totalCompleted: 1 });
    expect((await stats({ period: '2099' })).body).toEqual({ pricingComplete: 0, pricingNotSet: 0, totalCompleted: 0,
      buyTotal: '0.00', saleTotal: '0.00', margin: '0.00' });
  });
});

describe('one margin for pricing management and the reports', () => {
  it('counts the orders whose pricing is set only, in the statistics and in the reports alike', async () => {
    const supplierId = (await admin.post('/api/suppliers', { name: 'Margin Carrier', ...SUPPLIER_CONTACT })).body.id;
    const when = new Date(Date.UTC(2035, 2, 10, 6));
    const priced = await completedOrder(when, { supplierId });
    const loss = await completedOrder(when, { supplierId });
    const saleOnly = await completedOrder(when, { supplierId });
    await completedOrder(when, { supplierId });
    expect((await price(priced, { basePurchasePrice: '60.00', haulingBuyPrice: '5.25', baseSalePrice: '100.00',
      haulingSalePrice: '10' })).status).toBe(200);
    expect((await price(loss, { basePurchasePrice: '50', baseSalePrice: '40.50' })).status).toBe(200);
    // Completed with a sale price but no purchase price: no margin yet, not its whole sale.
    expect((await price(saleOnly, { baseSalePrice: '500.00' })).status).toBe(200);

    const pricing = (await stats({ supplierId, period: '2035-03' })).body;
    expect(pricing).toMatchObject({ totalCompleted: 4, pricingComplete: 2, margin: '35.25' });

    const run = await materialiseReports(app.db, { kind: 'manual', timeZone: 'UTC', now: new Date(Date.UTC(2035, 2, 31, 12)) });
    const report = await admin.get(`/api/reports/statistics?runId=${run.id}&months=3&granularity=month&dimension=supplier`);
    expect(report.status).toBe(200);
    const row = report.body.rows.find((r: Order) => r.key === supplierId && r.period === '2035-03-01');
    // The reports' buy and sale totals still count every completed order; their margin is the pricing's.
    expect(row).toMatchObject({ billedOrders: 4, buyTotal: '115.25', saleTotal: '650.50', margin: pricing.margin });
  });
});

describe('a regional dispatcher granted the page', () => {
  it('sees, counts and prices only the orders of their own delivery areas', async () => {
    await app.db('pagePermissions').insert({ userId: refs.dispatcherId, pageKey: 'pricing_management', allowed: true });
    // And the prices, which a dispatcher does not see by default (field groups).
    await grantFieldGroups(app, 'regional_dispatcher');
    const dispatcher = await signedInAs(app.url, 'regional_dispatcher');
    const when = new Date(2034, 0, 20);
    const mine = await completedOrder(when, { deliveryAreaId: refs.ownArea });
    const theirs = await completedOrder(when, { deliveryAreaId: refs.otherArea });
    expect(await ids({ period: '2034' }, dispatcher)).toEqual([mine.id]);
    expect(await ids({ period: '2034' }, biller)).toEqual([mine.id, theirs.id]);
    expect((await stats({ period: '2034' }, dispatcher)).body.totalCompleted).toBe(1);
    expect((await price(theirs, { basePurchasePrice: '1.00' }, dispatcher)).status).toBe(404);
    expect((await price(mine, { basePurchasePrice: '1.00' }, dispatcher)).status).toBe(200);
    expect((await app.db('orders').where({ id: theirs.id }).first()).basePurchasePrice).toBeNull();
  });
});
