import { PAGE_KEYS } from '@kernel/permissions/pageKeys';
import { FIELD_GROUPS, type FieldGroup } from '@kernel/permissions/fieldGroups';
import type { Role } from '@kernel/users/roles';
import { type HttpClient, newToken, signedInAs, tokenClient } from '../helpers/httpClient';
import { createFixtures, fixtureId, GET_QUERIES, type Fixtures, type RecordMaker } from '../helpers/routeFixtures';
import { fillPath, ROUTES } from '../helpers/routeTable';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { startWebhookReceiver } from '../helpers/webhookReceiver';
import { openEventStream } from '../helpers/eventStream';
import { leaksIn } from '../helpers/fieldGroups';
import { sendDueWebhooks } from '../../api/src/webhooks/webhookWorker';

/*
 * Field groups (docs/roles-and-permissions.md#field-groups): an order's purchase and sale prices
 * leave the server only for the roles holding their group, whatever route they would leave by.
 */

/**
 * Prices no other record holds, each side's three and the MTM totals and margin the database
 * sums from them: a route that tells one of them tells a withheld price.
 */
const PURCHASE = { basePurchasePrice: '7301.11', haulingBuyPrice: '7302.22', foulTripBuyPrice: '7303.33' };
const SALE = { baseSalePrice: '8401.44', haulingSalePrice: '8402.55', foulTripSalePrice: '8403.66' };
const SIGNS: Record<FieldGroup | 'margin', string[]> = {
  'order.purchase_prices': [...Object.values(PURCHASE), '21906.66'],
  'order.sale_prices': [...Object.values(SALE), '25207.65'],
  margin: ['3300.99'],
};

/** The signs of the groups a caller does not hold found in an answer. */
const leaks = (text: string, withheld: Array<FieldGroup | 'margin'>) => leaksIn(text, SIGNS, withheld);

/** The GET routes a person reads data by; the event stream, which never ends, is read by its own test below. */
const READS = ROUTES.filter((route) => route.method === 'GET' && route.guard !== 'public' && route.guard !== 'second-step'
  && route.path !== '/api/events');

let app: TestApp;
let f: Fixtures;
let admin: HttpClient;
let maker: RecordMaker;

/** Each caller holding every page (granted to their account), and the groups it holds. */
const CALLERS: Array<{ name: string; role: Role; token?: true; holds: FieldGroup[] }> = [
  { name: 'regional_dispatcher', role: 'regional_dispatcher', holds: [] },
  { name: 'team_leader', role: 'team_leader', holds: ['order.sale_prices'] },
  { name: 'token:team_leader', role: 'team_leader', token: true, holds: ['order.sale_prices'] },
  { name: 'biller (purchase prices taken away)', role: 'biller', holds: ['order.sale_prices'] },
  { name: 'admin', role: 'admin', holds: [...FIELD_GROUPS] },
];
const clients = new Map<string, HttpClient>();

beforeAll(async () => {
  app = await startTestApp({ env: { API_TOKEN_RATE: '100000', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '1000' } });
  ({ fixtures: f, admin, maker } = await createFixtures(app));
  // A rate card carries the prices it gives orders: withheld as theirs are.
  const card = await admin.post('/api/rate-cards', { ...maker.rateCardBody(), basePurchasePrice: PURCHASE.basePurchasePrice,
    haulingBuyPrice: PURCHASE.haulingBuyPrice, baseSalePrice: SALE.baseSalePrice, haulingSalePrice: SALE.haulingSalePrice });
  if (card.status !== 201) throw new Error(`card: ${card.status} ${JSON.stringify(card.body)}`);
  f.rateCard = card.body.id;
  for (const order of [f.ownCompleted, f.otherCompleted]) {
    const priced = await admin.put(`/api/pricing/${order.id}`, { ...PURCHASE, ...SALE });
    if (priced.status !== 200) throw new Error(`prices: ${priced.status} ${JSON.stringify(priced.body)}`);
  }
  priceAction = (await app.db('activityLogs').where({ entityType: 'order', entityId: String(f.otherCompleted.id), action: 'update' })
    .orderBy('id', 'desc').first('actionId')).actionId;
  const run = await admin.post('/api/report-runs', {});
  if (run.status !== 201) throw new Error(`report run: ${run.status}`);
  await app.db('fieldGroupRoles').where({ role: 'biller', fieldGroup: 'order.purchase_prices' }).delete();
  for (const { role } of CALLERS.filter((caller) => caller.role !== 'admin')) {
    await app.db('pagePermissions').insert(PAGE_KEYS.map((pageKey) => ({ userId: f.userIds[role], pageKey, allowed: true })))
      .onConflict().ignore();
  }
  await app.heard();
  for (const caller of CALLERS) {
    clients.set(caller.name, caller.token ? tokenClient(app.url, await newToken(admin, f.userIds[caller.role]))
      : await signedInAs(app.url, caller.role));
  }
}, 120_000);
afterAll(() => app?.close());

