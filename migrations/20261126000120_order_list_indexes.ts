import type { Knex } from 'knex';

/*
 * The order list's filters as users combine them (bench/results/load.md holds the plans): an area
 * with a pickup-date range (a dispatcher's month), a supplier or a status newest first. Each new
 * index starts with the column of the one it replaces, so nothing that used that one loses it.
 */
const live = 'where deleted_at is null';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index orders_live_area_pickup on orders (delivery_area_id, pickup_date) ${live}`);
  await knex.raw(`create index orders_live_supplier_created on orders (supplier_id, created_at desc, id desc) ${live}`);
  await knex.raw(`create index orders_live_status_created on orders (status, created_at desc, id desc) ${live}`);
  for (const replaced of ['orders_live_delivery_area_id', 'orders_live_supplier_id', 'orders_live_status']) {
    await knex.raw(`drop index ${replaced}`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`create index orders_live_status on orders (status, created_at desc) ${live}`);
  await knex.raw(`create index orders_live_supplier_id on orders (supplier_id) ${live}`);
  await knex.raw(`create index orders_live_delivery_area_id on orders (delivery_area_id) ${live}`);
  for (const added of ['orders_live_status_created', 'orders_live_supplier_created', 'orders_live_area_pickup']) {
    await knex.raw(`drop index ${added}`);
  }
}
