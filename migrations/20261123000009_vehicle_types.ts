import type { Knex } from 'knex';
import { standardColumns } from './helpers/standardColumns';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vehicle_types', (t) => {
    t.increments('id');
    t.text('code').notNullable();
    t.text('name').notNullable();
    // Capacities are measurements, not money: numeric keeps what was typed, exactly.
    t.decimal('capacity_tons', 8, 2);
    t.decimal('volume_cbm', 8, 2);
    t.text('description');
    t.text('status').notNullable().defaultTo('active');
    standardColumns(knex, t);
  });
  await knex.raw(`alter table vehicle_types add constraint vehicle_types_status_check check (status in ('active','inactive'))`);
  await knex.raw('create unique index vehicle_types_code_unique on vehicle_types (lower(code)) where deleted_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('vehicle_types');
}
