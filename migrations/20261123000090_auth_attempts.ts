import type { Knex } from 'knex';

/**
 * The throttle's counters (api/src/auth/throttle.ts): one row per login or registration attempt,
 * written BEFORE the password work so parallel attempts count each other. A short-lived table,
 * not an audit: rows leave once they are older than the longest window. The audit stays in
 * activity_logs (`login_failed`, `register`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('auth_attempts', (t) => {
    t.bigIncrements('id');
    t.text('kind').notNullable(); // 'login' or 'register'
    t.text('username'); // lower-cased; null for registrations
    t.text('ip').notNullable();
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['kind', 'ip', 'at']);
    t.index(['at']);
  });
  await knex.raw(`create index auth_attempts_username on auth_attempts (username, at) where kind = 'login'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('auth_attempts');
}
