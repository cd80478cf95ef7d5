import type { Knex } from 'knex';

/*
 * The rows of one action on many records (an import, a batch completion date, a bulk delete or
 * status change) share a batch id, so the log can show them as one entry ("导入 2,000 个订单")
 * while each record keeps its own row. The index finds a batch's rows and its first row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('activity_logs', (t) => {
    t.uuid('batch_id');
    t.index(['batch_id', 'id'], 'activity_logs_batch_index', { predicate: knex.whereNotNull('batch_id') });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('activity_logs', (t) => {
    t.dropIndex(['batch_id', 'id'], 'activity_logs_batch_index');
    t.dropColumn('batch_id');
  });
}
