import type { Knex } from 'knex';
import type { AnyQueryBuilder } from 'objection';
import { httpError } from '../foundation/httpError';
import type { Narrowing, Scope } from '../resources/resource';
import type { User } from '../users/User';

/**
 * Regional dispatchers work only in their own delivery areas
 * (docs/roles-and-permissions.md#regional-dispatcher-scope); others everywhere.
 */
export const isAreaBound = (user: User) => user.role === 'regional_dispatcher';

export function scopeToAreas(query: Knex.QueryBuilder | AnyQueryBuilder, user: User, column: string): void {
  if (!isAreaBound(user)) return;
  // Both builders take whereRaw(sql, bindings); their overloads only differ in the types they return.
  (query as Knex.QueryBuilder).whereRaw(`${column} in (select delivery_area_id from user_delivery_areas where user_id = ?)`,
    [user.id]);
}

export async function worksInArea(db: Knex | Knex.Transaction, user: User, deliveryAreaId: number): Promise<boolean> {
  if (!isAreaBound(user)) return true;
  return Boolean(await db('userDeliveryAreas').where({ userId: user.id, deliveryAreaId }).first('userId'));
}

/** The refusal of an area the user does not work in: the order form, the import and process monitoring alike. */
export const AREA_DENIED = { code: 'area_denied', message: 'Access denied: this delivery area is not one of yours' } as const;

export async function assertWorksInArea(db: Knex | Knex.Transaction, user: User, deliveryAreaId: number): Promise<void> {
  if (!(await worksInArea(db, user, deliveryAreaId))) throw httpError(AREA_DENIED.code, AREA_DENIED.message);
}

/**
 * The areas an area-bound user works in, read now; undefined for everyone else (every area). For
 * queries that want the values in their SQL rather than a subquery: the planner then reads them
 * in the column's statistics.
 */
export async function areasOf(db: Knex | Knex.Transaction, user: User): Promise<number[] | undefined> {
  if (!isAreaBound(user)) return undefined;
  const rows: Array<{ deliveryAreaId: number }> = await db('userDeliveryAreas').where({ userId: user.id })
    .orderBy('deliveryAreaId').select('deliveryAreaId');
  return rows.map((row) => row.deliveryAreaId);
}

/**
 * A resource's scope (ResourceDef.scope): for an area-bound user, the rows whose area (`column`)
 * is one of theirs, after `base`; `base` alone for everyone else. The areas are read once for the
 * request and written in as values: the planner reads literals in the column's statistics but
 * cannot see into a subquery (its estimate of the orders' total was 6× off at a million orders).
 */
export const areaScope = (column: string, base?: Narrowing): Scope => async (ctx, db) => {
  const areas = await areasOf(db, ctx.state.user!);
  if (!areas) return base;
  return (query) => {
    base?.(query);
    query.whereIn(column, areas);
  };
};
