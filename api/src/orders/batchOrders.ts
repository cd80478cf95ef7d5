import type { Knex } from 'knex';
import type { Model, QueryBuilder } from 'objection';
import { httpError, problem } from '../foundation/httpError';
import type { Ctx, Row } from '../resources/resource';
import { liveQuery } from '../resources/resourceRoutes';
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
  const query = liveQuery(ordersResource, ctx, db).clearSelect().whereIn('orders.id', ids).orderBy('orders.id');
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
