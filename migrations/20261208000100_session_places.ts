import type { Knex } from 'knex';

/*
 * Where each session was signed in (DESIGN §16, docs/api-conventions.md#where-you-are-signed-in):
 * the browser's User-Agent and the address, as the activity log keeps them, written when the
 * session is made. Sessions made before have neither.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.text('user_agent');
    t.text('ip');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.dropColumn('user_agent');
    t.dropColumn('ip');
  });
}
