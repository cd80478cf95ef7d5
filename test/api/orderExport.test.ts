import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Knex } from 'knex';
import { SIDES } from '@kernel/pricing/priceFields';
import { csvStream } from '../../api/src/csv/csvRows';
import { excelCsv } from '../../api/src/csv/excelCsv';
import { csvCells } from '../../api/src/csv/listExport';
import { orderExport } from '../../api/src/orders/export';
import { Order } from '../../api/src/orders/Order';
import { loadTranslator } from '../../api/src/translations/catalog';
import { personNameSql } from '../../api/src/users/personNameSql';
import { eventually } from '../helpers/eventually';
import { createOrderReferences, type OrderReferences } from '../helpers/orderReferences';
import { orderBody } from '../helpers/orders';
import { useSignedInApp } from '../helpers/testApp';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
/** Enough orders that COPY is still at work when a client leaves; embedded PGlite is slow to fill. */
const LEAVING_ROWS = onPostgres ? 40_000 : 12_000;

const { app, admin } = useSignedInApp({ admin: 'admin' });
let refs: OrderReferences;

/** Text that CSV quoting or Excel formula neutralising could get wrong. */
const TRICKY = ['a,b', 'say "hi"', 'line1\r\nline2', 'cr\ronly', 'lf\nonly', '=1+1', '+x', '-x', '@x', '\ttab', '\rcr first',
  '-12.5', '+7', '-', '', null, '中文备注，逗号', '  spaces  ', '\\back\\slash', "it's", '"', ',', '\\.', 'NULL', '=', '😀 ok'];

beforeAll(async () => {
  refs = await createOrderReferences(app, admin);
  const db = app.db;
  // Tricky names and labels, written past the API's checks.
  await db('suppliers').where({ id: refs.supplier }).update({ name: '=SUM(A1), "x"' });
  await db('warehouses').where({ id: refs.warehouse }).update({ name: '-12.5' });
  await db('vehicleTypes').where({ id: refs.vehicleType }).update({ name: ' @truck ' });
  await db('users').where({ username: 'team_leader' }).update({ firstName: ' 伟 ', lastName: '王' });
  await db('users').where({ username: 'biller' }).update({ firstName: '+Ann', lastName: 'Lee, "B"' });
  await db('translations').where({ namespace: 'order_status', key: 'completed' }).update({ en: '=Done, "ok"' });
  await db('translations').where({ namespace: 'order_status', key: 'in_transit' }).update({ en: '-12' });
  await db('translations').where({ namespace: 'resources', key: 'orders.fields.notes' }).update({ en: '+Notes, "n"' });
  const users = await db('users').whereIn('username', ['team_leader', 'biller']).orderBy('username').pluck('id');
  await db('orders').insert(TRICKY.map((text, i) => orderBody({ pickupWarehouseId: refs.warehouse, deliveryAreaId: refs.ownArea,
    mtmNumber: text ?? `plain-${i}`, dnNumber: `TRICKY-${i}`, notes: text,
    supplierId: i % 3 === 0 ? null : refs.supplier, vehicleTypeId: i % 4 === 0 ? null : refs.vehicleType,
    assignedUserId: users[i % 2], status: ['booking_received', 'in_transit', 'completed'][i % 3],
    completionDate: i % 3 === 2 ? `2026-03-04T05:06:07.${String(123456 + i).padStart(6, '0')}Z` : null,
    createdAt: i === 0 ? '0999-12-31T23:59:59.999999Z' : `2026-01-02T03:04:05.${String(999999 - i).padStart(6, '0')}Z`,
    basePurchasePrice: i === 1 ? null : '12.30', haulingSalePrice: i % 2 ? '0.05' : null })));
  // More than one fallback batch (5000 rows).
  await db.raw(`insert into orders (mtm_number, dn_number, pickup_warehouse_id, delivery_area_id, assigned_user_id,
      pickup_date, mos_date, notes)
    select 'BULK-' || g, 'TRICKY-BULK-' || g, ?, ?, ?, date '2026-11-20' + g % 30, '2026-11-25', 'n' || g
    from generate_series(1, 5100) g`, [refs.warehouse, refs.ownArea, users[0]]);
  // An export big enough to leave, or to fail, half-way: notes that compress no better than hex.
  await db.raw(`insert into orders (mtm_number, dn_number, pickup_warehouse_id, delivery_area_id, assigned_user_id,
      pickup_date, mos_date, notes)
    select 'LEAVE-' || g, 'LEAVE-DN-' || g, ?, ?, ?, '2026-11-20', '2026-11-25',
      md5(g::text) || md5(g || 'a') || md5(g || 'b') || md5(g || 'c') || md5(g || 'd') || md5(g || 'e')
    from generate_series(1, ?) g`, [refs.warehouse, refs.ownArea, users[0], LEAVING_ROWS]);
});

/** The screen's date and time (admin/src/common/dateFormat.ts) in English, read in UTC. */
const screenTime = (value: unknown) => (value ? new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short',
  timeZone: 'UTC' }).format(new Date(value as string)) : '');

