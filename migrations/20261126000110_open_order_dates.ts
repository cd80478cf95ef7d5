import type { Knex } from 'knex';

/*
 * Process monitoring (docs/order-status-flow.md#delays) counts late orders per delivery area on every
 * visit. Counting them in `orders` read every open order each time: at a million orders, 600,000
 * rows and a quarter of a second per request. Whether an open order is late depends only on its
 * area, whether it has pulled out yet and its two dates, so the database keeps the open orders
 * counted by those four: a few thousand rows, summed in a millisecond for any day.
 *
 * Triggers keep the counts in step with every write, however it is made (the API, a batch, an
 * import, plain SQL), in the writing transaction. They are statement-level, with transition
 * tables: a batch of 10,000 orders is one grouped change, not 10,000.
 */

const PRE_TRANSIT = `('booking_received', 'awaiting_supplier_confirmation', 'awaiting_receiver_confirmation',
  'awaiting_vehicle_departure', 'vehicle_arrived_warehouse')`;
const OPEN = `deleted_at is null and status not in ('completed', 'cancelled')`;
const KEY = 'delivery_area_id, pre_transit, pickup_date, mos_date';
const keyOf = (rows: string, sign: string) =>
  `select delivery_area_id, status in ${PRE_TRANSIT} as pre_transit, pickup_date, mos_date, ${sign} as n from ${rows} where ${OPEN}`;

// Changes are applied in key order, so two transactions that touch the same keys wait for each other
// rather than deadlock; keys whose count falls to zero go.
const apply = (changes: string) => `
    insert into open_order_dates as c (${KEY}, orders)
    select ${KEY}, sum(n) from (${changes}) d group by ${KEY} having sum(n) <> 0 order by ${KEY}
    on conflict (${KEY}) do update set orders = c.orders + excluded.orders;
    delete from open_order_dates c using (select distinct ${KEY} from (${changes}) d) k
    where c.orders = 0 and (c.delivery_area_id, c.pre_transit, c.pickup_date, c.mos_date)
      = (k.delivery_area_id, k.pre_transit, k.pickup_date, k.mos_date);`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table open_order_dates (
    delivery_area_id integer not null,
    pre_transit boolean not null,
    pickup_date date not null,
    mos_date date not null,
    orders integer not null,
    primary key (${KEY}))`);
  await knex.raw(`insert into open_order_dates (${KEY}, orders)
    select ${KEY}, count(*) from (${keyOf('orders', '1')}) o group by ${KEY}`);
  await knex.raw(`create function open_order_dates_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${apply(keyOf('new_rows', '1'))}
      elsif tg_op = 'DELETE' then
        ${apply(keyOf('old_rows', '-1'))}
      else
        ${apply(`${keyOf('new_rows', '1')} union all ${keyOf('old_rows', '-1')}`)}
      end if;
      return null;
    end $$`);
  await knex.raw(`create trigger orders_open_dates_insert after insert on orders referencing new table as new_rows
    for each statement execute function open_order_dates_sync()`);
  await knex.raw(`create trigger orders_open_dates_update after update on orders
    referencing old table as old_rows new table as new_rows for each statement execute function open_order_dates_sync()`);
  await knex.raw(`create trigger orders_open_dates_delete after delete on orders referencing old table as old_rows
    for each statement execute function open_order_dates_sync()`);

  // The late orders of one kind, most overdue first, across areas: the list behind a count.
  await knex.raw(`create index orders_pre_transit_by_pickup on orders (pickup_date, id)
    where deleted_at is null and status in ${PRE_TRANSIT}`);
  await knex.raw(`create index orders_open_by_mos on orders (mos_date, id)
    where deleted_at is null and status not in ('completed', 'cancelled')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index orders_open_by_mos');
  await knex.raw('drop index orders_pre_transit_by_pickup');
  for (const op of ['insert', 'update', 'delete']) await knex.raw(`drop trigger orders_open_dates_${op} on orders`);
  await knex.raw('drop function open_order_dates_sync');
  await knex.raw('drop table open_order_dates');
}
