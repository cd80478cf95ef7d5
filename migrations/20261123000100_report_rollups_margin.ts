import type { Knex } from 'knex';

/**
 * The margin of the rollups, summed apart from the buy and sale totals: it counts the orders whose
 * pricing is set only (api/src/pricing/margin.ts), as pricing management does, while the totals
 * count every completed order. Runs taken before keep the margin they showed (sale − buy).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('report_rollups', (t) => {
    t.decimal('margin', 14, 2).notNullable().defaultTo(0);
  });
  await knex.raw('update report_rollups set margin = sale_total - buy_total');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('report_rollups', (t) => {
    t.dropColumn('margin');
  });
}
