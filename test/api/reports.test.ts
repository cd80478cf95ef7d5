import { bundledCatalogs } from '@kernel/i18n/catalogs';
import { flatten } from '../../api/src/translations/catalog';
import { materialiseReports } from '../../api/src/reports/materialiseReports';
import { catchUpReports, startReportSchedule } from '../../api/src/reports/reportSchedule';
import { signedInAs } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';
import { eventually } from '../helpers/eventually';
import { orderBody } from '../helpers/orders';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { grantFieldGroups } from '../helpers/fieldGroups';

/**
 * The reports read rollups; every figure here is checked against a query over the orders written
 * in this file, independently of the materialisation's SQL. Runs are taken as of a pinned instant
 * in a zone far from UTC, so local days differ from UTC days.
 */
const ZONE = 'Asia/Shanghai'; // UTC+8, no daylight saving
const AS_OF = new Date('2027-01-15T04:00:00Z'); // 2027-01-15 12:00 in Shanghai
const RUN_DATE = '2027-01-15';
/** First day of the window for 3, 6 and 12 months, written out. */
const FROM = { 3: '2026-11-01', 6: '2026-08-01', 12: '2026-02-01' } as const;

const { app, admin } = useSignedInApp({ admin: 'admin' });
const refs = { warehouse: 0, suppliers: [] as number[], vehicleTypes: [] as number[], areas: [] as number[],
  users: [] as number[], dispatcherId: 0, ownArea: 0, edgeSupplier: 0 };

beforeAll(async () => {
  refs.warehouse = (await admin.post('/api/warehouses', { code: 'W1', name: 'Main DC' })).body.id;
  for (const name of ['顺达物流', 'Swift Haulage', 'Blue River']) {
    refs.suppliers.push((await admin.post('/api/suppliers', { name, ...SUPPLIER_CONTACT })).body.id);
  }
  // Only the edge cases below use this one.
  refs.edgeSupplier = (await admin.post('/api/suppliers', { name: 'Edge Carrier', ...SUPPLIER_CONTACT })).body.id;
  for (const [code, name] of [['VAN', '1.5 t van'], ['TRK', '5 t truck']]) {
    refs.vehicleTypes.push((await admin.post('/api/vehicle-types', { code, name })).body.id);
  }
  for (const [code, name] of [['PD', '上海浦东'], ['NS', 'Shenzhen Nanshan'], ['CY', 'Beijing Chaoyang']]) {
    refs.areas.push((await admin.post('/api/delivery-areas', { code, name })).body.id);
  }
  refs.users = (await app.db('users').whereIn('username', ['team_leader', 'manager', 'regional_dispatcher'])
    .orderBy('id').select('id')).map((u) => u.id);
  refs.dispatcherId = (await app.db('users').where({ username: 'regional_dispatcher' }).first('id')).id;
  refs.ownArea = refs.areas[0];
  await app.db('userDeliveryAreas').insert({ userId: refs.dispatcherId, deliveryAreaId: refs.ownArea });
});

interface OrderFixture {
  pickupDate: string;
  status?: string;
  completionDate?: string | null;
  createdAt?: string;
  supplierId?: number | null;
  vehicleTypeId?: number | null;
  deliveryAreaId?: number;
  assignedUserId?: number;
  basePurchasePrice?: string | null;
  baseSalePrice?: string | null;
  haulingSalePrice?: string | null;
  deletedAt?: string | null;
}
/** Orders written straight into the table, as fixtures: the reports only read them. */
async function insertOrders(fixtures: OrderFixture[]): Promise<number[]> {
  const rows = fixtures.map((f) => orderBody({ pickupWarehouseId: refs.warehouse,
    supplierId: refs.suppliers[0], vehicleTypeId: refs.vehicleTypes[0], deliveryAreaId: refs.areas[0],
    assignedUserId: refs.users[0], mosDate: f.pickupDate, status: 'booking_received',
    createdAt: `${f.pickupDate}T02:00:00Z`, ...f }));
  const ids: number[] = [];
  for (let at = 0; at < rows.length; at += 200) {
    ids.push(...(await app.db('orders').insert(rows.slice(at, at + 200)).returning('id')).map((r) => r.id));
  }
  return ids;
}

