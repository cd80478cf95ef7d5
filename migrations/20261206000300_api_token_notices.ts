import type { Knex } from 'knex';

/*
 * Each instance keeps the API tokens it read, with their user, as it keeps sessions
 * (api/src/middleware/sessionCache.ts, keyed `bearer:<token hash>`). A token changed or deleted
 * (revoked, renamed, its last use written) sends {"sessions": ["bearer:<hash>", …]} on
 * `app_sessions`, as a session's end does (20261130000100_session_notices.ts): every instance
 * reads it anew on its next request. Its user's changes and any page permission notify already.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create function api_tokens_changed_notify() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from old_rows) then
        perform pg_notify('app_sessions', (select case when count(*) > 100 then 'null'
          else json_build_object('sessions', json_agg('bearer:' || token_hash))::text end from old_rows));
      end if;
      return null;
    end $$`);
  await knex.raw(`create trigger api_tokens_updated_notify after update on api_tokens referencing old table as old_rows
    for each statement execute function api_tokens_changed_notify()`);
  await knex.raw(`create trigger api_tokens_deleted_notify after delete on api_tokens referencing old table as old_rows
    for each statement execute function api_tokens_changed_notify()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger api_tokens_deleted_notify on api_tokens');
  await knex.raw('drop trigger api_tokens_updated_notify on api_tokens');
  await knex.raw('drop function api_tokens_changed_notify');
}