/** The CSV as the export wrote it before COPY: Objection rows mapped in JavaScript, through csv-stringify. */
async function legacyCsv(db: Knex): Promise<Buffer> {
  const COLUMNS = ['id', 'mtmNumber', 'dnNumber', 'status', 'supplierId', 'pickupWarehouseId', 'vehicleTypeId',
    'deliveryAreaId', 'assignedUserId', 'pickupDate', 'mosDate', 'completionDate', 'createdAt', 'notes',
    'mtmBuyPrice', 'mtmSalePrice'];
  const t = await loadTranslator(db, 'en', ['resources', 'order_status']);
  const csv = excelCsv(COLUMNS.map((key) => ({ key, header: t(`resources.orders.fields.${key}`) })));
  const rows = await Order.query(db).select('orders.*').whereNull('orders.deletedAt').where('orders.dnNumber', 'like', 'TRICKY-%')
    .leftJoin('suppliers as s', 's.id', 'orders.supplierId')
    .leftJoin('warehouses as w', 'w.id', 'orders.pickupWarehouseId')
    .leftJoin('vehicleTypes as v', 'v.id', 'orders.vehicleTypeId')
    .leftJoin('deliveryAreas as a', 'a.id', 'orders.deliveryAreaId')
    .leftJoin('users as u', 'u.id', 'orders.assignedUserId')
    .select('s.name as supplierName', 'w.name as warehouseName', 'v.name as vehicleTypeName', 'a.name as areaName',
      db.raw(`${personNameSql('u')} as user_name`))
    .orderBy('orders.createdAt', 'desc').orderBy('orders.id', 'desc');
  for (const row of rows) {
    const o = row.toJSON() as Record<string, any>;
    // An MTM price none of whose side's prices is set shows as "—" on screen: an empty cell.
    const prices = Object.fromEntries(SIDES.map(({ inputs, total }) => [total, inputs.some((input) => o[input] != null) ? o[total] : '']));
    csv.write({ ...o, status: t(`order_status.${o.status}`), supplierId: o.supplierName ?? '',
      pickupWarehouseId: o.warehouseName, vehicleTypeId: o.vehicleTypeName ?? '', deliveryAreaId: o.areaName,
      assignedUserId: o.userName, completionDate: screenTime(o.completionDate), createdAt: screenTime(o.createdAt), ...prices });
  }
  return buffer(csv.end());
}

const exportUrl = () => `${app.url}/api/orders/export.csv?locale=en&tz=UTC&filter=${encodeURIComponent(JSON.stringify({ q: 'TRICKY-' }))}`;

describe('order CSV export', () => {
  it('writes the same bytes as the JavaScript export it replaces', async () => {
    const res = await fetch(exportUrl(), { headers: { cookie: admin.cookieHeader } });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    const legacy = await legacyCsv(app.db);
    expect(bytes.toString('utf8')).toBe(legacy.toString('utf8'));
    expect(bytes.equals(legacy)).toBe(true);
    expect(bytes.toString('utf8')).toContain('"line1\r\nline2"');
  });

  (onPostgres ? it : it.skip)('writes the same bytes through COPY as through the batch fallback', async () => {
    const db = app.db;
    const labels: Record<string, string> = { 'order_status.completed': '=Done, "ok"', 'order_status.in_transit': '',
      'order_status.cancelled': '\t"x"' };
    const cells = () => csvCells(db, orderExport, 'orders',
      Order.query(db).whereNull('orders.deletedAt').where('orders.dnNumber', 'like', 'TRICKY-%').toKnexQuery(),
      { locale: 'cn', tz: 'Asia/Shanghai' }, (key) => labels[key] ?? key);
    const head = Buffer.from('\ufeffhead\n');
    const read = async (stream: Promise<Readable>) => buffer(await stream);
    const order = { key: 'orders.createdAt', id: 'orders.id', order: 'desc' } as const;
    const copied = await read(csvStream(db, head, cells(), order, 'copy'));
    const batched = await read(csvStream(db, head, cells(), order, 'batches'));
    expect(copied.toString('utf8')).toBe(batched.toString('utf8'));
    expect(copied.equals(batched)).toBe(true);
    expect(copied.toString('utf8').split('\n').length).toBeGreaterThan(5100);
  });

  it('lets go of the database when clients leave mid-export', async () => {
    const url = `${app.url}/api/orders/export.csv?filter=${encodeURIComponent(JSON.stringify({ q: 'LEAVE-DN-' }))}`;
    for (let i = 0; i < (onPostgres ? 20 : 5); i += 1) {
      const leave = new AbortController();
      const res = await fetch(url, { headers: { cookie: admin.cookieHeader }, signal: leave.signal });
      expect(res.status).toBe(200);
      await res.body!.getReader().read();
      leave.abort();
    }
    const pool = (app.db.client as { pool: { numUsed(): number } }).pool;
    await eventually(() => expect(pool.numUsed()).toBe(0));
    if (onPostgres) {
      await eventually(async () => expect((await app.db.raw("select 1 from pg_stat_activity where state = 'active' and query like 'copy (%'")).rows)
        .toEqual([]));
    }
    // Everything still answers, a whole export included.
    expect((await admin.get('/api/orders?range=[0,9]')).status).toBe(200);
    const whole = await (await fetch(url, { headers: { cookie: admin.cookieHeader } })).text();
    expect(whole.split('\n').length).toBe(LEAVING_ROWS + 2);
    await eventually(() => expect(pool.numUsed()).toBe(0));
  });

  (onPostgres ? it : it.skip)('cuts the download off, and lives on, when the database fails mid-export', async () => {
    const url = `${app.url}/api/orders/export.csv?filter=${encodeURIComponent(JSON.stringify({ q: 'LEAVE-DN-' }))}`;
    const res = await fetch(url, { headers: { cookie: admin.cookieHeader } });
    const reader = res.body!.getReader();
    await reader.read();
    await eventually(async () => expect((await app.db.raw(
      "select pg_terminate_backend(pid) from pg_stat_activity where state = 'active' and query like 'copy (%'")).rows).not.toEqual([]));
    await expect((async () => { for (;;) if ((await reader.read()).done) return; })()).rejects.toThrow();
    const pool = (app.db.client as { pool: { numUsed(): number } }).pool;
    await eventually(() => expect(pool.numUsed()).toBe(0));
    expect((await admin.get('/api/orders?range=[0,9]')).status).toBe(200);
  });
});
