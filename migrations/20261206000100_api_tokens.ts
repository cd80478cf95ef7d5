import type { Knex } from 'knex';
import { standardColumns } from './helpers/standardColumns';

/*
 * API tokens (DESIGN §15, docs/api-conventions.md#api-tokens): a customer's system calls the API
 * as the token's user. Only the secret's SHA-256 is kept (the secret is shown once, at creation);
 * its first characters (`prefix`) tell tokens apart in lists. A deleted token is a revoked one.
 * The log names the token a change came through (activity_logs.api_token_id: no foreign key, the
 * log outlives a purged token). An action id is issued to a token as to a session.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_tokens', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.integer('user_id').notNullable().references('users.id');
    t.text('token_hash').notNullable().unique();
    t.text('prefix').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('last_used_at', { useTz: true });
    t.text('last_used_ip');
    t.integer('created_by').references('users.id');
    standardColumns(knex, t);
  });
  await knex.raw('create unique index api_tokens_name_unique on api_tokens (lower(name)) where deleted_at is null');
  await knex.schema.alterTable('activity_logs', (t) => {
    t.integer('api_token_id');
  });
  // An action id (docs/undo.md#action-ids) is issued to a session or to a token.
  await knex.raw(`alter table issued_actions alter column session_id drop not null,
    add column api_token_id integer references api_tokens (id) on delete cascade,
    add constraint issued_actions_holder_check check ((session_id is null) <> (api_token_id is null))`);
  await knex.raw('create index issued_actions_token_index on issued_actions (api_token_id) where api_token_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('delete from issued_actions where session_id is null');
  await knex.raw(`alter table issued_actions drop constraint issued_actions_holder_check, drop column api_token_id,
    alter column session_id set not null`);
  await knex.schema.alterTable('activity_logs', (t) => {
    t.dropColumn('api_token_id');
  });
  await knex.schema.dropTable('api_tokens');
}
