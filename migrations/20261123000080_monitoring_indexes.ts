import type { Knex } from 'knex';

/**
 * Process monitoring (docs/order-status-flow.md#delays) counts and lists late orders per delivery area. Only open
 * orders can be late, and in a working database they are a small share of all orders: these
 * partial indexes hold just them, by area and the date that makes them late. Their conditions
 * are the ones api/src/orders/delays.ts writes, so the planner can match them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index orders_pre_transit_pickup on orders (delivery_area_id, pickup_date)
    where deleted_at is null and status in ('booking_received', 'awaiting_supplier_confirmation',
      'awaiting_receiver_confirmation', 'awaiting_vehicle_departure', 'vehicle_arrived_warehouse')`);
  await knex.raw(`create index orders_open_mos on orders (delivery_area_id, mos_date)
    where deleted_at is null and status not in ('completed', 'cancelled')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index orders_open_mos');
  await knex.raw('drop index orders_pre_transit_pickup');
}
