import type { Knex } from 'knex';
import { standardColumns } from './helpers/standardColumns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('warehouses', (t) => {
    t.increments('id');
    t.text('code').notNullable();
    t.text('name').notNullable();
    t.text('address');
    t.text('contact_person');
    t.text('contact_phone');
    t.text('status').notNullable().defaultTo('active');
    standardColumns(knex, t);
  });
  await knex.raw(`alter table warehouses add constraint warehouses_status_check check (status in ('active','inactive'))`);
  await knex.raw('create unique index warehouses_code_unique on warehouses (lower(code)) where deleted_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('warehouses');
}
