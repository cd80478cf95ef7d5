import type { Knex } from 'knex';

/** Append-only audit trail: no route updates or deletes a row. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('activity_logs', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').references('users.id').onDelete('SET NULL');
    t.text('username');
    t.text('action').notNullable();
    t.text('entity_type');
    t.text('entity_id');
    t.jsonb('changes');
    t.text('ip');
    t.text('user_agent');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['at']);
    t.index(['user_id', 'at']);
    t.index(['entity_type', 'entity_id']);
  });
  // Login throttling counts recent failures per username and per IP.
  await knex.raw(`create index activity_logs_failed_login_username on activity_logs (lower(changes->>'username'), at)
    where action = 'login_failed'`);
  await knex.raw(`create index activity_logs_failed_login_ip on activity_logs (ip, at) where action = 'login_failed'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('activity_logs');
}
