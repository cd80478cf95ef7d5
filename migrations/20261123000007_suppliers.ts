import type { Knex } from 'knex';
import { standardColumns } from './helpers/standardColumns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('suppliers', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('short_name');
    t.text('contact_person');
    t.text('contact_phone');
    t.text('contact_email');
    t.text('website');
    t.text('address');
    t.text('status').notNullable().defaultTo('active');
    standardColumns(knex, t);
  });
  await knex.raw(`alter table suppliers add constraint suppliers_status_check check (status in ('active','inactive'))`);
  await knex.raw('create unique index suppliers_name_unique on suppliers (lower(name)) where deleted_at is null');
  await knex.schema.createTable('supplier_service_areas', (t) => {
    t.integer('supplier_id').notNullable().references('suppliers.id').onDelete('CASCADE');
    t.integer('delivery_area_id').notNullable().references('delivery_areas.id').onDelete('CASCADE');
    t.primary(['supplier_id', 'delivery_area_id']);
    t.index('delivery_area_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('supplier_service_areas');
  await knex.schema.dropTable('suppliers');
}
