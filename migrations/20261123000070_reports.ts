import type { Knex } from 'knex';

/**
 * Report snapshots (docs/reports.md#snapshots-runs): each run of the 23:50 job or of an admin's "refresh now" is a
 * row of report_runs, and its figures are rows of report_rollups at the grain (day, delivery area,
 * dimension, key). The screens read only these; old reports open past runs. A snapshot stores the
 * names of its entities, so it reads the same after a supplier is renamed or deleted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('report_runs', (t) => {
    t.increments('id');
    t.timestamp('run_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.date('run_date').notNullable();
    t.text('kind').notNullable();
    t.integer('triggered_by').references('users.id').onDelete('SET NULL');
    t.text('time_zone').notNullable();
    t.date('period_from').notNullable();
    t.date('period_to').notNullable();
    t.integer('order_count').notNullable().defaultTo(0);
    t.integer('row_count').notNullable().defaultTo(0);
    t.integer('duration_ms').notNullable().defaultTo(0);
  });
  await knex.raw(`alter table report_runs add constraint report_runs_kind_check check (kind in ('scheduled', 'manual'))`);
  // The scheduled job runs once per date: a second call for the same date finds this row.
  await knex.raw(`create unique index report_runs_scheduled_run_date on report_runs (run_date) where kind = 'scheduled'`);
  await knex.raw('create index report_runs_run_at on report_runs (run_at desc, id desc)');

  await knex.schema.createTable('report_rollups', (t) => {
    t.integer('run_id').notNullable().references('report_runs.id').onDelete('CASCADE');
    t.date('day').notNullable();
    // No foreign keys to the entities: a snapshot outlives them.
    t.integer('delivery_area_id').notNullable();
    t.text('dimension').notNullable();
    t.integer('key');
    t.text('label');
    for (const count of ['orders', 'completed', 'cancelled', 'in_progress', 'billed_orders']) {
      t.integer(count).notNullable().defaultTo(0);
    }
    t.decimal('buy_total', 14, 2).notNullable().defaultTo(0);
    t.decimal('sale_total', 14, 2).notNullable().defaultTo(0);
    // Sum of (completion − creation) in days over billed_orders; the average is taken when read.
    t.decimal('completion_days', null).notNullable().defaultTo(0);
  });
  await knex.raw(`alter table report_rollups add constraint report_rollups_dimension_check
    check (dimension in ('overall', 'supplier', 'vehicle_type', 'delivery_area', 'user'))`);
  // Every report reads one run, one dimension, a range of days.
  await knex.raw('create index report_rollups_run_dimension_day on report_rollups (run_id, dimension, day)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('report_rollups');
  await knex.schema.dropTable('report_runs');
}
