import type { Knex } from 'knex';

/**
 * The columns every table carries (docs/api-conventions.md#soft-delete-and-trash): timestamps, the optimistic-locking version
 * and the soft-delete pair behind the trash. Frozen like the migrations that call it.
 */
export function standardColumns(knex: Knex, t: Knex.CreateTableBuilder): void {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.integer('version').notNullable().defaultTo(1);
  t.timestamp('deleted_at', { useTz: true });
  t.integer('deleted_by');
}
