import { isAreaBound, scopeToAreas } from '../orders/dispatcherScope';
import type { ResourceDef } from '../resources/resource';
import { ReportRun } from './ReportRun';

/** A run's own columns besides its two counts, which an area-bound user gets for their areas only. */
const RUN_COLUMNS = ['id', 'runAt', 'runDate', 'kind', 'triggeredBy', 'timeZone', 'periodFrom', 'periodTo', 'durationMs'];

/** The report snapshots, for old reports (the reports of the latest run name theirs themselves). */
export const reportRunsResource: ResourceDef<ReportRun> = {
  name: 'report-runs',
  entityType: 'report_run',
  model: ReportRun,
  pageKey: 'old_reports',
  label: 'runDate',
  softDelete: false,
  /**
   * A run's orderCount and rowCount are company-wide figures. A regional dispatcher sees every
   * report within their own areas (reportQueries.ts), so for them both are counted over the run's
   * rollup rows in those areas: read, sorted and filtered as the same columns.
   */
  async scope(ctx) {
    const user = ctx.state.user!;
    if (!isAreaBound(user)) return undefined;
    const db = ctx.state.db;
    return (query) => {
      const own = db('reportRollups as x').whereRaw('x.run_id = r.id')
        .select(db.raw(`coalesce(sum(x.orders) filter (where x.dimension = 'overall'), 0)::int as order_count`),
          db.raw('count(*)::int as row_count'));
      scopeToAreas(own, user, 'x.delivery_area_id');
      query.from(db('reportRuns as r').crossJoin(db.raw('lateral ? as own', [own]))
        .select([...RUN_COLUMNS.map((column) => `r.${column}`), 'own.orderCount', 'own.rowCount']).as('reportRuns'));
    };
  },
  list: {
    sortable: ['id', 'runAt', 'runDate', 'kind', 'orderCount', 'rowCount', 'durationMs'],
    defaultSort: { field: 'runAt', order: 'desc' },
    search: ['kind'],
    filters: { kind: 'eq', runDate: 'range', runAt: 'range', triggeredBy: 'eq' },
    export: {
      title: 'menu.old_reports',
      columns: [{ field: 'runAt', as: 'instant' }, { field: 'runDate', as: 'date' }, { field: 'kind', translate: 'reports.old.kinds' },
        { field: 'period', as: 'dateRange' }, { field: 'orderCount', as: 'number' }, { field: 'rowCount', as: 'number' },
        { field: 'durationMs', template: { key: 'reports.old.duration', param: 'seconds' },
          sql: `to_char(report_runs.duration_ms / 1000.0, 'FM999999990.0')` }],
    },
  },
  // Written only by materialiseReports (the 23:50 job, or an admin's POST in reports/routes.ts): no `write`.
};
