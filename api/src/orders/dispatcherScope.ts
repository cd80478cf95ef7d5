import type { Knex } from 'knex';
import type { User } from '../users/User';

/** Regional dispatchers work only in their own delivery areas (DESIGN.md §4); others everywhere. */
export const isAreaBound = (user: User) => user.role === 'regional_dispatcher';

/** Narrows a query to rows whose delivery-area column is one of the user's areas (when area-bound). */
export function scopeToAreas<Q extends { whereRaw(sql: string, bindings: unknown[]): unknown }>(query: Q, user: User,
  column: string): void {
  if (!isAreaBound(user)) return;
  query.whereRaw(`${column} in (select delivery_area_id from user_delivery_areas where user_id = ?)`, [user.id]);
}

export async function worksInArea(db: Knex | Knex.Transaction, user: User, deliveryAreaId: number): Promise<boolean> {
  if (!isAreaBound(user)) return true;
  return Boolean(await db('userDeliveryAreas').where({ userId: user.id, deliveryAreaId }).first('userId'));
}
