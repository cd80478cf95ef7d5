import Router from '@koa/router';
import Joi from 'joi';
import { logActivities, logActivity } from '../activity/logActivity';
import type { AppState } from '../foundation/appState';
import { httpError, problem } from '../foundation/httpError';
import { requirePage } from '../middleware/guard';
import { takes, type Input } from '../middleware/validate';
import type { Ctx, Row } from '../resources/resource';
import { pathId } from '../resources/pathId';
import { writeRefusals } from '../resources/writeRules';
import { parseListParams } from '../resources/listQuery';
import { presentTo } from '../resources/resourceRoutes';
import { applyFilters, liveQuery } from '../resources/liveQuery';
import { Order } from './Order';
import { orderGuards, ordersResource } from './ordersResource';
import { MAX_BATCH_ORDERS } from '@kernel/orders/batchLimit';
import { ORDER_STATUSES, type OrderStatus } from '@kernel/orders/statusFlow';
import { personNameSql } from '../users/personNameSql';
import { applyCards, unpricedWithCards } from '../rate-cards/cardPricing';
import { bulkEdit, bulkEditBody } from './bulkEdit';
import { checkMatching, lockedBatch, matchingSchema, namedOrders, type Matching } from './batchOrders';
import { deliveryNotes, lookup, lookupQuery, printBody, recordPrint } from './printing';
import { serverToday } from './delays';
import { notifyLateOrders, notifyOrdersMoved } from '../notifications/notificationRules';
import { recordId } from '../resources/fields';

/** A live order the user may see (a dispatcher's scope included), locked for the transaction. */
async function lockedOrder(ctx: Ctx, trx: Parameters<typeof liveQuery>[1], id: number): Promise<Row> {
  const order = await liveQuery(ordersResource, trx, await ordersResource.scope?.(ctx, trx)).findById(id).forUpdate();
  if (!order) throw httpError('not_found', `No order with id ${id}`, { params: { entity: 'order', id } });
  return order.toJSON();
}

const transitionBody = Joi.object({
  to: Joi.string().valid(...ORDER_STATUSES).required(),
  note: Joi.string().trim().max(1000).allow('', null),
  completionDate: Joi.date().iso().allow(null),
});

/**
 * One status change through the flow of docs/order-status-flow.md#transitions, recorded as an event
 * and in the activity log.
 */
async function transition(ctx: Ctx,
  { body: { to, note, completionDate } }: Input<{ to: OrderStatus; note?: string; completionDate?: Date | null }>) {
  const id = pathId(ctx);
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    const order = await lockedOrder(ctx, trx, id);
    const from = order.status as OrderStatus;
    const changes: Row = { status: to };
    if (to === 'completed') changes.completionDate = completionDate ?? new Date();
    else if (from === 'completed') changes.completionDate = null;
    // Judged by the rules of orders (orderRules.ts): the flow for this person, the POD, a given
    // completion date not before the pickup date (completing now is dated by the day it happens).
    const judged = to === 'completed' && !completionDate ? { status: to } : changes;
    const refusal = (await writeRefusals(ctx, trx, ordersResource,
      [{ id, before: order, after: { ...order, ...judged }, fields: Object.keys(judged) }])).get(id);
    if (refusal?.problem.code === 'not_allowed_from') {
      throw httpError('transition_not_allowed', `An order cannot move from "${from}" to "${to}"`,
        { params: { from, to }, fields: { to: problem('not_allowed_from', `Not allowed from ${from}`, { from }) } });
    }
    if (refusal?.problem.code === 'pod_required') {
      throw httpError('pod_required', 'Upload a proof of delivery (POD) before completing the order',
        { fields: { to: problem('pod_required', 'POD required') } });
    }
    if (refusal) throw tooEarly([order]);
    await Order.query(trx).findById(id).patch(changes);
    // A completed order without its prices gets its rate card's, in the same transaction (docs/pricing.md#rate-cards).
    if (to === 'completed') await applyCards(trx, ctx, await unpricedWithCards(trx, [id], true));
    await trx('orderEvents').insert({ orderId: id, fromStatus: from, toStatus: to, userId: ctx.state.user!.id, note: note || null });
    const logged: Row = { status: { before: from, after: to } };
    if ('completionDate' in changes) logged.completionDate = { before: order.completionDate, after: changes.completionDate };
    await logActivity(trx, ctx, { action: 'status_change', entityType: 'order', entityId: id, changes: logged });
    // Its notifications commit with it (docs/notifications.md): the assigned person's, and the order's delays now.
    await notifyOrdersMoved(trx, ctx.state.config, ctx.state.user!.id, [{ orderId: id, from, to }]);
    await notifyLateOrders(trx, ctx.state.config, serverToday(), [id]);
    return (await presentTo(ctx, ordersResource, [(await liveQuery(ordersResource, trx, await ordersResource.scope?.(ctx, trx)).findById(id))!]))[0];
  });
}

/** The timeline of an order: every status change with who and when. */
async function events(ctx: Ctx) {
  const id = pathId(ctx);
  const db = ctx.state.db;
  const order = await liveQuery(ordersResource, db, await ordersResource.scope?.(ctx, db)).findById(id);
  if (!order) throw httpError('not_found', `No order with id ${id}`, { params: { entity: 'order', id } });
  ctx.body = await db('orderEvents as e').leftJoin('users as u', 'u.id', 'e.userId')
    .where('e.orderId', id).orderBy([{ column: 'e.at', order: 'asc' }, { column: 'e.id', order: 'asc' }])
    .select('e.id', 'e.fromStatus', 'e.toStatus', 'e.at', 'e.note', 'e.userId',
      db.raw(`coalesce(${personNameSql('u')}, '') as user_name`));
}

