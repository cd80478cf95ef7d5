import type { Knex } from 'knex';

/*
 * Live updates (docs/live-updates.md): every change writes its activity-log rows in its own
 * transaction, so those rows are where every instance of the app learns of it. Each statement
 * that appends rows sends one notice on the channel `app_changes` naming the range of their ids;
 * PostgreSQL delivers it when the transaction commits and drops it when it rolls back. The notice
 * stays small whatever the batch: the listeners read the rows themselves.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create function activity_logs_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('app_changes', (select json_build_object('from', min(id), 'to', max(id))::text from new_rows));
      return null;
    end $$`);
  await knex.raw(`create trigger activity_logs_notify after insert on activity_logs referencing new table as new_rows
    for each statement execute function activity_logs_notify()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger activity_logs_notify on activity_logs');
  await knex.raw('drop function activity_logs_notify');
}
