import { monthStart } from '../../api/src/reports/reportPeriods';
import { signedInAs, HttpClient } from '../helpers/httpClient';
import { startTestApp, type TestApp } from '../helpers/testApp';

/**
 * The full demo data (what `npm start` writes into an empty database) tells a company's last 13
 * months on every screen: checked here over HTTP, as the screens read it.
 */
let app: TestApp;
let admin: HttpClient;
beforeAll(async () => {
  // The demo company as prepareDatabase seeds it (seedDemoData), from the prepared copy the browser
  // suite starts from too: made here once per run instead of once more there.
  app = await startTestApp({ sampleData: true });
  admin = await signedInAs(app.url, 'admin');
}, 300_000);
afterAll(() => app?.close());

const query = (params: Record<string, unknown>) => Object.entries(params)
  .map(([key, value]) => `${key}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`).join('&');
const total = (answer: { headers: Headers }) => Number(answer.headers.get('content-range')!.split('/')[1]);
const statistics = async (params: Record<string, unknown>) => {
  const answer = await admin.get(`/api/reports/statistics?${query(params)}`);
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('the public monitoring dashboard', () => {
  it('shows orders completed today and a completion rate this week and this month', async () => {
    const { body: overview } = await new HttpClient(app.url).get('/api/public/monitoring/overview');
    expect(overview.completedToday).toBeGreaterThan(0);
    expect(overview.inTransit).toBeGreaterThan(0);
    expect(overview.activeSuppliers).toBeGreaterThan(5);
    const { body: analytics } = await new HttpClient(app.url).get('/api/public/monitoring/analytics');
    expect(analytics.week.rate).toBeGreaterThan(0);
    expect(analytics.month.rate).toBeGreaterThan(0);
    expect(analytics.averageCompletionDays.days).toBeGreaterThan(0);
  });
});

describe('the reports', () => {
  it('have orders and billing in every month of the last 12', async () => {
    const report = await statistics({ months: 12, granularity: 'month', dimension: 'overall' });
    const months = Array.from({ length: 12 }, (_, i) => monthStart(report.to, 11 - i).slice(0, 7));
    expect(report.rows.map((row: { periodLabel: string }) => row.periodLabel)).toEqual(months);
    for (const row of report.rows) {
      expect([row.periodLabel, row.orders > 0, row.billedOrders > 0, Number(row.saleTotal) > 0])
        .toEqual([row.periodLabel, true, true, true]);
    }
  });

  it('keep snapshots of past nights: the last nights, Sundays, and every month-end of the year', async () => {
    const answer = await admin.get(`/api/report-runs?${query({ sort: ['runAt', 'DESC'], range: [0, 99] })}`);
    const runs: Array<{ id: number; runDate: string; kind: string; rowCount: number }> = answer.body;
    expect(total(answer)).toBe(runs.length);
    expect(runs.length).toBeGreaterThanOrEqual(15);
    // Counted back from today's month, not the latest night's: on the 1st that night ends last
    // month, and the history starts on the 1st of the month twelve months back.
    const today = new Date().toLocaleDateString('sv');
    const months = new Set(runs.map((run) => run.runDate.slice(0, 7)));
    for (let back = 1; back <= 12; back += 1) expect(months).toContain(monthStart(today, back).slice(0, 7));
    expect(runs.every((run) => run.rowCount > 0)).toBe(true);
    expect(runs.filter((run) => run.kind === 'manual')).toHaveLength(1);
  });

  it('computed each snapshot as of its night: orders then still on the road are in progress there, completed now', async () => {
    const { body: runs } = await admin.get(`/api/report-runs?${query({ sort: ['runAt', 'DESC'], range: [0, 99] })}`);
    const monthEnd = runs.find((run: { runDate: string }) => run.runDate < monthStart(runs[0].runDate, 1));
    const inProgress = async (runId: number) => (await statistics({ runId, months: 3, granularity: 'day', dimension: 'overall' }))
      .rows.filter((row: { period: string }) => row.period > monthStart(monthEnd.runDate, 0) && row.period <= monthEnd.runDate)
      .reduce((sum: number, row: { inProgress: number }) => sum + row.inProgress, 0);
    const then = await inProgress(monthEnd.id);
    expect(then).toBeGreaterThan(0);
    expect(await inProgress(runs[0].id)).toBeLessThan(then);
  });
});

describe('the orders', () => {
  it('flow every day up to today, with open orders late in more than one area', async () => {
    const today = new Date().toLocaleDateString('sv');
    const booked = await admin.get(`/api/orders?${query({ filter: { createdAt_gte: new Date(`${today}T00:00:00`).toISOString() } })}`);
    expect(total(booked)).toBeGreaterThan(0);
    const { body: monitoring } = await admin.get('/api/process-monitoring');
    expect(monitoring.totals.mos).toBeGreaterThan(0);
    expect(monitoring.areas.filter((area: { delayed: number }) => area.delayed > 0).length).toBeGreaterThan(1);
  });

  it('have PODs and receipts, prices, foul-trip prices and a pricing backlog', async () => {
    const foul = await admin.get(`/api/pricing?${query({ sort: ['foulTripSalePrice', 'ASC'], range: [0, 0] })}`);
    expect(foul.body[0]).toMatchObject({ foulTripBuyPrice: expect.any(String), foulTripSalePrice: expect.any(String) });
    const notSet = await admin.get(`/api/pricing?${query({ filter: { pricingNotSet: true }, range: [0, 0] })}`);
    expect(total(notSet)).toBeGreaterThan(0);
    const [{ orderId }] = await app.db('orderAttachments').where({ kind: 'receipt' }).limit(1).select('orderId');
    const { body: attachments } = await admin.get(`/api/orders/${orderId}/attachments`);
    expect(attachments.map((a: { kind: string }) => a.kind).sort()).toEqual(['pod', 'receipt']);
  });

  it('price orders by rate card, by hand, and leave some for "Apply rate cards"', async () => {
    const count = async (filter: Record<string, unknown>) => total(await admin.get(`/api/pricing?${query({ filter, range: [0, 0] })}`));
    const cards = await admin.get(`/api/rate-cards?${query({ range: [0, 0] })}`);
    expect(total(cards)).toBeGreaterThan(20);
    expect(await count({ priceSource: 'card' })).toBeGreaterThan(50);
    expect(await count({ priceSource: 'hand' })).toBeGreaterThan(1000);
    const preview = await admin.post('/api/rate-cards/apply', { filter: {}, preview: true });
    expect(preview.body.priced).toBeGreaterThan(0);
    expect(preview.body.noCard.no_card).toBeGreaterThan(0);
  });

  it('show a regional dispatcher only the orders and delays of their own areas', async () => {
    const dispatcher = await signedInAs(app.url, 'regional_dispatcher');
    const { body: me } = await dispatcher.get('/api/user');
    const own = (await app.db('userDeliveryAreas').where({ userId: me.id }).select('deliveryAreaId'))
      .map((row) => row.deliveryAreaId).sort();
    expect(own.length).toBeGreaterThan(1);
    const answer = await dispatcher.get(`/api/orders?${query({ range: [0, 499] })}`);
    expect(answer.body.length).toBeGreaterThan(0);
    expect(total(answer)).toBeLessThan(total(await admin.get(`/api/orders?${query({ range: [0, 0] })}`)));
    expect([...new Set(answer.body.map((order: { deliveryAreaId: number }) => order.deliveryAreaId))].sort()).toEqual(own);
    const { body: monitoring } = await dispatcher.get('/api/process-monitoring');
    expect(monitoring.areas.map((area: { deliveryAreaId: number }) => area.deliveryAreaId).sort()).toEqual(own);
  });
});

describe('the people and their traces', () => {
  it('has a team of more than one person per role, and one registration waiting', async () => {
    const { body: dashboard } = await admin.get('/api/dashboard');
    expect(Object.values(dashboard.contributors).map((names) => (names as string[]).length)).toEqual([3, 2, 3, 1]);
    const pending = await admin.get(`/api/users?${query({ filter: { status: 'pending' } })}`);
    expect(pending.body).toEqual([expect.objectContaining({ status: 'pending' })]);
    const { body: presets } = await signedInAs(app.url, 'team_leader')
      .then((leader) => leader.get('/api/saved-filters?resource=orders'));
    expect(presets.length).toBeGreaterThan(0);
  });

  it('logged the timeline of every order and the work around it', async () => {
    for (const action of ['login', 'create', 'status_change', 'update', 'upload', 'delete', 'register']) {
      expect([action, total(await admin.get(`/api/activity-logs?${query({ filter: { action }, range: [0, 0] })}`)) > 0])
        .toEqual([action, true]);
    }
    const [{ orderId }] = await app.db('orderEvents').groupBy('orderId').orderByRaw('count(*) desc, order_id')
      .limit(1).select('orderId');
    const { body: events } = await admin.get(`/api/orders/${orderId}/events`);
    const { body: logs } = await admin.get(`/api/activity-logs?${query({ filter: { entityType: 'order',
      entityId: String(orderId), action: 'status_change' }, sort: ['at', 'ASC'], range: [0, 99] })}`);
    expect(logs.map((log: { changes: { status: { after: string } } }) => log.changes.status.after))
      .toEqual(events.slice(1).map((event: { toStatus: string }) => event.toStatus));
  });

  it('has a supplier, a warehouse and an order in the trash, each with who deleted it', async () => {
    const { body: trash } = await admin.get('/api/trash');
    expect(trash.map((row: { type: string }) => row.type).sort()).toEqual(['order', 'supplier', 'warehouse']);
    expect(trash.every((row: { deletedByName: string }) => row.deletedByName.length > 0)).toBe(true);
  });
});