const withheldOf = (holds: FieldGroup[]): Array<FieldGroup | 'margin'> => {
  const missing = FIELD_GROUPS.filter((group) => !holds.includes(group));
  return missing.length === 0 ? [] : [...missing, 'margin'];
};

/** Queries the reads need to answer with an order, beyond GET_QUERIES. */
const READ_QUERIES = (): Record<string, string> => ({
  'GET /api/orders/lookup': `?code=${encodeURIComponent(f.ownCompleted.mtmNumber)}`,
  'GET /api/orders/delivery-notes': `?ids=${f.ownCompleted.id}`,
});

/** The action that set the fixture's prices: what GET /api/actions/:actionId describes here. */
let priceAction: string;

/** Every read route's answer as text, for a caller. */
async function readAll(client: HttpClient): Promise<Array<{ route: string; status: number; text: string }>> {
  const answers = [];
  for (const route of READS) {
    const path = fillPath(route, { ...fixtureId(route, f), actionId: priceAction }) + (GET_QUERIES[route.name] ?? READ_QUERIES()[route.name] ?? '');
    const res = await client.get(path);
    answers.push({ route: route.name, status: res.status, text: typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '') });
  }
  return answers;
}

describe('no price of a group a role does not hold leaves the server by any read route', () => {
  it('the admin, who holds both, reads the prices where an order shows them: the search is not blind', async () => {
    const answers = await readAll(clients.get('admin')!);
    const showing = answers.filter((answer) => leaks(answer.text, ['order.purchase_prices', 'order.sale_prices', 'margin']).length > 0)
      .map((answer) => answer.route);
    // Each read answered, but the refusal on purpose and two files of no such name.
    expect(answers.filter((answer) => answer.status >= 300).map((answer) => `${answer.route} ${answer.status}`)).toEqual([
      'GET /api/permission-denied-demo 403', 'GET /api/activity-logs/archives/:file 404', 'GET /api/docs/:file 404']);
    expect(showing).toEqual(expect.arrayContaining(['GET /api/orders', 'GET /api/pricing', 'GET /api/pricing/:id',
      'GET /api/orders/export.csv', 'GET /api/activity-logs', 'GET /api/rate-cards', 'GET /api/rate-cards/:id']));
  });

  it.each(CALLERS.filter((caller) => caller.role !== 'admin'))('$name: none of the withheld prices in any answer', async (caller) => {
    const answers = await readAll(clients.get(caller.name)!);
    const found = answers.flatMap((answer) => leaks(answer.text, withheldOf(caller.holds)).map((leak) => `${answer.route}: ${leak}`));
    expect(found).toEqual([]);
    // Not blind: the caller reads the completed order itself, and a price of a group it holds where it holds one.
    const order = answers.find((answer) => answer.route === 'GET /api/pricing/:id')!;
    expect(order.status).toBe(200);
    if (caller.holds.includes('order.sale_prices')) expect(order.text).toContain(SALE.baseSalePrice);
  });
});

describe('a withheld price cannot be written, sorted or filtered by (403 field_denied), and nothing changes', () => {
  const cases = [
    { what: 'writing a purchase price', send: (c: HttpClient) => c.put(`/api/pricing/${f.ownCompleted.id}`, { basePurchasePrice: '1.00' }) },
    { what: 'sorting the pricing list by a purchase price', send: (c: HttpClient) => c.get('/api/pricing?sort=["basePurchasePrice","ASC"]') },
    { what: 'sorting the pricing list by the MTM buy price', send: (c: HttpClient) => c.get('/api/pricing?sort=["mtmBuyPrice","DESC"]') },
    { what: 'filtering by prices not set', send: (c: HttpClient) => c.get(`/api/pricing?filter=${encodeURIComponent('{"pricingNotSet":true}')}`) },
    { what: 'making a rate card, which sets a purchase price', send: (c: HttpClient) => c.post('/api/rate-cards', maker.rateCardBody()) },
    { what: 'applying rate cards, which set both sides', send: (c: HttpClient) => c.post('/api/rate-cards/apply', { ids: [f.ownCompleted.id] }) },
    { what: 'filtering by where the prices came from', send: (c: HttpClient) => c.get(`/api/pricing?filter=${encodeURIComponent('{"priceSource":"hand"}')}`) },
  ];

  it.each(cases)('$what, as a biller without the purchase prices', async ({ send }) => {
    const before = await app.db('orders').where({ id: f.ownCompleted.id }).first();
    const res = await send(clients.get('biller (purchase prices taken away)')!);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('field_denied');
    expect(await app.db('orders').where({ id: f.ownCompleted.id }).first()).toEqual(before);
  });

  it('the biller may still write a sale price, and is answered without the purchase prices', async () => {
    const res = await clients.get('biller (purchase prices taken away)')!.put(`/api/pricing/${f.ownCompleted.id}`, { baseSalePrice: SALE.baseSalePrice });
    expect(res.status).toBe(200);
    expect(res.body.baseSalePrice).toBe(SALE.baseSalePrice);
    expect(res.body).not.toHaveProperty('basePurchasePrice');
    expect(res.body).not.toHaveProperty('mtmBuyPrice');
    expect(res.body).not.toHaveProperty('margin');
  });
});

