import Joi from 'joi';
import type { Knex } from 'knex';
import type { Model, QueryBuilder } from 'objection';
import { MAX_BATCH_ORDERS } from '@kernel/orders/batchLimit';
import { httpError, problem } from '../foundation/httpError';
import { parseListParams } from '../resources/listQuery';
import type { Ctx, Row } from '../resources/resource';
import { applyFilters, liveQuery } from '../resources/liveQuery';
import { ordersResource } from './ordersResource';

/** MTM numbers for a refusal: the first twenty, then how many more (no words: the admin shows them in its language). */
export function namedOrders(orders: Row[]): string {
  const shown = orders.slice(0, 20).map((o) => o.mtmNumber).join(', ');
  return orders.length > 20 ? `${shown}, … (+${orders.length - 20})` : shown;
}

/**
 * The live orders of `ids` the user sees, read as `select` says, in id order; or a 404 naming those
 * that are not (unknown, deleted or out of a dispatcher's scope alike), and nothing done.
 */
export async function scopedBatch(ctx: Ctx, db: Knex | Knex.Transaction, ids: number[],
  select: (query: QueryBuilder<Model>) => void): Promise<Row[]> {
  const query = liveQuery(ordersResource, db, await ordersResource.scope?.(ctx, db)).clearSelect().whereIn('orders.id', ids)
    .orderBy('orders.id');
  select(query);
  const orders: Row[] = (await query).map((o) => o.toJSON());
  const found = new Set(orders.map((o) => o.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const unknown = missing.join(', ');
    throw httpError('not_found', `No such orders (or not yours): ${unknown}. Nothing was changed.`,
      { params: { entity: 'order', ids: unknown }, fields: { ids: problem('unknown_id', `Unknown ${unknown}`, { ids: unknown }) } });
  }
  return orders;
}

/**
 * The orders of a batch change (the batch completion date, the bulk edit), their `columns` read and
 * locked for the transaction in one statement (scopedBatch).
 */
export const lockedBatch = (ctx: Ctx, trx: Knex.Transaction, ids: number[], columns: Iterable<string>): Promise<Row[]> =>
  scopedBatch(ctx, trx, ids, (query) => query.select([...columns].map((column) => `orders.${column}`)).forUpdate());

/** "Select all N matching" as a bulk call sends it beside its ids: the list's filter and the N confirmed. */
export interface Matching {
  filter: Record<string, unknown>;
  count: number;
}

export const matchingSchema = Joi.object<Matching>({
  filter: Joi.object().unknown(true).required(),
  count: Joi.number().integer().min(0).max(MAX_BATCH_ORDERS).required(),
});

/**
 * A selection made as "all N matching" belongs to its filter (docs/undo.md#selections): the orders
 * the filter finds now, in the user's scope and in the writing transaction, must be the ids sent
 * and N of them; else 409 selection_changed and nothing is done. One statement.
 */
export async function checkMatching(ctx: Ctx, trx: Knex.Transaction, ids: number[], matching: Matching | undefined): Promise<void> {
  if (!matching) return;
  const { filter } = parseListParams({ filter: JSON.stringify(matching.filter) }, ordersResource.list.sortable, ordersResource.list.defaultSort!);
  const query = liveQuery(ordersResource, trx, await ordersResource.scope?.(ctx, trx)).clearSelect().select('orders.id');
  await applyFilters(ordersResource, ctx, query, filter);
  const found = (await query.limit(MAX_BATCH_ORDERS + 1)).map((row) => row.$id() as number);
  const sent = new Set(ids);
  if (found.length === matching.count && found.length === ids.length && found.every((id) => sent.has(id))) return;
  throw httpError('selection_changed', `The orders matching the filter have changed since they were selected (${matching.count} then, `
    + `${found.length > MAX_BATCH_ORDERS ? `more than ${MAX_BATCH_ORDERS}` : found.length} now): select them again. Nothing was changed.`,
  { params: { expected: matching.count, count: found.length } });
}
