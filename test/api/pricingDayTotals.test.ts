import { type HttpClient, signedInAs } from '../helpers/httpClient';
import { grantFieldGroups } from '../helpers/fieldGroups';
import { startTestApp, type TestApp } from '../helpers/testApp';

/*
 * Pricing management's totals are kept per day by a trigger on orders (migrations/
 * 20261203000300_pricing_day_totals.ts). Whatever path writes an order, the totals read from them
 * must be the orders' own sums: after each write below, for each filter the kept totals answer,
 * the statistics equal those summed from the orders (the same filter with a completion instant
 * the kept totals do not answer, so the route sums the orders: api/src/pricing/routes.ts).
 */
let app: TestApp;
let admin: HttpClient;
let biller: HttpClient;
let dispatcher: HttpClient;

beforeAll(async () => {
  // The demo company: orders completed over 13 months in every area, by card and by hand, some unpriced.
  app = await startTestApp({ sampleData: true });
  [admin, biller, dispatcher] = await Promise.all((['admin', 'biller', 'regional_dispatcher'] as const).map((name) => signedInAs(app.url, name)));
  // A dispatcher given pricing management and the prices (field groups) sees their areas' totals only.
  const { id: userId } = await app.db('users').where({ username: 'regional_dispatcher' }).first('id');
  await app.db('pagePermissions').insert({ userId, pageKey: 'pricing_management', allowed: true });
  await grantFieldGroups(app, 'regional_dispatcher');
}, 300_000);
afterAll(() => app?.close());

const stats = async (client: HttpClient, filter: object) => {
  const answer = await client.get(`/api/pricing/stats?filter=${encodeURIComponent(JSON.stringify(filter))}`);
  if (answer.status !== 200) throw new Error(`stats ${JSON.stringify(filter)}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** Every filter the kept totals answer, alone and together, for the admin and the dispatcher. */
async function filters(): Promise<object[]> {
  const [{ id: supplierId }] = await app.db('suppliers').orderBy('id').limit(1).select('id');
  const [{ id: areaId }] = await app.db('deliveryAreas').orderBy('id').limit(1).select('id');
  const now = new Date();
  const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  return [{}, { period: String(now.getFullYear()) }, { period: month }, { period: `${now.getFullYear() - 1}` }, { period: '2026-W48' },
    { supplierId }, { deliveryAreaId: areaId }, { priceSource: 'card' }, { priceSource: 'hand' }, { pricingNotSet: true },
    { pricingNotSet: true, priceSource: 'card' }, { pricingNotSet: true, priceSource: 'hand' },
    { period: month, supplierId, priceSource: 'card' }, { deliveryAreaId: areaId, pricingNotSet: true }];
}

/** The kept totals equal the orders' sums, for every filter and both people. */
async function expectKeptAsSummed(step: string) {
  const seen = [];
  for (const filter of await filters()) {
    for (const [who, client] of [['admin', admin], ['dispatcher', dispatcher]] as const) {
      const [kept, summed] = await Promise.all([stats(client, filter), stats(client, { ...filter, completionDate_gte: '1900-01-01T00:00:00Z' })]);
      seen.push({ step, who, filter, totals: kept });
      expect({ step, who, filter, totals: kept }).toEqual({ step, who, filter, totals: summed });
    }
  }
  return seen;
}

describe('pricing totals kept per day', () => {
  it('are the orders\' sums after every kind of write', async () => {
    const all = await expectKeptAsSummed('as seeded');
    // The kept totals are read: the demo company has completed orders, priced and not.
    expect((all[0].totals as { totalCompleted: number }).totalCompleted).toBeGreaterThan(100);
    expect(Number((await app.db('pricingDayTotals').sum({ n: 'orders' }))[0].n)).toBe((all[0].totals as { totalCompleted: number }).totalCompleted);

    const completed = await app.db('orders').where({ status: 'completed' }).whereNull('deletedAt').orderBy('id').limit(6)
      .select('id', 'version', 'rateCardId');
    // A price typed over a card's (the order leaves its card), and its undo.
    const typed = await biller.put(`/api/pricing/${completed[0].id}`, { baseSalePrice: '4321.50', version: completed[0].version });
    expect(typed.status).toBe(200);
    await expectKeptAsSummed('a price typed');
    const [{ actionId }] = await app.db('activityLogs').where({ entityType: 'order', entityId: String(completed[0].id) }).orderBy('id', 'desc')
      .limit(1).select('actionId');
    expect((await biller.post(`/api/actions/${actionId}/undo`)).status).toBe(200);
    await expectKeptAsSummed('the price undone');

    // Pasted prices, many orders in one statement.
    const pasted = await biller.post('/api/pricing/paste', { rows: completed.slice(1, 4).map((order, n) =>
      ({ id: order.id, version: order.version, basePurchasePrice: `${100 + n}.00`, baseSalePrice: `${200 + n}.25` })) });
    expect(pasted.body.saved).toHaveLength(3);
    await expectKeptAsSummed('prices pasted');

    // Moved to another area in bulk, deleted, restored from the trash, purged.
    const [{ id: otherArea }] = await app.db('deliveryAreas').orderBy('id', 'desc').limit(1).select('id');
    const moved = await admin.post('/api/orders/bulk-edit', { ids: [completed[4].id, completed[5].id], changes: { deliveryAreaId: otherArea } });
    expect(moved.status).toBe(200);
    await expectKeptAsSummed('moved to another area');
    expect((await admin.delete(`/api/orders/${completed[4].id}`)).status).toBe(200);
    await expectKeptAsSummed('deleted');
    expect((await admin.post(`/api/trash/order/${completed[4].id}/restore`)).status).toBe(200);
    await expectKeptAsSummed('restored');
    expect((await admin.delete(`/api/orders/${completed[5].id}`)).status).toBe(200);
    expect((await admin.delete(`/api/trash/order/${completed[5].id}`)).status).toBe(200);
    await expectKeptAsSummed('purged');

    // Completed now: an order waiting for its POD, which it has.
    const [waiting] = await app.db('orders as o').where('o.status', 'awaiting_pod_upload').whereNull('o.deletedAt')
      .whereExists(app.db('orderAttachments as a').whereRaw('a.order_id = o.id').where('a.kind', 'pod')).limit(1).select('o.id');
    expect((await admin.post(`/api/orders/${waiting.id}/transitions`, { to: 'completed', completionDate: new Date().toISOString() })).status).toBe(200);
    await expectKeptAsSummed('completed now');

    // Written outside the API (an operator's SQL): the trigger keeps the totals all the same.
    await app.db('orders').where({ status: 'completed' }).whereNull('deletedAt').where('id', '>', completed[5].id).limit(50)
      .update({ completionDate: app.db.raw("completion_date - interval '40 days'") });
    await expectKeptAsSummed('dates moved by SQL');
  });

  it('are rebuilt for the server\'s time zone at start when they were made for another', async () => {
    const before = await stats(admin, {});
    await app.db('pricingTotalsZone').update({ zone: 'Pacific/Chatham' });
    await app.db('pricingDayTotals').update({ orders: 0 });
    // Made for another zone: not read (the orders are summed) until a start rebuilds them.
    expect(await stats(admin, {})).toEqual(before);
    const { syncPricingDayTotals } = await import('../../api/src/pricing/dayTotals');
    await syncPricingDayTotals(app.db);
    expect(Number((await app.db('pricingDayTotals').sum({ n: 'orders' }))[0].n)).toBe(before.totalCompleted);
    await expectKeptAsSummed('rebuilt');
  });
});