/** The refusal of a completion date before the pickup date of these orders (the latest of them named). */
function tooEarly(early: Row[]) {
  const min = early.map((order) => order.pickupDate as string).sort().at(-1)!;
  const named = namedOrders(early);
  return httpError('invalid_input', `The completion date cannot be before the pickup date ${min}: ${named}. Nothing was changed.`,
    { params: { fields: 'completionDate' },
      fields: { completionDate: problem('too_early', `Before the pickup date ${min} of ${named}`, { min, orders: named }) } });
}

// The customer's batch-modification texts
// (docs/order-status-flow.md#batch-modification-completion-date) are the field messages.
const batchBody = Joi.object({
  ids: Joi.array().items(recordId()).min(1).max(MAX_BATCH_ORDERS).unique().required().messages({
    'any.required': 'Please select at least one order for batch modification',
    'array.min': 'Please select at least one order for batch modification',
    'array.base': 'Please select at least one order for batch modification',
  }),
  completionDate: Joi.date().iso().required().messages({
    'any.required': 'Please select a new completion date',
    'date.base': 'Please select a valid date and time',
    'date.format': 'Please select a valid date and time',
  }),
  matching: matchingSchema,
});

/**
 * Sets the completion date of many completed orders, all or nothing, in a fixed number of statements
 * whatever the number of ids: the locking read, one UPDATE, logActivities' one INSERT.
 */
async function batchCompletionDate(ctx: Ctx,
  { body: { ids, completionDate, matching } }: Input<{ ids: number[]; completionDate: Date; matching?: Matching }>) {
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    const orders = await lockedBatch(ctx, trx, ids, ['id', 'mtmNumber', 'status', 'completionDate', 'pickupDate']);
    await checkMatching(ctx, trx, ids, matching);
    // Only a completed order has a completion date to correct
    // (docs/order-status-flow.md#batch-modification-completion-date): any other would be dated as
    // finished while still under way, or cancelled.
    const open = orders.filter((o) => o.status !== 'completed');
    if (open.length > 0) {
      const named = namedOrders(open);
      throw httpError('not_completed', `Only completed orders can be given a completion date; not completed: ${named}. Nothing was changed.`,
        { params: { orders: named }, fields: { ids: problem('not_completed', `Not completed: ${named}`, { orders: named }) } });
    }
    const early = await writeRefusals(ctx, trx, ordersResource,
      orders.map((order) => ({ id: order.id as number, before: order, after: { ...order, completionDate }, fields: ['completionDate'] })));
    if (early.size > 0) throw tooEarly(orders.filter((order) => early.has(order.id as number)));
    // The model's $beforeUpdate (db/RecordModel.ts) bumps every row's version and sets updatedAt.
    const updated = await Order.query(trx).whereIn('id', ids).patch({ completionDate }).returning('id');
    const actionId = await logActivities(trx, ctx, orders.map((order) => ({ action: 'batch_update', entityType: 'order', entityId: order.id as number,
      changes: { completionDate: { before: order.completionDate, after: completionDate } } })));
    return { updated: updated.length, actionId };
  });
}

const idsQuery = Joi.object({ filter: Joi.string(), sort: Joi.string(),
  limit: Joi.number().integer().min(1).max(MAX_BATCH_ORDERS).default(MAX_BATCH_ORDERS) });

/**
 * The ids of the orders a list shows (its filter and sort, the user's scope), up to a batch's
 * worth: the batch page's "select all", one light request rather than twenty pages of whole orders.
 */
async function matchingIds(ctx: Ctx, { query: { limit } }: Input<unknown, { limit: number }>) {
  const { sort, filter } = parseListParams({ sort: ctx.query.sort, filter: ctx.query.filter }, ordersResource.list.sortable,
    ordersResource.list.defaultSort!);
  const db = ctx.state.db;
  const query = liveQuery(ordersResource, db, await ordersResource.scope?.(ctx, db)).clearSelect().select('orders.id');
  await applyFilters(ordersResource, ctx, query, filter);
  const rows = await query.orderBy(`orders.${sort.field}`, sort.order).orderBy('orders.id', sort.order).limit(limit);
  ctx.body = { ids: rows.map((row) => row.$id() as number) };
}

/** Order calls beyond the resource protocol; mounted before it so their paths win. */
export const orderRoutes = new Router<AppState>({ prefix: '/api/orders' })
  .post('/batch-completion-date', requirePage('batch_modification'), takes({ body: batchBody }, batchCompletionDate))
  .get('/ids', requirePage('batch_modification'), takes({ query: idsQuery }, matchingIds))
  .post('/bulk-edit', orderGuards.write, takes({ body: bulkEditBody }, bulkEdit))
  .get('/lookup', orderGuards.read, takes({ query: lookupQuery }, lookup))
  .get('/delivery-notes', orderGuards.read, deliveryNotes)
  .post('/print', orderGuards.read, takes({ body: printBody }, recordPrint))
  .post('/:id/transitions', orderGuards.write, takes({ body: transitionBody }, transition))
  .get('/:id/events', orderGuards.read, events);
