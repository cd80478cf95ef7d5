import type { Knex } from 'knex';
import { standardColumns } from './helpers/standardColumns';

/** One row per message: namespace is the first segment of the message id, key the rest. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('translations', (t) => {
    t.increments('id');
    t.text('namespace').notNullable();
    t.text('key').notNullable();
    t.text('zh').notNullable().defaultTo('');
    t.text('en').notNullable().defaultTo('');
    t.text('description');
    standardColumns(knex, t);
  });
  await knex.raw(`create unique index translations_namespace_key_unique on translations (namespace, key)
    where deleted_at is null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('translations');
}
