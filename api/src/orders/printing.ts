import Joi from 'joi';
import { MAX_PRINT_ORDERS, PRINT_LAYOUTS, type PrintLayout, type PrintRecord } from '@kernel/orders/printing';
import { logActivities } from '../activity/logActivity';
import { httpError } from '../foundation/httpError';
import { validate, type Input } from '../middleware/validate';
import type { Ctx } from '../resources/resource';
import { liveQuery } from '../resources/liveQuery';
import { trackingLinks } from '../tracking/trackingLinks';
import { personNameSql } from '../users/personNameSql';
import { scopedBatch } from './batchOrders';
import { ordersResource } from './ordersResource';
import { recordId } from '../resources/fields';

const ids = Joi.array().items(recordId()).min(1).max(MAX_PRINT_ORDERS).unique().required();

/** `?ids=1,2,3`: the orders' ids as one comma-separated list, so 500 of them stay a short address. */
const idList = (raw: unknown) => (typeof raw === 'string' ? raw.split(',') : raw);

/**
 * The orders to print (docs/printing-and-scanning.md), each with the names of what it references,
 * in one statement: the order list answers ids, and 500 notes would otherwise cost five lookups
 * per reference. A supplier or warehouse in the trash is still printed by its name.
 */
export async function deliveryNotes(ctx: Ctx) {
  const { ids: wanted } = validate<{ ids: number[] }>(Joi.object({ ids }), { ids: idList(ctx.query.ids) });
  const db = ctx.state.db;
  ctx.body = await scopedBatch(ctx, db, wanted, (query) => {
    query.leftJoin('suppliers as s', 's.id', 'orders.supplierId')
      .leftJoin('warehouses as w', 'w.id', 'orders.pickupWarehouseId')
      .leftJoin('deliveryAreas as a', 'a.id', 'orders.deliveryAreaId')
      .leftJoin('vehicleTypes as v', 'v.id', 'orders.vehicleTypeId')
      .leftJoin('users as u', 'u.id', 'orders.assignedUserId')
      .leftJoin('trackingLinks as t', 't.orderId', 'orders.id')
      .select('orders.id', 'orders.mtmNumber', 'orders.dnNumber', 'orders.pickupDate', 'orders.mosDate', 'orders.notes',
        's.name as supplierName', 'w.name as warehouseName', 'a.name as areaName', 'v.name as vehicleTypeName',
        't.token as trackingToken', db.raw(`${personNameSql('u')} as assigned_name`));
  });
}

export const printBody = Joi.object({ ids, layout: Joi.string().valid(...PRINT_LAYOUTS).required() });

/**
 * Records that the person printed these orders, when they confirm the print dialog: one `print`
 * row per order, one action, all or none (an order not theirs or gone refuses the whole print).
 * Delivery notes carry each order's tracking link as a QR code: the orders without one get it now,
 * in the same action, and the answer names every printed order's token.
 */
export async function recordPrint(ctx: Ctx, { body: { ids: printed, layout } }: Input<{ ids: number[]; layout: PrintLayout }>) {
  ctx.body = await ctx.state.db.transaction(async (trx): Promise<PrintRecord> => {
    const orders: number[] = (await scopedBatch(ctx, trx, printed, (query) => query.select('orders.id'))).map((order) => order.id as number);
    const { links, logged } = layout === 'delivery_notes' ? await trackingLinks(trx, ctx, orders) : { links: new Map(), logged: [] };
    const actionId = await logActivities(trx, ctx, [
      ...orders.map((id) => ({ action: 'print', entityType: 'order', entityId: id, changes: { layout } })), ...logged]);
    return { printed: orders.length, actionId, trackingTokens: Object.fromEntries([...links].map(([id, link]) => [id, link.token])) };
  });
}

export const lookupQuery = Joi.object({ code: Joi.string().trim().min(1).max(50).required() });

/**
 * The order a scanned code names: its DN number (unique among live orders) first, else the newest
 * order with that MTM number, among those the user sees. Unknown and out of scope answer the same
 * 404, so a dispatcher cannot learn that another area's number exists.
 */
export async function lookup(ctx: Ctx, { query: { code } }: Input<unknown, { code: string }>) {
  const db = ctx.state.db;
  const order = await liveQuery(ordersResource, db, await ordersResource.scope?.(ctx, db)).clearSelect()
    .select('orders.id', 'orders.mtmNumber', 'orders.dnNumber', 'orders.status')
    .where((q) => q.where('orders.dnNumber', code).orWhere('orders.mtmNumber', code))
    .orderByRaw('(orders.dn_number = ?) desc, orders.id desc', [code]).first();
  if (!order) throw httpError('not_found', 'No order has this number', { params: { entity: 'order' } });
  ctx.body = order;
}
