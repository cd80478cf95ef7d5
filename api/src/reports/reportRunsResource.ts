import { requirePageOr } from '../middleware/guard';
import type { ResourceDef } from '../resources/resource';
import { ReportRun } from './ReportRun';

/** The report snapshots, for old reports (and the reports pages, which name the run they show). */
export const reportRunsResource: ResourceDef = {
  name: 'report-runs',
  entityType: 'report_run',
  model: ReportRun,
  pageKey: 'old_reports',
  guards: { read: requirePageOr('old_reports', () => ['reports']) },
  label: 'runDate',
  sortable: ['id', 'runAt', 'runDate', 'kind', 'orderCount', 'rowCount', 'durationMs'],
  defaultSort: { field: 'runAt', order: 'desc' },
  search: ['kind'],
  filters: { kind: 'eq', runDate: 'range', runAt: 'range', triggeredBy: 'eq' },
  // Written only by materialiseReports (the 23:50 job, or an admin's POST in reports/routes.ts).
  writable: false,
  softDelete: false,
};
