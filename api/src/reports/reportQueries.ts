import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { unchanging } from '../middleware/answerBody';
import { httpError, problem } from '../foundation/httpError';
import { serverToday } from '../orders/delays';
import { areasOf } from '../orders/dispatcherScope';
import { withheldFrom } from '../permissions/access';
import type { User } from '../users/User';
import type { Dimension, Granularity, MonthChoice } from '@kernel/reports/reportChoices';
import { withoutWithheld } from '@kernel/permissions/fieldGroups';
import { ReportRun } from './ReportRun';
import { monthStart, weekStart } from './reportPeriods';

/** The area revenue report spans the run's month and the five before. */
export const AREA_REVENUE_MONTHS = 6;

export interface StatisticsParams {
  months: MonthChoice;
  granularity: Granularity;
  dimension: Dimension;
  runId?: number;
}

/** The start of each period (ISO weeks start on Monday) and its label; `total` has no period. */
const PERIODS: Record<Granularity, { start: string; label: string } | null> = {
  day: { start: 'r.day', label: 'YYYY-MM-DD' },
  week: { start: `date_trunc('week', r.day::timestamp)::date`, label: 'IYYY-"W"IW' },
  month: { start: `date_trunc('month', r.day::timestamp)::date`, label: 'YYYY-MM' },
  total: null,
};

/**
 * The measures of a report row, summed over the rollup rows; money as 2-decimal strings. The
 * margin counts the orders whose pricing is set only (pricing/margin.ts), the totals every billed one.
 */
const MEASURES = `coalesce(sum(r.orders), 0)::int as orders, coalesce(sum(r.completed), 0)::int as completed,
  coalesce(sum(r.cancelled), 0)::int as cancelled, coalesce(sum(r.in_progress), 0)::int as in_progress,
  coalesce(sum(r.billed_orders), 0)::int as billed_orders,
  coalesce(sum(r.buy_total), 0)::numeric(14, 2)::text as buy_total,
  coalesce(sum(r.sale_total), 0)::numeric(14, 2)::text as sale_total,
  coalesce(sum(r.margin), 0)::numeric(14, 2)::text as margin,
  round(sum(r.completion_days) / nullif(sum(r.billed_orders), 0), 1)::float8 as avg_completion_days`;

const MEASURE_NAMES = ['orders', 'completed', 'cancelled', 'inProgress', 'billedOrders', 'buyTotal', 'saleTotal', 'margin',
  'avgCompletionDays'] as const;
type Measures = Record<(typeof MEASURE_NAMES)[number], number | string | null>;
const measuresOf = (row: Record<string, unknown>) =>
  Object.fromEntries(MEASURE_NAMES.map((name) => [name, row[name]])) as Measures;

const NO_TOTALS: Measures = { orders: 0, completed: 0, cancelled: 0, inProgress: 0, billedOrders: 0, buyTotal: '0.00',
  saleTotal: '0.00', margin: '0.00', avgCompletionDays: null };

