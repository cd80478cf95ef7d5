import type { Knex } from 'knex';

/*
 * Each instance keeps the sessions it read, with their user and permission rows, for the requests
 * after (api/src/middleware/sessionCache.ts). Whatever may change one of them sends a notice on the
 * channel `app_sessions`, delivered at commit to every instance listening:
 * - a session ended or rewritten (sign-out, sign-out everywhere, a new sign-in): {"sessions": [ids]};
 *   a session's expiry pushed forward (once a minute while it is used) changes nothing kept;
 * - a user changed or deleted (status, role, password, deactivation…): {"users": [ids]};
 * - any page permission, or more rows than a notice should name: null, every session read anew.
 * The notices stay within pg_notify's 8000 bytes.
 */
export async function up(knex: Knex): Promise<void> {
  // The ids of the rows a statement ended or changed, under the trigger's key (sessions, users), or null past its limit.
  await knex.raw(`create function ids_changed_notify() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from old_rows) then
        perform pg_notify('app_sessions', (select case when count(*) > tg_argv[1]::int then 'null'
          else json_build_object(tg_argv[0], json_agg(id))::text end from old_rows));
      end if;
      return null;
    end $$`);
  await knex.raw(`create function sessions_rewritten_notify() returns trigger language plpgsql as $$
    declare total int; ids json;
    begin
      select count(*), json_agg(new_row.id) into total, ids from new_rows new_row join old_rows old_row on old_row.id = new_row.id
        where new_row.data is distinct from old_row.data or new_row.user_id is distinct from old_row.user_id;
      if total > 100 then perform pg_notify('app_sessions', 'null');
      elsif total > 0 then perform pg_notify('app_sessions', json_build_object('sessions', ids)::text);
      end if;
      return null;
    end $$`);
  await knex.raw(`create function permissions_changed_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('app_sessions', 'null');
      return null;
    end $$`);
  await knex.raw(`create trigger sessions_ended_notify after delete on sessions referencing old table as old_rows
    for each statement execute function ids_changed_notify('sessions', '100')`);
  await knex.raw(`create trigger sessions_rewritten_notify after update on sessions referencing old table as old_rows new table as new_rows
    for each statement execute function sessions_rewritten_notify()`);
  await knex.raw(`create trigger users_updated_notify after update on users referencing old table as old_rows
    for each statement execute function ids_changed_notify('users', '500')`);
  await knex.raw(`create trigger users_deleted_notify after delete on users referencing old table as old_rows
    for each statement execute function ids_changed_notify('users', '500')`);
  await knex.raw(`create trigger page_permissions_changed_notify after insert or update or delete on page_permissions
    for each statement execute function permissions_changed_notify()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger page_permissions_changed_notify on page_permissions');
  await knex.raw('drop trigger users_deleted_notify on users');
  await knex.raw('drop trigger users_updated_notify on users');
  await knex.raw('drop trigger sessions_rewritten_notify on sessions');
  await knex.raw('drop trigger sessions_ended_notify on sessions');
  for (const name of ['permissions_changed_notify', 'sessions_rewritten_notify', 'ids_changed_notify']) {
    await knex.raw(`drop function ${name}`);
  }
}
