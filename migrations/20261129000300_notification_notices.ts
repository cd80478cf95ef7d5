import type { Knex } from 'knex';

/*
 * The bell updates live (docs/notifications.md#live): each statement that writes notifications,
 * or marks them read, sends one notice on the channel `app_notifications` naming the people whose
 * notifications changed (null: too many to name, everyone's bell refetches). PostgreSQL delivers
 * it when the transaction commits, on every instance listening, as it does `app_changes`. The
 * notices stay within pg_notify's 8000 bytes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create function notifications_notify() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from changed_rows) then
        perform pg_notify('app_notifications', (select case when count(distinct user_id) > 500 then 'null'
          else json_agg(distinct user_id)::text end from changed_rows));
      end if;
      return null;
    end $$`);
  await knex.raw(`create trigger notifications_inserted_notify after insert on notifications referencing new table as changed_rows
    for each statement execute function notifications_notify()`);
  await knex.raw(`create trigger notifications_read_notify after update on notifications referencing new table as changed_rows
    for each statement execute function notifications_notify()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger notifications_read_notify on notifications');
  await knex.raw('drop trigger notifications_inserted_notify on notifications');
  await knex.raw('drop function notifications_notify');
}