/** The run a report reads: the one asked for, else the latest; undefined when there is none yet. */
async function findRun(db: Knex, runId: number | undefined): Promise<ReportRun | undefined> {
  if (runId === undefined) {
    // Objection's first() alone reads every run and keeps one.
    return ReportRun.query(db).orderBy([{ column: 'runAt', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(1).first();
  }
  const run = await ReportRun.query(db).findById(runId);
  if (!run) {
    throw httpError('not_found', `No report run with id ${runId}`,
      { params: { entity: 'report_run', id: runId }, fields: { runId: problem('unknown_id', 'Unknown run', { ids: String(runId) }) } });
  }
  return run;
}

const runSummary = (run: ReportRun | undefined) => (run ? { id: run.id, runAt: run.runAt, runDate: run.runDate } : null);

/** Rollup rows of a run in a dimension and a span of days, narrowed to a dispatcher's areas. */
function rollups(db: Knex, areas: number[] | undefined, runId: number, dimension: string, from: string, to: string) {
  const query = db('reportRollups as r').where({ 'r.runId': runId, 'r.dimension': dimension })
    .whereBetween('r.day', [from, to]);
  if (areas) query.whereIn('r.deliveryAreaId', areas);
  return query;
}

// Answers per database (each test app has its own), the most recently asked kept.
const answers = new WeakMap<Knex, LRUCache<string, Promise<object>>>();

/**
 * A report's answer from the run it reads, worked out once: a run never changes after its
 * transaction commits, so the answer for the same run, choices and areas stays right on every
 * instance without being told of anything. Callers asking while it is worked out share that work.
 */
function fromRun<T extends object>(db: Knex, key: unknown[], compute: () => Promise<T>): Promise<T> {
  let cache = answers.get(db);
  if (!cache) answers.set(db, (cache = new LRUCache({ max: 200 })));
  const id = JSON.stringify(key);
  const known = cache.get(id);
  if (known) return known as Promise<T>;
  // Sent as its first request's JSON and compressed bytes to every later one (answerBody.ts).
  const answer = compute().then(unchanging);
  cache.set(id, answer);
  answer.catch(() => cache.delete(id));
  return answer;
}

/** Orders and billing per period and entity of a dimension, with the totals over the span. */
export async function statistics(db: Knex, user: User, params: StatisticsParams) {
  const run = await findRun(db, params.runId);
  const to = run?.runDate ?? serverToday();
  // Whole weeks: the first one starts on its Monday, which may fall in the month before (the run
  // holds the whole month before the 12 it offers).
  const firstDay = monthStart(to, params.months - 1);
  const from = params.granularity === 'week' ? weekStart(firstDay) : firstDay;
  const answer = { run: runSummary(run), from, to, months: params.months, granularity: params.granularity,
    dimension: params.dimension };
  // The money a person may not see is left out (field groups): kept per run for everyone of the same areas and groups.
  const withheld = await withheldFrom(db, user, 'order');
  const seen = (measures: Measures) => withoutWithheld(measures, withheld);
  if (!run) return { ...answer, rows: [], totals: seen(NO_TOTALS) };

  const areas = await areasOf(db, user);
  return fromRun(db, ['statistics', run.id, params.months, params.granularity, params.dimension, areas, [...withheld]], async () => {
    const period = PERIODS[params.granularity];
    const start = period?.start ?? 'null::date';
    const groups = period ? `${start}, r.key, r.label` : 'r.key, r.label';
    const rows: Array<Record<string, unknown>> = await rollups(db, areas, run.id, params.dimension, from, to)
      .select(db.raw(`${start} as period`), db.raw(period ? `to_char(${start}::timestamp, ?) as period_label` : 'null as period_label',
        period ? [period.label] : []), 'r.key', 'r.label', db.raw(MEASURES), db.raw('grouping(r.key) as is_total'))
      .groupByRaw(`grouping sets ((${groups}), ())`)
      .orderByRaw(`grouping(r.key), 1, r.label, r.key`);
    return {
      ...answer,
      rows: rows.filter((row) => !row.isTotal).map((row) => ({ period: row.period, periodLabel: row.periodLabel,
        key: row.key, label: row.label, ...seen(measuresOf(row)) })),
      totals: seen(measuresOf(rows.find((row) => row.isTotal)!)),
    };
  });
}

/** Sales per delivery area and month over the last six months of the run. */
export async function areaRevenue(db: Knex, user: User, runId: number | undefined) {
  const run = await findRun(db, runId);
  const to = run?.runDate ?? serverToday();
  const months = Array.from({ length: AREA_REVENUE_MONTHS }, (_, i) => monthStart(to, AREA_REVENUE_MONTHS - 1 - i).slice(0, 7));
  if (!run) return { run: null, months, rows: [] };

  const areas = await areasOf(db, user);
  return fromRun(db, ['area_revenue', run.id, areas], async () => {
    const month = `to_char(r.day::timestamp, 'YYYY-MM')`;
    const sums: Array<{ key: number; label: string | null; month: string | null; saleTotal: string }> =
      await rollups(db, areas, run.id, 'delivery_area', `${months[0]}-01`, to)
        .select('r.key', 'r.label', db.raw(`case when grouping(${month}) = 0 then ${month} end as month`),
          db.raw('coalesce(sum(r.sale_total), 0)::numeric(14, 2)::text as sale_total'))
        .groupByRaw(`grouping sets ((r.key, r.label, ${month}), (r.key, r.label))`)
        .orderByRaw('r.label, r.key');
    const rows = sums.filter((s) => s.month === null).map(({ key, label, saleTotal }) => ({
      key,
      label,
      values: Object.fromEntries(months.map((m) => [m, sums.find((s) => s.key === key && s.month === m)?.saleTotal ?? '0.00'])),
      total: saleTotal,
    }));
    return { run: runSummary(run), months, rows };
  });
}
