import Joi from 'joi';
import type { Knex } from 'knex';
import type { PartialModelObject } from 'objection';
import { MAX_BATCH_ORDERS } from '@kernel/orders/batchLimit';
import type { FieldErrorCode } from '@kernel/errors/errorCodes';
import { BULK_EDIT_FIELDS, type BulkEditChanges, type BulkEditField } from '@kernel/orders/bulkEdit';
import { logActivities } from '../activity/logActivity';
import { fieldRefusal, httpError, problem, type FieldProblems } from '../foundation/httpError';
import type { Input } from '../middleware/validate';
import type { Ctx, Row } from '../resources/resource';
import { writeRefusals } from '../resources/writeRules';
import { worksInArea } from './dispatcherScope';
import { Order } from './Order';
import { checkMatching, lockedBatch, matchingSchema, namedOrders, type Matching } from './batchOrders';
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

export const bulkEditBody = Joi.object({
  ids: Joi.array().items(recordId()).min(1).max(MAX_BATCH_ORDERS).unique().required(),
  changes: changesSchema.required(),
  matching: matchingSchema,
});

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** How a bulk edit says a rule's refusal of an order (writeRules.ts): a date out of order is the batch's word for too early. */
const BULK_CODES: Partial<Record<FieldErrorCode, FieldErrorCode>> = { too_early: 'dates_out_of_order' };

/**
 * Why some of the orders may not take the changes (docs/order-status-flow.md#bulk-edit), by field:
 * the rules of orders (orderRules.ts: a completed order's dates are final, dates in order, live
 * references), said per field with the orders they refuse, and a regional dispatcher moves orders
 * only into their own areas. A reference to no live record refuses the call on its field (400).
 */
async function refusals(ctx: Ctx, trx: Knex.Transaction, orders: Row[], changes: BulkEditChanges):
  Promise<{ fields: FieldProblems; refused: Set<number> }> {
  const byField = new Map<string, { code: FieldErrorCode; why: string; orders: Row[] }>();
  const refused = new Set<number>();
  const refuse = (field: string, code: FieldErrorCode, why: string, order: Row) => {
    const key = `changes.${field in changes ? field : 'pickupDate' in changes ? 'pickupDate' : 'mosDate'}`;
    const entry = byField.get(key) ?? { code, why, orders: [] };
    byField.set(key, { ...entry, orders: [...entry.orders, order] });
    refused.add(order.id as number);
  };
  const area = changes.deliveryAreaId;
  if (typeof area === 'number' && !(await worksInArea(trx, ctx.state.user!, area))) {
    for (const order of orders.filter((o) => o.deliveryAreaId !== area)) refuse('deliveryAreaId', 'area_denied', 'Not one of your delivery areas', order);
  }
  const fields = Object.keys(changes);
  const writes = orders.map((order) => ({ id: order.id as number, before: order, after: { ...order, ...changes }, fields }));
  const byId = new Map(orders.map((order) => [order.id as number, order]));
  for (const [id, { field, problem: why }] of await writeRefusals(ctx, trx, ordersResource, writes)) {
    if (why.code === 'unknown_id') throw fieldRefusal('invalid_input', `${field}: ${why.message}`, `changes.${field}`, why);
    refuse(field, BULK_CODES[why.code] ?? why.code, why.message, byId.get(id)!);
  }
  return {
    refused,
    fields: Object.fromEntries([...byField].map(([key, { code, why, orders: refusedOrders }]) => {
      const named = namedOrders(refusedOrders);
      return [key, problem(code, `${why}: ${named}`, { orders: named })];
    })),
  };
}

/**
 * Sets the same fields on many orders (docs/order-status-flow.md#bulk-edit), all or nothing, in a
 * fixed number of statements whatever the number of ids: the locking read, the reference checks,
 * one UPDATE of the orders that change, logActivities' one INSERT. Each changed order gets one
 * `bulk_edit` row with the before and after of the fields that changed on it.
 */
export async function bulkEdit(ctx: Ctx,
  { body: { ids, changes: sent, matching } }: Input<{ ids: number[]; changes: BulkEditChanges; matching?: Matching }>) {
  const changes: BulkEditChanges = sent.notes === '' ? { ...sent, notes: null } : sent;
  const fields = Object.keys(changes) as BulkEditField[];
  // What the refusals and the log read: each order's dates and status, and the fields' values before.
  const columns = new Set(['id', 'mtmNumber', 'status', 'completionDate', 'pickupDate', 'mosDate', ...fields]);
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    const orders = await lockedBatch(ctx, trx, ids, columns);
    await checkMatching(ctx, trx, ids, matching);
    const { fields: why, refused } = await refusals(ctx, trx, orders, changes);
    if (refused.size > 0) {
      const named = namedOrders(orders.filter((order) => refused.has(order.id as number)));
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
