import type { Knex } from 'knex';

/*
 * A second factor at sign-in (DESIGN §16, docs/api-conventions.md#second-factor):
 * - user_factors: a person's authenticator apps (TOTP, RFC 6238) and passkeys (WebAuthn). A TOTP
 *   factor keeps its `secret` and is unconfirmed until its first code is entered; `last_step` is
 *   the time step of the last code it took, so no code is taken twice. A passkey keeps its
 *   credential's id, public key (COSE, base64url), signature counter, transports and the last
 *   challenge it signed, so no signature is taken twice.
 * - recovery_codes: ten single-use codes per person, kept as SHA-256 digests.
 * - second_factor_roles: the roles whose people must sign in with a second factor. A new company
 *   requires it of administrators; the demo company's seed clears it so its logins stay one step.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_factors', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('kind').notNullable().checkIn(['totp', 'passkey'], 'user_factors_kind');
    t.text('secret');
    t.bigInteger('last_step');
    t.text('credential_id').unique();
    t.text('public_key');
    t.bigInteger('sign_count');
    t.text('last_challenge');
    t.specificType('transports', 'text[]');
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.index(['user_id']);
  });
  await knex.raw(`alter table user_factors add constraint user_factors_kind_fields check (case kind
    when 'totp' then secret is not null
    else credential_id is not null and public_key is not null and sign_count is not null end)`);
  await knex.schema.createTable('recovery_codes', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('code_hash').notNullable();
    t.timestamp('used_at', { useTz: true });
    t.unique(['user_id', 'code_hash']);
  });
  await knex.schema.createTable('second_factor_roles', (t) => {
    t.text('role').primary();
  });
  await knex.raw(`alter table second_factor_roles add constraint second_factor_roles_role_check check (role in
    ('admin','director','manager','team_leader','biller','regional_dispatcher'))`);
  await knex('second_factor_roles').insert({ role: 'admin' });
  // The throttle's count of an account's wrong codes (auth/throttle.ts: kind 'second_factor', the user id as username).
  await knex.raw(`create index auth_attempts_second_factor on auth_attempts (username, at) where kind = 'second_factor'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index auth_attempts_second_factor');
  await knex.schema.dropTable('second_factor_roles');
  await knex.schema.dropTable('recovery_codes');
  await knex.schema.dropTable('user_factors');
}
