import type { Knex } from 'knex';

/*
 * Pricing management lists completed orders, newest completion first (api/src/pricing/
 * pricingResource.ts). The only index by completion date holds every live order, and in
 * descending order its NULLs come first: the open orders' empty dates. At a million orders
 * (690,154 open) the page walked past all of them to find 25 completed ones: 2,850 ms and 29,000
 * buffers (EXPLAIN (ANALYZE, BUFFERS) on the bench database); with an index of the completed
 * orders alone, in the list's order, 2–7 ms and 28 buffers, with an area filter too.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index orders_completed_by_date on orders (completion_date desc, id desc)
    where deleted_at is null and status = 'completed'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index orders_completed_by_date');
}