/** A deterministic spread of orders over 2025-12 … 2027-02: every status, dimension and price shape. */
function generatedOrders(count: number): OrderFixture[] {
  let state = 20270115;
  const pick = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  const statuses = ['booking_received', 'in_transit', 'vehicle_breakdown', 'awaiting_pod_upload', 'completed', 'completed',
    'completed', 'cancelled'];
  const start = Date.UTC(2025, 11, 1);
  return Array.from({ length: count }, () => {
    const created = start + pick(440) * 86400_000 + pick(24) * 3600_000;
    const status = statuses[pick(statuses.length)];
    const completed = status === 'completed';
    return {
      pickupDate: new Date(created + pick(3) * 86400_000).toISOString().slice(0, 10),
      createdAt: new Date(created).toISOString(),
      status,
      completionDate: completed ? new Date(created + (1 + pick(200)) * 3600_000).toISOString() : null,
      supplierId: pick(7) === 0 ? null : refs.suppliers[pick(refs.suppliers.length)],
      vehicleTypeId: pick(5) === 0 ? null : refs.vehicleTypes[pick(refs.vehicleTypes.length)],
      deliveryAreaId: refs.areas[pick(refs.areas.length)],
      assignedUserId: refs.users[pick(refs.users.length)],
      basePurchasePrice: pick(4) === 0 ? null : `${100 + pick(900)}.${String(pick(100)).padStart(2, '0')}`,
      baseSalePrice: pick(4) === 0 ? null : `${150 + pick(1200)}.${String(pick(100)).padStart(2, '0')}`,
      haulingSalePrice: pick(3) === 0 ? `${pick(90)}.50` : null,
      deletedAt: pick(20) === 0 ? '2026-12-01T00:00:00Z' : null,
    };
  });
}

const KEY_COLUMN = { overall: 'null::int', supplier: 'o.supplier_id', vehicle_type: 'o.vehicle_type_id',
  delivery_area: 'o.delivery_area_id', user: 'o.assigned_user_id' } as const;
type Dimension = keyof typeof KEY_COLUMN;
const TRUNCATE = { day: (d: string) => d, week: (d: string) => `date_trunc('week', ${d})::date`,
  month: (d: string) => `date_trunc('month', ${d})::date`, total: () => 'null::date' } as const;
type Granularity = keyof typeof TRUNCATE;

/**
 * The statistics straight from the orders: counts by pickup day, billing by the completion day
 * in `zone`, averages with avg(), keyed by period and entity. The margin counts the orders whose
 * pricing is set (base purchase and base sale price) only; the totals every completed one.
 */
async function expectedStatistics(zone: string, from: string, to: string, granularity: Granularity, dimension: Dimension,
  areaIds?: number[]) {
  const pickup = TRUNCATE[granularity]('o.pickup_date');
  const localDay = `(o.completion_date at time zone '${zone}')::date`;
  const completion = TRUNCATE[granularity](localDay);
  const areas = areaIds ? `and o.delivery_area_id in (${areaIds.join(',')})` : '';
  const { rows } = await app.db.raw(`
    with a as (
      select ${pickup} as period, ${KEY_COLUMN[dimension]} as k, count(*) as orders,
        sum(case when o.status = 'completed' then 1 else 0 end) as completed,
        sum(case when o.status = 'cancelled' then 1 else 0 end) as cancelled,
        sum(case when o.status in ('completed', 'cancelled') then 0 else 1 end) as in_progress
      from orders o where o.deleted_at is null ${areas} and o.pickup_date >= '${from}' and o.pickup_date <= '${to}'
      group by 1, 2),
    b as (
      select ${completion} as period, ${KEY_COLUMN[dimension]} as k, count(*) as billed,
        sum(o.mtm_buy_price) as buy, sum(o.mtm_sale_price) as sale,
        sum(o.mtm_sale_price - o.mtm_buy_price) filter (where o.base_purchase_price is not null
          and o.base_sale_price is not null) as margin,
        avg(extract(epoch from (o.completion_date - o.created_at)) / 86400) as days
      from orders o where o.deleted_at is null ${areas} and o.status = 'completed'
        and ${localDay} >= '${from}' and ${localDay} <= '${to}'
      group by 1, 2)
    select to_char(coalesce(a.period, b.period), 'YYYY-MM-DD') as period, coalesce(a.k, b.k) as key,
      coalesce(a.orders, 0)::int as orders, coalesce(a.completed, 0)::int as completed,
      coalesce(a.cancelled, 0)::int as cancelled, coalesce(a.in_progress, 0)::int as in_progress,
      coalesce(b.billed, 0)::int as billed, to_char(coalesce(b.buy, 0), 'FM999999990.00') as buy,
      to_char(coalesce(b.sale, 0), 'FM999999990.00') as sale,
      to_char(coalesce(b.margin, 0), 'FM999999990.00') as margin, round(b.days, 1)::text as days
    from a full join b on coalesce(a.period, '1900-01-01') = coalesce(b.period, '1900-01-01')
      and coalesce(a.k, 0) = coalesce(b.k, 0)`);
  return (rows as Array<Record<string, any>>).map((r) => ({
    period: r.period, key: r.key, orders: r.orders, completed: r.completed, cancelled: r.cancelled,
    inProgress: r.in_progress, billedOrders: r.billed, buyTotal: r.buy, saleTotal: r.sale, margin: r.margin,
    avgCompletionDays: r.days === null ? null : Number(r.days),
  })).sort(byPeriodAndKey);
}

