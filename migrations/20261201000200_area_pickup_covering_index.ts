import type { Knex } from 'knex';

/*
 * The order list fenced by a filter (api/src/resources/resourceRoutes.ts) first finds the ids and
 * sort columns of the rows that match. For an area with a pickup-date range, a dispatcher's month,
 * the index now holds them too (created_at, the default sort, and id), so that step reads the index
 * alone instead of some 2,000 heap pages at a million orders (bench/results/load.md).
 */
const live = 'where deleted_at is null';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index orders_live_area_pickup_sort on orders (delivery_area_id, pickup_date) include (created_at, id) ${live}`);
  await knex.raw('drop index orders_live_area_pickup');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`create index orders_live_area_pickup on orders (delivery_area_id, pickup_date) ${live}`);
  await knex.raw('drop index orders_live_area_pickup_sort');
}
