import type { Knex } from 'knex';

/**
 * How many rows `query` finds, counting no further than `cap + 1`: a count that costs at most the
 * cap's rows whatever the table holds (a list's total past 10,000, the bell's past 1,000). A
 * result above the cap means "more than the cap".
 */
export async function cappedCount(db: Knex, query: Knex.QueryBuilder, cap: number): Promise<number> {
  const [{ count }] = await db.count({ count: '*' }).from(query.select(db.raw('1')).limit(cap + 1).as('capped')) as
    Array<{ count: string | number }>;
  return Number(count);
}
