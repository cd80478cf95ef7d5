import Joi from 'joi';
import type { Knex } from 'knex';
import type { PartialModelObject } from 'objection';
import { MAX_BATCH_ORDERS } from '@kernel/orders/batchLimit';
import { isBeforePickup } from '@kernel/orders/dateOrder';
import { BULK_EDIT_FIELDS, type BulkEditChanges, type BulkEditField } from '@kernel/orders/bulkEdit';
import { logActivities } from '../activity/logActivity';
import { fieldRefusal, httpError, problem, type FieldProblems } from '../foundation/httpError';
import { validate } from '../middleware/validate';
import { serverTimeZone } from '../monitoring/periods';
import { referencesOf } from '../resources/relations';
import type { Ctx, Row } from '../resources/resource';
import { dateIn } from '../reports/reportPeriods';
import { worksInArea } from './dispatcherScope';
import { Order } from './Order';
import { lockedBatch, namedOrders } from './batchOrders';
import { createOrderSchema, ordersResource } from './ordersResource';
import { recordId } from '../resources/fields';

/**
 * The order form's own rule of each field (createOrderSchema), none required and no defaults
 * filled in; notes keep '' (cleared) apart from absent (unchanged).
 */
const changesSchema = Joi.object(Object.fromEntries(BULK_EDIT_FIELDS.map((field) => {
  const rule = createOrderSchema.extract(field).optional();
  return [field, field === 'notes' ? rule.empty() : rule];
}))).min(1).prefs({ noDefaults: true });

const bulkEditBody = Joi.object({
  ids: Joi.array().items(recordId()).min(1).max(MAX_BATCH_ORDERS).unique().required(),
  changes: changesSchema.required(),
});

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Each reference the changes set must name a live row (a supplier in the trash is refused on its field). */
async function checkReferences(trx: Knex.Transaction, changes: BulkEditChanges) {
  for (const { field, related } of referencesOf(ordersResource)) {
    const id = changes[field as BulkEditField];
    if (id === undefined || id === null) continue;
    if (await related.query(trx).findById(id as number).modify('live').select('id')) continue;
    throw fieldRefusal('invalid_input', `${field}: no such record ${id}`, `changes.${field}`,
      problem('unknown_id', `Unknown id ${id}`, { ids: String(id) }));
  }
}

/**
 * Why some of the orders may not take the changes (docs/order-status-flow.md#bulk-edit), by field:
 * a completed order's dates are final, a regional dispatcher moves orders only into their own
 * areas, and each order's resulting dates keep their order (kernel/orders/dateOrder.ts).
 */
async function refusals(ctx: Ctx, trx: Knex.Transaction, orders: Row[], changes: BulkEditChanges):
  Promise<{ fields: FieldProblems; refused: Set<Row> }> {
  const fields: FieldProblems = {};
  const all = new Set<Row>();
  const refuse = (field: BulkEditField, code: 'area_denied' | 'order_completed' | 'dates_out_of_order', refused: Row[], why: string) => {
    if (refused.length === 0) return;
    const named = namedOrders(refused);
    fields[`changes.${field}`] = problem(code, `${why}: ${named}`, { orders: named });
    refused.forEach((order) => all.add(order));
  };
  const area = changes.deliveryAreaId;
  if (typeof area === 'number' && !(await worksInArea(trx, ctx.state.user!, area))) {
    refuse('deliveryAreaId', 'area_denied', orders.filter((o) => o.deliveryAreaId !== area), 'Not one of your delivery areas');
  }
  const datesMoved = (o: Row) => (['pickupDate', 'mosDate'] as const).some((f) => f in changes && !same(o[f], changes[f]));
  for (const field of ['pickupDate', 'mosDate'] as const) {
    if (!(field in changes)) continue;
    refuse(field, 'order_completed', orders.filter((o) => o.status === 'completed' && !same(o[field], changes[field])),
      'Completed, its dates are final');
  }
  const outOfOrder = orders.filter((o) => {
    if (o.status === 'completed' || !datesMoved(o)) return false;
    const pickupDate = changes.pickupDate ?? o.pickupDate;
    const completionDay = o.completionDate ? dateIn(new Date(o.completionDate as string), serverTimeZone()) : null;
    return isBeforePickup(changes.mosDate ?? o.mosDate, pickupDate) || isBeforePickup(completionDay, pickupDate);
  });
  refuse('mosDate' in changes ? 'mosDate' : 'pickupDate', 'dates_out_of_order', outOfOrder, 'Dates out of order');
  return { fields, refused: all };
}

/**
 * Sets the same fields on many orders (docs/order-status-flow.md#bulk-edit), all or nothing, in a
 * fixed number of statements whatever the number of ids: the locking read, the reference checks,
 * one UPDATE of the orders that change, logActivities' one INSERT. Each changed order gets one
 * `bulk_edit` row with the before and after of the fields that changed on it.
 */
export async function bulkEdit(ctx: Ctx) {
  const { ids, changes: sent } = validate<{ ids: number[]; changes: BulkEditChanges }>(bulkEditBody, ctx.request.body);
  const changes: BulkEditChanges = sent.notes === '' ? { ...sent, notes: null } : sent;
  const fields = Object.keys(changes) as BulkEditField[];
  // What the refusals and the log read: each order's dates and status, and the fields' values before.
  const columns = new Set(['id', 'mtmNumber', 'status', 'completionDate', 'pickupDate', 'mosDate', ...fields]);
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    const orders = await lockedBatch(ctx, trx, ids, columns);
    await checkReferences(trx, changes);
    const { fields: why, refused } = await refusals(ctx, trx, orders, changes);
    if (refused.size > 0) {
      const named = namedOrders(orders.filter((order) => refused.has(order)));
      throw httpError('bulk_edit_refused', `These orders cannot take the change: ${named}. Nothing was changed.`,
        { params: { orders: named }, fields: why });
    }
    const edits = orders.map((order) => ({ order, changed: Object.fromEntries(fields.filter((f) => !same(order[f], changes[f]))
      .map((f) => [f, { before: order[f] ?? null, after: changes[f] ?? null }])) }))
      .filter(({ changed }) => Object.keys(changed).length > 0);
    // The model's $beforeUpdate (db/RecordModel.ts) bumps each version and sets updatedAt; an order
    // that already holds every value is left as it is.
    const changedIds = edits.map(({ order }) => order.id as number);
    if (changedIds.length > 0) await Order.query(trx).whereIn('id', changedIds).patch(changes as PartialModelObject<Order>);
    const actionId = await logActivities(trx, ctx, edits.map(({ order, changed }) => ({
      action: 'bulk_edit', entityType: 'order', entityId: order.id as number, changes: changed })));
    return { updated: edits.length, actionId };
  });
}
