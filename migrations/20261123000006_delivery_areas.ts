import type { Knex } from 'knex';
import { standardColumns } from './helpers/standardColumns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('delivery_areas', (t) => {
    t.increments('id');
    t.text('code').notNullable();
    t.text('name').notNullable();
    t.text('region');
    t.text('description');
    t.text('status').notNullable().defaultTo('active');
    standardColumns(knex, t);
  });
  await knex.raw(`alter table delivery_areas add constraint delivery_areas_status_check check (status in ('active','inactive'))`);
  // Unique among live rows only: a deleted area waits in the trash without blocking its code.
  await knex.raw('create unique index delivery_areas_code_unique on delivery_areas (lower(code)) where deleted_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('delivery_areas');
}
