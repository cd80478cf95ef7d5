import type { Knex } from 'knex';

/*
 * The delivery areas an order was in at a change to it, kept on the change's activity-log row: the
 * area before the change (its logged `deliveryAreaId.before`) and after it (the order row as it is
 * in the change's own transaction). A regional dispatcher's live stream hears of a change only
 * when one of these is theirs, however late the row is read (a reconnecting stream's catch-up):
 * moving an order into their area later does not make its earlier changes theirs
 * (docs/live-updates.md). A trigger fills it, so every path that logs an order change is covered.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('activity_logs', (t) => {
    t.specificType('order_area_ids', 'integer[]');
  });
  // PL/pgSQL keeps the plan of its read: about 20 µs a row, 0.2 s for a batch of 10,000.
  await knex.raw(`create function activity_logs_order_areas() returns trigger language plpgsql as $$
    declare
      area_now integer;
      area_before integer;
    begin
      select o.delivery_area_id into area_now from orders o where o.id = new.entity_id::integer;
      if jsonb_typeof(new.changes -> 'deliveryAreaId' -> 'before') = 'number' then
        area_before := (new.changes -> 'deliveryAreaId' ->> 'before')::numeric::integer;
      end if;
      new.order_area_ids := array_remove(array[area_now, nullif(area_before, area_now)], null);
      return new;
    end $$`);
  await knex.raw(`create trigger activity_logs_order_areas before insert on activity_logs for each row
    when (new.entity_type = 'order' and new.entity_id ~ '^[0-9]{1,9}$') execute function activity_logs_order_areas()`);
  // The rows logged before: the area an order is in now (and the one a move took it from) is all
  // that is known of them. (The id is cast only where it is one: the join may be tried on any row.)
  await knex.raw(`update activity_logs l set order_area_ids = array_remove(array[o.delivery_area_id,
      nullif(case when jsonb_typeof(l.changes -> 'deliveryAreaId' -> 'before') = 'number'
        then (l.changes -> 'deliveryAreaId' ->> 'before')::numeric::integer end, o.delivery_area_id)], null)
    from orders o
    where l.entity_type = 'order' and o.id = case when l.entity_id ~ '^[0-9]{1,9}$' then l.entity_id::integer end`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger activity_logs_order_areas on activity_logs');
  await knex.raw('drop function activity_logs_order_areas');
  await knex.schema.alterTable('activity_logs', (t) => {
    t.dropColumn('order_area_ids');
  });
}
