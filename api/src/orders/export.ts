import Router from '@koa/router';
import Joi from 'joi';
import { LOCALES, type Locale } from '@kernel/i18n/catalogs';
import type { AppState } from '../appState';
import { excelCsv } from '../csv/excelCsv';
import { validate } from '../middleware/validate';
import { parseListParams } from '../resources/listQuery';
import type { Ctx, Row } from '../resources/resource';
import { applyFilters, liveQuery } from '../resources/resourceRoutes';
import { loadTranslator } from '../translations/catalog';
import { orderGuards, ordersResource } from './ordersResource';
import { personNameSql } from '../users/personNameSql';

/** The exported columns, in order; headers come from the live catalog in the chosen language. */
const COLUMNS = ['id', 'mtmNumber', 'dnNumber', 'status', 'supplierId', 'pickupWarehouseId', 'vehicleTypeId',
  'deliveryAreaId', 'assignedUserId', 'pickupDate', 'mosDate', 'completionDate', 'createdAt', 'notes',
  'mtmBuyPrice', 'mtmSalePrice'] as const;

/** Rows are read by key, 1000 at a time, never by offset (docs/api-conventions.md#other-calls). */
const BATCH = 1000;

const exportQuery = Joi.object({ filter: Joi.string(), locale: Joi.string().valid(...LOCALES).default('cn') });

/** The filtered order list as CSV (UTF-8 with BOM for Excel), streamed whatever its length. */
async function exportCsv(ctx: Ctx) {
  const { locale } = validate<{ locale: Locale }>(exportQuery, ctx.query);
  const { filter } = parseListParams({ filter: ctx.query.filter }, ordersResource.sortable, { field: 'id', order: 'desc' });
  const db = ctx.state.db;
  const query = liveQuery(ordersResource, ctx, db)
    .leftJoin('suppliers as s', 's.id', 'orders.supplierId')
    .leftJoin('warehouses as w', 'w.id', 'orders.pickupWarehouseId')
    .leftJoin('vehicleTypes as v', 'v.id', 'orders.vehicleTypeId')
    .leftJoin('deliveryAreas as a', 'a.id', 'orders.deliveryAreaId')
    .leftJoin('users as u', 'u.id', 'orders.assignedUserId')
    .select('s.name as supplierName', 'w.name as warehouseName', 'v.name as vehicleTypeName', 'a.name as areaName',
      db.raw(`${personNameSql('u')} as user_name`));
  applyFilters(ordersResource, ctx, query, filter);
  // Fail on bad input before the first byte is sent.
  await query.clone().limit(0);

  const t = await loadTranslator(db, locale, ['resources', 'order_status']);
  const csv = excelCsv(COLUMNS.map((key) => ({ key, header: t(`resources.orders.fields.${key}`) })));
  const line = (o: Row) => ({
    ...o,
    status: t(`order_status.${o.status}`),
    supplierId: o.supplierName ?? '',
    pickupWarehouseId: o.warehouseName,
    vehicleTypeId: o.vehicleTypeName ?? '',
    deliveryAreaId: o.areaName,
    assignedUserId: o.userName,
    completionDate: o.completionDate ? new Date(o.completionDate).toISOString() : '',
    createdAt: new Date(o.createdAt).toISOString(),
  });
  (async () => {
    let last: number | undefined;
    for (;;) {
      const page = query.clone().orderBy('orders.id', 'desc').limit(BATCH);
      if (last !== undefined) page.where('orders.id', '<', last);
      const rows = (await page).map((r) => r.toJSON() as Row);
      for (const row of rows) {
        if (!csv.write(line(row))) await new Promise((resolve) => csv.once('drain', resolve));
      }
      if (rows.length < BATCH) break;
      last = rows[rows.length - 1].id;
    }
    csv.end();
  })().catch((err) => csv.destroy(err));

  ctx.type = 'text/csv; charset=utf-8';
  ctx.attachment(`orders-${new Date().toISOString().slice(0, 10)}.csv`);
  ctx.body = csv;
}

export const orderExportRoutes = new Router<AppState>({ prefix: '/api/orders' })
  .get('/export.csv', orderGuards.read, exportCsv);