const byPeriodAndKey = (a: { period: string | null; key: number | null }, b: { period: string | null; key: number | null }) =>
  `${a.period}|${a.key}`.localeCompare(`${b.period}|${b.key}`);
const figures = ({ periodLabel: _l, label: _n, ...row }: Record<string, any>) => row;

async function statistics(query: string, client = admin) {
  const answer = await client.get(`/api/reports/statistics?${query}`);
  if (answer.status !== 200) throw new Error(`statistics ${query}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

describe('before the first run', () => {
  it('answers no run and no rows, with the period the run would cover', async () => {
    const answer = await statistics('months=3');
    expect(answer).toMatchObject({ run: null, rows: [], months: 3, granularity: 'month', dimension: 'overall',
      totals: { orders: 0, buyTotal: '0.00', avgCompletionDays: null } });
    const revenue = (await admin.get('/api/reports/area-revenue')).body;
    expect(revenue).toMatchObject({ run: null, rows: [] });
    expect(revenue.months).toHaveLength(6);
  });
});

describe('a run', () => {
  let runId: number;
  let edgeIds: Record<string, number>;

  beforeAll(async () => {
    await insertOrders(generatedOrders(400));
    // Edges, in Shanghai time: 23:30 and 00:30 around the end of October (the UTC date of the
    // second is still October 31), around the ISO year 2026-W53 / 2027-W01 and a Sunday/Monday.
    const [oct31, nov1, dec31, jan1, jan3, jan4, outside, deleted] = await insertOrders([
      { pickupDate: '2026-10-31', status: 'completed', completionDate: '2026-10-31T15:30:00Z', createdAt: '2026-10-30T15:30:00Z', baseSalePrice: '100.00', basePurchasePrice: '60.00' },
      { pickupDate: '2026-11-01', status: 'completed', completionDate: '2026-10-31T16:30:00Z', createdAt: '2026-10-29T16:30:00Z', baseSalePrice: '200.00', basePurchasePrice: '150.50' },
      { pickupDate: '2026-12-31', status: 'completed', completionDate: '2026-12-31T15:59:59Z', createdAt: '2026-12-30T03:59:59Z', baseSalePrice: '10.00' },
      { pickupDate: '2027-01-01', status: 'completed', completionDate: '2026-12-31T16:00:00Z', createdAt: '2026-12-31T04:00:00Z', baseSalePrice: '20.00' },
      { pickupDate: '2027-01-03', status: 'cancelled' },
      { pickupDate: '2027-01-04', status: 'completed', completionDate: '2027-01-03T16:30:00Z', createdAt: '2027-01-02T16:30:00Z', baseSalePrice: '30.00' },
      { pickupDate: '2027-01-16', status: 'completed', completionDate: '2027-01-15T16:00:00Z', baseSalePrice: '999.00' },
      { pickupDate: '2026-12-15', status: 'completed', completionDate: '2026-12-15T04:00:00Z', baseSalePrice: '999.00', deletedAt: '2026-12-16T00:00:00Z' },
    ].map((f) => ({ ...f, supplierId: refs.edgeSupplier, deliveryAreaId: refs.areas[2] })));
    edgeIds = { oct31, nov1, dec31, jan1, jan3, jan4, outside, deleted };
    runId = (await materialiseReports(app.db, { kind: 'manual', timeZone: ZONE, now: AS_OF })).id;
  });

  it('records its date, zone, window and counts', async () => {
    const { body: run } = await admin.get(`/api/report-runs/${runId}`);
    const [{ n }] = await app.db('orders').whereNull('deletedAt').whereBetween('pickupDate', ['2026-01-01', RUN_DATE])
      .count({ n: '*' });
    const [{ rows }] = await app.db('reportRollups').where({ runId }).count({ rows: '*' });
    expect(run).toMatchObject({ id: runId, runDate: RUN_DATE, kind: 'manual', triggeredBy: null, timeZone: ZONE,
      periodFrom: '2026-01-01', periodTo: RUN_DATE, orderCount: Number(n), rowCount: Number(rows) });
    expect(new Date(run.runAt).toISOString()).toBe(AS_OF.toISOString());
    expect(Number(rows)).toBeGreaterThan(0);
  });

  const GRANULARITIES: Granularity[] = ['day', 'week', 'month', 'total'];
  const DIMENSIONS: Dimension[] = ['overall', 'supplier', 'vehicle_type', 'delivery_area', 'user'];
  it.each(GRANULARITIES.flatMap((g) => DIMENSIONS.map((d) => [g, d] as const)))(
    'matches the orders by %s and %s over 12 months', async (granularity, dimension) => {
      const report = await statistics(`runId=${runId}&months=12&granularity=${granularity}&dimension=${dimension}`);
      // Weeks are whole: 2026-02-01 is a Sunday, so the first week starts on Monday 2026-01-26.
      const from = granularity === 'week' ? '2026-01-26' : FROM[12];
      expect(report).toMatchObject({ from, to: RUN_DATE, run: { id: runId, runDate: RUN_DATE } });
      const expected = await expectedStatistics(ZONE, from, RUN_DATE, granularity, dimension);
      expect(report.rows.map(figures).sort(byPeriodAndKey)).toEqual(expected);
      expect(report.rows.length).toBeGreaterThan(0);
    });

  it.each([3, 6] as const)('matches the orders over %i months, totals included', async (months) => {
    const report = await statistics(`runId=${runId}&months=${months}&granularity=total&dimension=overall`);
    const [expected] = await expectedStatistics(ZONE, FROM[months], RUN_DATE, 'total', 'overall');
    expect(report.from).toBe(FROM[months]);
    expect(report.rows.map(figures)).toEqual([expected]);
    const { period: _p, key: _k, ...totals } = expected;
    expect(report.totals).toEqual(totals);
  });

  it('sorts rows by period then label and labels ISO weeks by their ISO year', async () => {
    const report = await statistics(`runId=${runId}&months=3&granularity=week&dimension=supplier`);
    const order = report.rows.map((r: any) => `${r.period}|${r.label ?? '\uffff'}`);
    expect(order).toEqual([...order].sort());
    const weeks = Object.fromEntries(report.rows.map((r: any) => [r.period, r.periodLabel]));
    expect(weeks['2026-12-28']).toBe('2026-W53');
    expect(weeks['2027-01-04']).toBe('2027-W01');
    expect(weeks['2026-10-26']).toBe('2026-W44');
    expect(report.rows.find((r: any) => r.key === refs.suppliers[0]).label).toBe('顺达物流');
  });

  it('puts a completion at 00:30 local time on its local day, though its UTC date is the day before', async () => {
    const report = await statistics(`runId=${runId}&months=6&granularity=day&dimension=supplier`);
    const edge = (day: string) => report.rows.find((r: any) => r.period === day && r.key === refs.edgeSupplier);
    // 2026-10-31 23:30 local: buy 60, sale 100, 1 day; 2026-11-01 00:30 local (UTC 10-31): buy 150.50, sale 200, 2 days.
    expect(edge('2026-10-31')).toMatchObject({ billedOrders: 1, saleTotal: '100.00', margin: '40.00', avgCompletionDays: 1 });
    expect(edge('2026-11-01')).toMatchObject({ billedOrders: 1, buyTotal: '150.50', saleTotal: '200.00', margin: '49.50',
      avgCompletionDays: 2 });
    const months = await statistics(`runId=${runId}&months=6&granularity=month&dimension=supplier`);
    const month = (m: string) => months.rows.find((r: any) => r.period === m && r.key === refs.edgeSupplier);
    expect(month('2026-10-01')).toMatchObject({ orders: 1, billedOrders: 1, saleTotal: '100.00' });
    expect(month('2026-11-01')).toMatchObject({ orders: 1, billedOrders: 1, saleTotal: '200.00' });
    // The ISO-year edge: 2026-12-31 23:59:59 and 2027-01-01 00:00 local are both in 2026-W53; 2027-01-04 00:30 is W01.
    const weeks = await statistics(`runId=${runId}&months=3&granularity=week&dimension=supplier`);
    const week = (w: string) => weeks.rows.find((r: any) => r.periodLabel === w && r.key === refs.edgeSupplier);
    expect(week('2026-W53')).toMatchObject({ orders: 3, cancelled: 1, billedOrders: 2, saleTotal: '30.00' });
    expect(week('2027-W01')).toMatchObject({ orders: 1, billedOrders: 1, saleTotal: '30.00' });
  });

  it('leaves out deleted orders and days after the run date', async () => {
    const report = await statistics(`runId=${runId}&months=3&granularity=day&dimension=supplier`);
    expect(report.rows.every((r: any) => r.period <= RUN_DATE && r.period >= FROM[3])).toBe(true);
    const edgeDays = report.rows.filter((r: any) => r.key === refs.edgeSupplier).map((r: any) => r.period);
    expect(edgeDays).toEqual(['2026-11-01', '2026-12-31', '2027-01-01', '2027-01-03', '2027-01-04']);
    const excluded = await app.db('orders').whereIn('id', [edgeIds.outside, edgeIds.deleted]).select('baseSalePrice');
    expect(excluded.map((o) => o.baseSalePrice)).toEqual(['999.00', '999.00']);
  });

  it('gives the area revenue of the last six months, matching the orders', async () => {
    const { body } = await admin.get(`/api/reports/area-revenue?runId=${runId}`);
    expect(body.months).toEqual(['2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01']);
    const { rows } = await app.db.raw(`
      select delivery_area_id as key, to_char((completion_date at time zone '${ZONE}')::date, 'YYYY-MM') as month,
        sum(mtm_sale_price) as sale
      from orders where deleted_at is null and status = 'completed'
        and (completion_date at time zone '${ZONE}')::date between '2026-08-01' and '${RUN_DATE}'
      group by 1, 2`);
    for (const row of body.rows) {
      for (const month of body.months) {
        const found = (rows as any[]).find((r) => r.key === row.key && r.month === month);
        expect([row.key, month, row.values[month]]).toEqual([row.key, month, Number(found?.sale ?? 0).toFixed(2)]);
      }
      const total = (rows as any[]).filter((r) => r.key === row.key).reduce((sum, r) => sum + Math.round(Number(r.sale) * 100), 0);
      expect(row.total).toBe((total / 100).toFixed(2));
    }
    expect(body.rows.map((r: any) => r.key).sort()).toEqual([...refs.areas].sort());
    expect(body.rows.map((r: any) => r.label)).toEqual([...body.rows.map((r: any) => r.label)].sort());
  });

  it('exports CSV with a BOM, headers in the chosen language and the same rows', async () => {
    const query = `runId=${runId}&months=3&granularity=month&dimension=supplier`;
    const json = await statistics(query);
    const cn = flatten(bundledCatalogs.cn);
    const en = flatten(bundledCatalogs.en);
    for (const [lang, catalog] of [['cn', cn], ['en', en]] as const) {
      const res = await fetch(`${app.url}/api/reports/statistics?${query}&format=csv&lang=${lang}`, {
        headers: { cookie: admin.cookieHeader } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="report-statistics-${RUN_DATE}.csv"`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...lines] = new TextDecoder().decode(bytes.slice(3)).trim().split('\n');
      // The screen's leading columns: the period (by month here) and the supplier.
      const keys = ['reports.columns.month', 'reports.dimensions.supplier', 'reports.columns.orders',
        'reports.columns.completed', 'reports.columns.cancelled', 'reports.columns.inProgress',
        'reports.columns.billedOrders', 'reports.columns.buyTotal', 'reports.columns.saleTotal', 'reports.columns.margin',
        'reports.columns.avgCompletionDays'];
      expect(keys.filter((key) => !catalog.get(key))).toEqual([]);
      expect(header).toBe(keys.map((key) => catalog.get(key)).join(','));
      expect(lines).toEqual(json.rows.map((r: any) => [r.periodLabel, r.label ?? catalog.get('reports.unassigned'), r.orders, r.completed, r.cancelled,
        r.inProgress, r.billedOrders, r.buyTotal, r.saleTotal, r.margin, r.avgCompletionDays ?? '']
        .map((v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v))).join(',')));
    }
    expect(cn.get('reports.columns.orders')).not.toBe(en.get('reports.columns.orders'));
    const revenue = await fetch(`${app.url}/api/reports/area-revenue?runId=${runId}&format=csv&lang=en`, {
      headers: { cookie: admin.cookieHeader } });
    const [header, ...lines] = (await revenue.text()).replace(/^\uFEFF/, '').trim().split('\n');
    expect(header).toBe([en.get('reports.dimensions.delivery_area'), '2026-08', '2026-09', '2026-10', '2026-11', '2026-12',
      '2027-01', en.get('reports.columns.total')].join(','));
    expect(lines).toHaveLength(refs.areas.length);
  });

  it('keeps the names of its time after a supplier is renamed; a new run shows the new name', async () => {
    const { body: supplier } = await admin.get(`/api/suppliers/${refs.suppliers[0]}`);
    expect((await admin.put(`/api/suppliers/${supplier.id}`, { ...supplier, name: '顺达物流（新）' })).status).toBe(200);
    const label = async (id: number) => (await statistics(`runId=${id}&months=12&granularity=total&dimension=supplier`))
      .rows.find((r: any) => r.key === supplier.id).label;
    expect(await label(runId)).toBe('顺达物流');
    const later = await materialiseReports(app.db, { kind: 'manual', timeZone: ZONE, now: AS_OF });
    expect(await label(later.id)).toBe('顺达物流（新）');
    expect(await label(runId)).toBe('顺达物流');
  });

  it('shows a regional dispatcher granted the old reports page only the figures of their areas', async () => {
    const dispatcher = await signedInAs(app.url, 'regional_dispatcher');
    expect((await dispatcher.get(`/api/reports/statistics?runId=${runId}`)).status).toBe(403);
    await app.db('pagePermissions').insert({ userId: refs.dispatcherId, pageKey: 'old_reports', allowed: true });
    // And the prices, which a dispatcher does not see by default (field groups): the money columns too.
    const withdraw = await grantFieldGroups(app, 'regional_dispatcher');
    try {
      // Written past the API, the grant reaches the instance's kept session with its notice
      // (middleware/sessionCache.ts), a moment after the commit.
      await eventually(async () => expect((await dispatcher.get(`/api/reports/statistics?runId=${runId}`)).status).toBe(200));
      const report = await statistics(`runId=${runId}&months=12&granularity=month&dimension=delivery_area`, dispatcher);
      expect(new Set(report.rows.map((r: any) => r.key))).toEqual(new Set([refs.ownArea]));
      const bySupplier = await statistics(`runId=${runId}&months=12&granularity=month&dimension=supplier`, dispatcher);
      expect(bySupplier.rows.map(figures).sort(byPeriodAndKey))
        .toEqual(await expectedStatistics(ZONE, FROM[12], RUN_DATE, 'month', 'supplier', [refs.ownArea]));
      const [own] = await expectedStatistics(ZONE, FROM[12], RUN_DATE, 'total', 'overall', [refs.ownArea]);
      const { period: _p, key: _k, ...ownTotals } = own;
      expect(bySupplier.totals).toEqual(ownTotals);
      const revenue = (await dispatcher.get(`/api/reports/area-revenue?runId=${runId}`)).body;
      expect(revenue.rows.map((r: any) => r.key)).toEqual([refs.ownArea]);
      // The same run read again after the dispatcher gains an area: the answer follows their areas at once.
      await app.db('userDeliveryAreas').insert({ userId: refs.dispatcherId, deliveryAreaId: refs.areas[1] });
      try {
        const wider = (await dispatcher.get(`/api/reports/area-revenue?runId=${runId}`)).body;
        expect(new Set(wider.rows.map((r: any) => r.key))).toEqual(new Set([refs.ownArea, refs.areas[1]]));
        const widerStatistics = await statistics(`runId=${runId}&months=12&granularity=month&dimension=delivery_area`, dispatcher);
        expect(new Set(widerStatistics.rows.map((r: any) => r.key))).toEqual(new Set([refs.ownArea, refs.areas[1]]));
      } finally {
        await app.db('userDeliveryAreas').where({ userId: refs.dispatcherId, deliveryAreaId: refs.areas[1] }).delete();
      }

      // The snapshot list counts a run's orders and rollup rows in their areas, never company-wide.
      const [{ n: ownOrders }] = await app.db('orders').whereNull('deletedAt').where({ deliveryAreaId: refs.ownArea })
        .whereBetween('pickupDate', ['2026-01-01', RUN_DATE]).count({ n: '*' });
      const [{ n: ownRows }] = await app.db('reportRollups').where({ runId, deliveryAreaId: refs.ownArea }).count({ n: '*' });
      const global = (await admin.get(`/api/report-runs/${runId}`)).body;
      expect(Number(ownOrders)).toBeLessThan(global.orderCount);
      const inAreas = { orderCount: Number(ownOrders), rowCount: Number(ownRows) };
      expect((await dispatcher.get(`/api/report-runs/${runId}`)).body).toEqual({ ...global, ...inAreas });
      const listed = (await dispatcher.get(`/api/report-runs?filter=${encodeURIComponent(JSON.stringify({ id: runId }))}`)).body;
      expect(listed).toEqual([{ ...global, ...inAreas }]);
      const sorted = (await dispatcher.get('/api/report-runs?sort=["orderCount","DESC"]&range=[0,99]')).body;
      expect(sorted.map((r: any) => r.orderCount)).toEqual(sorted.map((r: any) => r.orderCount).sort((a: number, b: number) => b - a));
    } finally {
      await app.db('pagePermissions').where({ userId: refs.dispatcherId }).delete();
      await withdraw();
    }
  });

  it('refuses bad parameters with 400 naming each, and an unknown run with 404', async () => {
    for (const [query, field] of [['months=5', 'months'], ['granularity=year', 'granularity'], ['dimension=warehouse', 'dimension'],
      ['runId=abc', 'runId'], ['runId=0', 'runId'], ['format=xml', 'format'], ['lang=fr', 'lang'], ['months=3&months=6', 'months'],
      ['color=red', 'color']]) {
      const answer = await admin.get(`/api/reports/statistics?${query}`);
      expect([query, answer.status, Object.keys(answer.body.errors ?? {})]).toEqual([query, 400, [field]]);
    }
    expect((await admin.get('/api/reports/area-revenue?months=3')).status).toBe(400);
    expect((await admin.get('/api/reports/statistics?runId=999999')).status).toBe(404);
    expect((await admin.get('/api/reports/area-revenue?runId=999999')).status).toBe(404);
    expect((await admin.get('/api/report-runs/999999')).status).toBe(404);
  });
});

