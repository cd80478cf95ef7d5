import type { Knex } from 'knex';
import { standardColumns } from './helpers/standardColumns';

const STATUSES = ['booking_received', 'awaiting_supplier_confirmation', 'awaiting_receiver_confirmation',
  'awaiting_vehicle_departure', 'vehicle_arrived_warehouse', 'in_transit', 'vehicle_breakdown', 'awaiting_delivery',
  'awaiting_pod_upload', 'completed', 'cancelled'];

/**
 * Orders (docs/pricing.md#formula): money is numeric(12,2); the MTM buy and sale prices are generated
 * by the database from their parts, never typed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');
  await knex.schema.createTable('orders', (t) => {
    t.increments('id');
    t.text('mtm_number').notNullable();
    t.text('dn_number').notNullable();
    t.integer('supplier_id').references('suppliers.id');
    t.integer('pickup_warehouse_id').notNullable().references('warehouses.id');
    t.integer('vehicle_type_id').references('vehicle_types.id');
    t.integer('delivery_area_id').notNullable().references('delivery_areas.id');
    t.integer('assigned_user_id').notNullable().references('users.id');
    t.date('pickup_date').notNullable();
    t.date('mos_date').notNullable();
    t.text('notes');
    t.text('status').notNullable().defaultTo('booking_received');
    t.timestamp('completion_date', { useTz: true });
    for (const side of ['base_purchase_price', 'hauling_buy_price', 'foul_trip_buy_price',
      'base_sale_price', 'hauling_sale_price', 'foul_trip_sale_price']) {
      t.decimal(side, 12, 2);
    }
    t.integer('created_by').references('users.id');
    standardColumns(knex, t);
  });
  await knex.raw(`alter table orders
    add column mtm_buy_price numeric(12,2) generated always as
      (coalesce(base_purchase_price, 0) + coalesce(hauling_buy_price, 0) + coalesce(foul_trip_buy_price, 0)) stored,
    add column mtm_sale_price numeric(12,2) generated always as
      (coalesce(base_sale_price, 0) + coalesce(hauling_sale_price, 0) + coalesce(foul_trip_sale_price, 0)) stored`);
  await knex.raw(`alter table orders add constraint orders_status_check check (status in (${STATUSES.map((s) => `'${s}'`).join(',')}))`);
  await knex.raw(`alter table orders add constraint orders_prices_check check (
    coalesce(base_purchase_price, 0) >= 0 and coalesce(hauling_buy_price, 0) >= 0 and coalesce(foul_trip_buy_price, 0) >= 0
    and coalesce(base_sale_price, 0) >= 0 and coalesce(hauling_sale_price, 0) >= 0 and coalesce(foul_trip_sale_price, 0) >= 0)`);
  await knex.raw('create unique index orders_dn_number_unique on orders (dn_number) where deleted_at is null');

  // The default list (newest first) and every filter of the order list, live rows only.
  const live = 'where deleted_at is null';
  await knex.raw(`create index orders_live_created on orders (created_at desc, id desc) ${live}`);
  await knex.raw(`create index orders_live_status on orders (status, created_at desc) ${live}`);
  for (const column of ['supplier_id', 'pickup_warehouse_id', 'vehicle_type_id', 'delivery_area_id', 'assigned_user_id',
    'pickup_date', 'mos_date', 'completion_date']) {
    await knex.raw(`create index orders_live_${column} on orders (${column}) ${live}`);
  }
  // Number search: prefix and contains, through trigrams.
  await knex.raw('create index orders_mtm_number_trgm on orders using gin (mtm_number gin_trgm_ops)');
  await knex.raw('create index orders_dn_number_trgm on orders using gin (dn_number gin_trgm_ops)');

  await knex.schema.createTable('order_events', (t) => {
    t.bigIncrements('id');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.text('from_status');
    t.text('to_status').notNullable();
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('note');
    t.index(['order_id', 'at']);
  });

  await knex.schema.createTable('order_attachments', (t) => {
    t.increments('id');
    t.integer('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.text('file_name').notNullable();
    t.text('content_type').notNullable();
    t.integer('size').notNullable();
    t.binary('content').notNullable();
    t.integer('uploaded_by').references('users.id').onDelete('SET NULL');
    standardColumns(knex, t);
    t.index(['order_id']);
  });
  await knex.raw(`alter table order_attachments add constraint order_attachments_kind_check check (kind in ('pod','receipt'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('order_attachments');
  await knex.schema.dropTable('order_events');
  await knex.schema.dropTable('orders');
}
