import type { Knex } from 'knex';
import { logActivity } from '../activity/logActivity';
import { marginSql } from '../pricing/margin';
import type { Ctx } from '../resources/resource';
import { ReportRun } from './ReportRun';
import { dateIn, monthStart, RUN_MONTHS } from './reportPeriods';
import { personNameSql } from '../users/personNameSql';
import { liveRows } from '../db/liveRows';

export interface MaterialiseOptions {
  kind: ReportRun['kind'];
  /** The zone whose calendar days the run counts in: the server's. */
  timeZone: string;
  /** The instant the run is taken as of (default now): its date in timeZone is the run date, and the orders count with the status they had then. */
  now?: Date;
  /** An admin's "refresh now": its user triggers the run, and it gets an activity-log row. */
  ctx?: Ctx;
}

// Each order counts once in every dimension: overall (no key) and under its supplier, vehicle
// type, delivery area and assigned user. The orders are first summed at the finest grain (a few
// rows per day and area), then that small set is spread over the dimensions and summed again:
// far cheaper than spreading every order five times (bench/results/reports.md).
const FINE_GRAIN = 'o.delivery_area_id, o.supplier_id, o.vehicle_type_id, o.assigned_user_id';
const DIMENSIONS = `cross join lateral (values ('overall', null::int), ('supplier', f.supplier_id),
  ('vehicle_type', f.vehicle_type_id), ('delivery_area', f.delivery_area_id), ('user', f.assigned_user_id)) d (dimension, key)`;

// Names as they are now, deleted entities included: the snapshot keeps them.
const LABELS = `labels (dimension, key, label) as (
    select 'supplier', id, name from suppliers
    union all select 'vehicle_type', id, name from vehicle_types
    union all select 'delivery_area', id, name from delivery_areas
    union all select 'user', id, coalesce(nullif(${personNameSql('users')}, ''), username) from users)`;

/**
 * The status each order had at the run's instant (:as_of), from its timeline. Only an order changed
 * since then needs the lookup: for a run taken now that is none, so the live job costs nothing
 * more; a run as of a past night (the demo's history) sees the orders as they stood that night.
 */
const STATUS_THEN = `cross join lateral (select case when o.updated_at <= :as_of then o.status else coalesce(
    (select e.to_status from order_events e where e.order_id = o.id and e.at <= :as_of order by e.at desc, e.id desc limit 1),
    o.status) end as status) s`;

/**
 * One statement, so both measure groups see the same orders: counts by pickup day, and billing
 * by the completion day in the run's zone. Each group is one INSERT … SELECT.
 */
const ROLLUP_SQL = `
with ${LABELS},
pickup_fine as (
  select o.pickup_date as day, ${FINE_GRAIN}, count(*) as orders,
    count(*) filter (where s.status = 'completed') as completed,
    count(*) filter (where s.status = 'cancelled') as cancelled,
    count(*) filter (where s.status not in ('completed', 'cancelled')) as in_progress
  from orders o ${STATUS_THEN}
  where ${liveRows('o')} and o.pickup_date between :from and :to
  group by 1, 2, 3, 4, 5),
by_pickup as (
  select f.day, f.delivery_area_id, d.dimension, d.key, sum(f.orders) as orders, sum(f.completed) as completed,
    sum(f.cancelled) as cancelled, sum(f.in_progress) as in_progress
  from pickup_fine f ${DIMENSIONS}
  group by 1, 2, 3, 4),
completion_fine as (
  select (o.completion_date at time zone :zone)::date as day, ${FINE_GRAIN}, count(*) as billed_orders,
    sum(o.mtm_buy_price) as buy_total, sum(o.mtm_sale_price) as sale_total, coalesce(sum(${marginSql('o')}), 0) as margin,
    sum(extract(epoch from o.completion_date - o.created_at) / 86400) as completion_days
  from orders o ${STATUS_THEN}
  where ${liveRows('o')} and s.status = 'completed'
    and o.completion_date >= (cast(:from as date)::timestamp at time zone :zone)
    and o.completion_date < ((cast(:to as date) + 1)::timestamp at time zone :zone)
  group by 1, 2, 3, 4, 5),
by_completion as (
  select f.day, f.delivery_area_id, d.dimension, d.key, sum(f.billed_orders) as billed_orders,
    sum(f.buy_total) as buy_total, sum(f.sale_total) as sale_total, sum(f.margin) as margin,
    sum(f.completion_days) as completion_days
  from completion_fine f ${DIMENSIONS}
  group by 1, 2, 3, 4),
pickup_rows as (
  insert into report_rollups (run_id, day, delivery_area_id, dimension, key, label, orders, completed, cancelled, in_progress)
  select :run, p.day, p.delivery_area_id, p.dimension, p.key, l.label, p.orders, p.completed, p.cancelled, p.in_progress
  from by_pickup p left join labels l on l.dimension = p.dimension and l.key = p.key
  returning dimension, orders),
completion_rows as (
  insert into report_rollups (run_id, day, delivery_area_id, dimension, key, label, billed_orders, buy_total, sale_total,
    margin, completion_days)
  select :run, c.day, c.delivery_area_id, c.dimension, c.key, l.label, c.billed_orders, c.buy_total, c.sale_total,
    c.margin, c.completion_days
  from by_completion c left join labels l on l.dimension = c.dimension and l.key = c.key
  returning 1)
select (select count(*) from pickup_rows) + (select count(*) from completion_rows) as row_count,
  (select coalesce(sum(orders), 0) from pickup_rows where dimension = 'overall') as order_count`;

/**
 * For the materialisation's transaction only: room to group the orders in memory rather than
 * sort them on disk, and no JIT compilation, which costs more than it saves on this one
 * statement (together about 3× faster at a million orders: bench/README.md).
 */
export const ROLLUP_SETTINGS = `select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`;

/**
 * Materialises the report rollups as a new snapshot, in one transaction. A scheduled run is
 * keyed by its date: when that date already has one (or one is being written), the existing run
 * is returned and nothing new is written.
 */
export async function materialiseReports(db: Knex, options: MaterialiseOptions): Promise<ReportRun> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const runDate = dateIn(now, options.timeZone);
  const periodFrom = monthStart(runDate, RUN_MONTHS - 1);
  return db.transaction(async (trx) => {
    const claim = trx('reportRuns').insert({ runAt: now, runDate, kind: options.kind,
      triggeredBy: options.ctx?.state.user?.id ?? null, timeZone: options.timeZone, periodFrom, periodTo: runDate });
    // A concurrent scheduled run for the date holds the index entry: this insert waits for it.
    if (options.kind === 'scheduled') claim.onConflict(trx.raw(`(run_date) where kind = 'scheduled'`)).ignore();
    const [claimed] = await claim.returning('id');
    if (!claimed) return (await ReportRun.query(trx).findOne({ runDate, kind: 'scheduled' }))!;

    await trx.raw(ROLLUP_SETTINGS);
    const { rows: [counts] } = await trx.raw(ROLLUP_SQL,
      { run: claimed.id, from: periodFrom, to: runDate, zone: options.timeZone, as_of: now });
    await ReportRun.query(trx).findById(claimed.id).patch({ rowCount: Number(counts.row_count),
      orderCount: Number(counts.order_count), durationMs: Math.round(performance.now() - started) });
    const run = (await ReportRun.query(trx).findById(claimed.id))!;
    if (options.ctx) {
      await logActivity(trx, options.ctx, { action: 'create', entityType: 'report_run', entityId: run.id,
        changes: { kind: run.kind, runDate: run.runDate, rowCount: run.rowCount } });
    }
    return run;
  });
}