describe('who may read and refresh', () => {
  it('refuses roles without the reports pages', async () => {
    const dispatcher = await signedInAs(app.url, 'regional_dispatcher');
    for (const path of ['/api/reports/statistics', '/api/reports/area-revenue', '/api/report-runs', '/api/reports/statistics?runId=1']) {
      const answer = await dispatcher.get(path);
      expect([path, answer.status]).toEqual([path, 403]);
      expect(answer.body.message).toMatch(/Access denied/);
    }
  });

  it('lets a user with only old reports read past runs by runId, and nothing without one', async () => {
    const biller = await signedInAs(app.url, 'biller');
    const billerId = (await biller.get('/api/user')).body.id;
    await app.db('pagePermissions').insert({ userId: billerId, pageKey: 'reports', allowed: false });
    await app.heard();
    try {
      const [run] = (await biller.get('/api/report-runs?sort=["runAt","DESC"]&range=[0,24]')).body;
      expect(run).toMatchObject({ id: expect.any(Number), kind: expect.any(String) });
      expect((await biller.get(`/api/reports/statistics?runId=${run.id}`)).status).toBe(200);
      expect((await biller.get(`/api/reports/area-revenue?runId=${run.id}&format=csv`)).status).toBe(200);
      expect((await biller.get('/api/reports/statistics')).status).toBe(403);
      expect((await biller.get('/api/reports/area-revenue')).status).toBe(403);
    } finally {
      await app.db('pagePermissions').where({ userId: billerId }).delete();
    }
  });

  it('keeps past snapshots to old reports: manager and team leader read only the latest run, director and biller all', async () => {
    const [run] = (await admin.get('/api/report-runs?sort=["runAt","DESC"]&range=[0,0]')).body;
    const snapshotCalls = ['/api/report-runs', `/api/report-runs/${run.id}`, `/api/reports/statistics?runId=${run.id}`,
      `/api/reports/area-revenue?runId=${run.id}`, `/api/reports/statistics?runId=${run.id}&format=csv`];
    const latestCalls = ['/api/reports/statistics', '/api/reports/area-revenue', '/api/reports/statistics?format=csv'];
    for (const role of ['manager', 'team_leader', 'director', 'biller'] as const) {
      const client = await signedInAs(app.url, role);
      const oldReports = role === 'director' || role === 'biller';
      for (const path of latestCalls) expect([role, path, (await client.get(path)).status]).toEqual([role, path, 200]);
      for (const path of snapshotCalls) {
        const answer = await client.get(path);
        expect([role, path, answer.status]).toEqual([role, path, oldReports ? 200 : 403]);
        if (!oldReports) expect(answer.body.message).toMatch(/^Access denied.*old_reports/);
      }
    }
  });

  it('lists the runs newest first on the list protocol', async () => {
    const director = await signedInAs(app.url, 'director');
    const answer = await director.get('/api/report-runs?sort=["runAt","DESC"]&range=[0,1]');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-range')).toMatch(/^report-runs 0-1\/\d+$/);
    const times = answer.body.map((r: any) => r.runAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(Object.keys(answer.body[0]).sort()).toEqual(['durationMs', 'id', 'kind', 'orderCount', 'periodFrom', 'periodTo',
      'rowCount', 'runAt', 'runDate', 'timeZone', 'triggeredBy'].sort());
  });

  it('lets only admins refresh; a refresh is a new snapshot in the server zone with its activity-log row', async () => {
    for (const role of ['director', 'manager', 'biller', 'team_leader'] as const) {
      const client = await signedInAs(app.url, role);
      expect([role, (await client.post('/api/report-runs', {})).status]).toEqual([role, 403]);
    }
    const before = Number((await app.db('reportRuns').count({ n: '*' }))[0].n);
    const first = await admin.post('/api/report-runs', {});
    const second = await admin.post('/api/report-runs', {});
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    const adminId = (await admin.get('/api/user')).body.id;
    expect(first.body).toMatchObject({ kind: 'manual', triggeredBy: adminId,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(Number((await app.db('reportRuns').count({ n: '*' }))[0].n)).toBe(before + 2);
    const log = await app.db('activityLogs').where({ entityType: 'report_run', entityId: String(first.body.id) });
    expect(log).toEqual([expect.objectContaining({ action: 'create', userId: adminId })]);
    const latest = await statistics('months=3');
    expect(latest.run.id).not.toBe(first.body.id); // the pinned run of 2027 is still the latest by runAt
  });
});

describe('the 23:50 job', () => {
  it('runs once per date: a second call, or concurrent ones, return the same run', async () => {
    const at = new Date('2027-03-10T15:50:00Z'); // 23:50 in Shanghai
    const first = await materialiseReports(app.db, { kind: 'scheduled', timeZone: ZONE, now: at });
    const again = await materialiseReports(app.db, { kind: 'scheduled', timeZone: ZONE, now: new Date(at.getTime() + 60_000) });
    expect(first).toMatchObject({ kind: 'scheduled', runDate: '2027-03-10' });
    expect(again.id).toBe(first.id);
    const next = new Date('2027-03-11T15:50:00Z');
    const concurrent = await Promise.all([1, 2, 3].map(() =>
      materialiseReports(app.db, { kind: 'scheduled', timeZone: ZONE, now: next })));
    expect(new Set(concurrent.map((r) => r.id)).size).toBe(1);
    const dates = await app.db('reportRuns').where({ kind: 'scheduled' }).orderBy('runDate').select('runDate');
    expect(dates.map((r) => r.runDate)).toEqual(['2027-03-10', '2027-03-11']);
    const rows = await app.db('reportRollups').whereIn('runId', [first.id, concurrent[0].id]).groupBy('runId')
      .select('runId').count({ n: '*' });
    expect(rows.map((r) => Number(r.n))).toEqual([first.rowCount, concurrent[0].rowCount]);
    expect(await app.db('activityLogs').where({ entityType: 'report_run', entityId: String(first.id) })).toEqual([]);
  });

  it('catches up at start when the latest snapshot is older than the last 23:50, once', async () => {
    // The latest run so far is the scheduled one of 2027-03-11 23:50 in Shanghai.
    expect(await catchUpReports(app.db, ZONE, new Date('2027-03-12T01:00:00Z'))).toBeUndefined();
    const missed = new Date('2027-03-13T01:00:00Z'); // 09:00 on the 13th: the 12th's 23:50 was missed
    const run = await catchUpReports(app.db, ZONE, missed);
    expect(run).toMatchObject({ kind: 'manual', runDate: '2027-03-13', triggeredBy: null });
    expect(await catchUpReports(app.db, ZONE, new Date(missed.getTime() + 60_000))).toBeUndefined();
    // Tonight's scheduled run of the same date still happens.
    const tonight = await materialiseReports(app.db, { kind: 'scheduled', timeZone: ZONE, now: new Date('2027-03-13T15:50:00Z') });
    expect(tonight).toMatchObject({ kind: 'scheduled', runDate: '2027-03-13' });
    expect(tonight.id).not.toBe(run!.id);
  });

  it('is scheduled daily at 23:50 in the zone it is given', () => {
    const job = startReportSchedule(app.db, ZONE, app.config);
    try {
      const next = job.nextRun(new Date('2027-03-10T16:00:00Z'))!; // 00:00 in Shanghai
      expect(next.toISOString()).toBe('2027-03-11T15:50:00.000Z');
      expect(job.nextRuns(2, next).map((d) => d.toISOString())).toEqual(['2027-03-12T15:50:00.000Z', '2027-03-13T15:50:00.000Z']);
    } finally {
      job.stop();
    }
  });
});