describe('a webhook tells an order as its owner may see it', () => {
  it('a team leader\'s webhook hears of new prices without the purchase prices, in the order or in the changes', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const hook = await clients.get('team_leader')!.post('/api/webhooks', { url: receiver.url, events: ['order.updated', 'order.priced'] });
      expect(hook.status).toBe(201);
      // Set anew from other prices: the changes' before and after hold the fixture's prices.
      for (const prices of [{ basePurchasePrice: '1.00', baseSalePrice: '2.00' }, { ...PURCHASE, ...SALE }]) {
        expect((await admin.put(`/api/pricing/${f.ownCompleted.id}`, prices)).status).toBe(200);
      }
      while (await sendDueWebhooks(app.db, app.config, new Date()) > 0);
      expect(receiver.received.length).toBeGreaterThan(0);
      const bodies = receiver.received.map((entry) => entry.body).join('\n');
      expect(leaks(bodies, ['order.purchase_prices', 'margin'])).toEqual([]);
      expect(bodies).toContain(SALE.baseSalePrice);
      expect(receiver.received.some((entry) => entry.json.data.changes.basePurchasePrice?.changed === true)).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});

describe('the live event stream', () => {
  it('tells a dispatcher of a price change in their area, with no price in it', async () => {
    const stream = await openEventStream(clients.get('regional_dispatcher')!, app.url);
    try {
      for (const prices of [{ basePurchasePrice: '1.00', baseSalePrice: '2.00' }, { ...PURCHASE, ...SALE }]) {
        expect((await admin.put(`/api/pricing/${f.ownCompleted.id}`, prices)).status).toBe(200);
      }
      await stream.waitFor((event) => event.event === 'change' && event.data.type === 'order' && event.data.id === String(f.ownCompleted.id));
      expect(leaks(JSON.stringify(stream.events), ['order.purchase_prices', 'order.sale_prices', 'margin'])).toEqual([]);
    } finally {
      stream.close();
    }
  });
});

describe('the signed-in person is told the groups they hold', () => {
  it.each(CALLERS.filter((caller) => !caller.token))('$name', async ({ name, holds }) => {
    const res = await clients.get(name)!.get('/api/user');
    expect(res.body.fieldGroups).toEqual(holds);
  });
});

describe('reports leave out the money columns of the groups a role does not hold', () => {
  const MONEY = ['buyTotal', 'saleTotal', 'margin'];
  it.each([
    { name: 'regional_dispatcher', shown: [] as string[] },
    { name: 'biller (purchase prices taken away)', shown: ['saleTotal'] },
    { name: 'admin', shown: MONEY },
  ])('$name: statistics (JSON and CSV) and area revenue', async ({ name, shown }) => {
    const client = clients.get(name)!;
    const report = await client.get('/api/reports/statistics?granularity=total');
    expect(report.status).toBe(200);
    expect(report.body.rows.length).toBeGreaterThan(0);
    for (const measures of [report.body.totals, ...report.body.rows]) {
      expect(MONEY.filter((column) => column in measures)).toEqual(shown);
      expect(measures.orders).toBeGreaterThan(0);
    }
    const csv = await client.get('/api/reports/statistics?granularity=total&format=csv&lang=en');
    const header = String(csv.body).replace(/^\uFEFF/, '').split(/\r?\n/)[0].split(',');
    expect(header).toContain('Orders');
    expect(['Buy', 'Sale', 'Margin'].filter((column) => header.includes(column)).length).toBe(shown.length);
    const revenue = await client.get('/api/reports/area-revenue');
    expect(revenue.status).toBe(shown.includes('saleTotal') ? 200 : 403);
  });
});

describe('pricing\'s statistics leave out the totals and counts of the groups a role does not hold', () => {
  it.each([
    // The counts of orders priced or not speak of both sides, as the margin does.
    { name: 'biller (purchase prices taken away)', shown: ['saleTotal', 'totalCompleted'] },
    { name: 'admin', shown: ['buyTotal', 'margin', 'pricingComplete', 'pricingNotSet', 'saleTotal', 'totalCompleted'] },
  ])('$name', async ({ name, shown }) => {
    const res = await clients.get(name)!.get('/api/pricing/stats');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(shown);
  });
});
