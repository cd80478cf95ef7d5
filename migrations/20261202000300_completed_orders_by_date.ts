import type { Knex } from 'knex';

/*
 * Pricing management lists completed orders, newest completion first (api/src/pricing/
 * pricingResource.ts). The only index by completion date holds every live order, and in
 * descending order its NULLs come first: the open orders' empty dates. At a million orders
 * (690,154 open) the page walked past all of them to find 25 completed ones: 2,850 ms and 29,000
 * buffers (EXPLAIN (ANALYZE, BUFFERS) on the bench database); with an index of the completed
 * orders alone, in the list's order, 2–7 ms and 28 buffers, with an area filter too.
 *
 * The page's totals (api/src/pricing/routes.ts: all time by default) summed every completed order
 * from the table: 110 ms of a parallel scan at a million orders, 544 ms p50 at 8 connections
 * (bench/pages.ts). The index also holds what they sum and filter by, so they read it alone (an
 * index-only scan): 40 ms. They still grow with the completed orders (see bench/results/pages.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index orders_completed_by_date on orders (completion_date desc, id desc)
    include (delivery_area_id, supplier_id, rate_card_id, base_purchase_price, base_sale_price, mtm_buy_price, mtm_sale_price)
    where deleted_at is null and status = 'completed'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index orders_completed_by_date');
}
