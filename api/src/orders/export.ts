import { buffer } from 'node:stream/consumers';
import Router from '@koa/router';
import Joi from 'joi';
import type { Knex } from 'knex';
import type { Model, QueryBuilder } from 'objection';
import { LOCALES, type Locale } from '@kernel/i18n/catalogs';
import { ORDER_STATUSES, type OrderStatus } from '@kernel/orders/statusFlow';
import type { AppState } from '../appState';
import { excelCsv, neutraliseFormula } from '../csv/excelCsv';
import { validate } from '../middleware/validate';
import { parseListParams } from '../resources/listQuery';
import type { Ctx } from '../resources/resource';
import { applyFilters, liveQuery } from '../resources/resourceRoutes';
import { loadTranslator } from '../translations/catalog';
import { csvStream } from './csvRows';
import { orderGuards, ordersResource } from './ordersResource';
import { personNameSql } from '../users/personNameSql';

/** The exported columns, in order; headers come from the live catalog in the chosen language. */
const COLUMNS = ['id', 'mtmNumber', 'dnNumber', 'status', 'supplierId', 'pickupWarehouseId', 'vehicleTypeId',
  'deliveryAreaId', 'assignedUserId', 'pickupDate', 'mosDate', 'completionDate', 'createdAt', 'notes',
  'mtmBuyPrice', 'mtmSalePrice'] as const;

/** A number, as neutraliseFormula reads one; [0-9], not \d: PostgreSQL's \d may take other scripts' digits. */
const NUMBER = '^[-+]?[0-9]+(\\.[0-9]+)?$';

/**
 * A text cell as the CSV shows it (csvRows.ts): neutraliseFormula (csv/excelCsv.ts) in SQL, an
 * apostrophe before text that starts with = + - @ tab or CR (9, 13, 43, 45, 61, 64) and is not a
 * number, and null for an empty text, which COPY would write as "".
 */
const textCell = (db: Knex, value: Knex.Raw) => db.raw(
  `case when ascii(?) in (9, 13, 43, 45, 61, 64) and ? !~ ? then '''' || ? else nullif(?, '') end`,
  [value, value, NUMBER, value, value]);
const column = (db: Knex, name: string) => textCell(db, db.raw('??::text', [name]));
/** An instant as JavaScript's toISOString() writes it: UTC, milliseconds cut (not rounded), 'Z'. */
const isoTime = (db: Knex, name: string) => db.raw(`to_char(?? at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, [name]);

/**
 * The export's cells of `orders` (orders scoped and filtered as the user may see them), newest
 * first: the values the CSV shows, worked out by the database, so that PostgreSQL's COPY writes the
 * file without a line of JavaScript per row. Ids, prices and instants need no neutralising: they
 * never start with a formula character unless as a number, and are never empty.
 */
export function csvCells(db: Knex, orders: QueryBuilder<Model>, statusLabel: (status: OrderStatus) => string): Knex.QueryBuilder {
  // The labels go in as literals (COPY takes no parameters), already as they should read.
  const status = db.raw(`case ?? ${ORDER_STATUSES.map(() => 'when ? then ?').join(' ')} end`,
    ['orders.status', ...ORDER_STATUSES.flatMap((s) => [s, neutraliseFormula(statusLabel(s)) || null])]);
  const cells: Record<(typeof COLUMNS)[number], Knex.Raw> = {
    id: db.raw('??', ['orders.id']),
    mtmNumber: column(db, 'orders.mtmNumber'),
    dnNumber: column(db, 'orders.dnNumber'),
    status,
    supplierId: column(db, 's.name'),
    pickupWarehouseId: column(db, 'w.name'),
    vehicleTypeId: column(db, 'v.name'),
    deliveryAreaId: column(db, 'a.name'),
    assignedUserId: textCell(db, db.raw(personNameSql('u'))),
    pickupDate: column(db, 'orders.pickupDate'),
    mosDate: column(db, 'orders.mosDate'),
    completionDate: isoTime(db, 'orders.completionDate'),
    createdAt: isoTime(db, 'orders.createdAt'),
    notes: column(db, 'orders.notes'),
    // numeric(12,2) as PostgreSQL prints it, not as a JavaScript number.
    mtmBuyPrice: db.raw('??::text', ['orders.mtmBuyPrice']),
    mtmSalePrice: db.raw('??::text', ['orders.mtmSalePrice']),
  };
  return orders.clearSelect()
    .leftJoin('suppliers as s', 's.id', 'orders.supplierId')
    .leftJoin('warehouses as w', 'w.id', 'orders.pickupWarehouseId')
    .leftJoin('vehicleTypes as v', 'v.id', 'orders.vehicleTypeId')
    .leftJoin('deliveryAreas as a', 'a.id', 'orders.deliveryAreaId')
    .leftJoin('users as u', 'u.id', 'orders.assignedUserId')
    .select(COLUMNS.map((key) => db.raw('? as ??', [cells[key], key])))
    .orderBy('orders.id', 'desc')
    .toKnexQuery();
}

const exportQuery = Joi.object({ filter: Joi.string(), locale: Joi.string().valid(...LOCALES).default('cn') });

/** The filtered order list as CSV (UTF-8 with BOM for Excel), streamed whatever its length. */
async function exportCsv(ctx: Ctx) {
  const { locale } = validate<{ locale: Locale }>(exportQuery, ctx.query);
  const { filter } = parseListParams({ filter: ctx.query.filter }, ordersResource.sortable, { field: 'id', order: 'desc' });
  const db = ctx.state.db;
  const query = liveQuery(ordersResource, ctx, db);
  applyFilters(ordersResource, ctx, query, filter);
  const t = await loadTranslator(db, locale, ['resources', 'order_status']);
  const cells = csvCells(db, query, (status) => t(`order_status.${status}`));
  // Fail on bad input before the first byte is sent.
  await cells.clone().limit(0);

  // The BOM and the header row exactly as csv-stringify writes them (neutralised, quoted).
  const head = await buffer(excelCsv(COLUMNS.map((key) => ({ key, header: t(`resources.orders.fields.${key}`) }))).end());
  ctx.type = 'text/csv; charset=utf-8';
  ctx.attachment(`orders-${new Date().toISOString().slice(0, 10)}.csv`);
  const body = await csvStream(db, head, cells);
  // koa-compress passes the body on with pipe(), which passes on no error: a failed export must
  // still cut the response off, not leave the download hanging.
  body.once('error', () => ctx.res.destroy());
  ctx.body = body;
}

export const orderExportRoutes = new Router<AppState>({ prefix: '/api/orders' })
  .get('/export.csv', orderGuards.read, exportCsv);
