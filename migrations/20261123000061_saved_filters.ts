import type { Knex } from 'knex';

/** Named filter presets a user keeps for a list (the order list's filter bar). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('saved_filters', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('resource').notNullable();
    t.text('name').notNullable();
    t.jsonb('filter').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index saved_filters_name_unique on saved_filters (user_id, resource, lower(name))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('saved_filters');
}
