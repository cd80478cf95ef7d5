import { DIMENSIONS, type Dimension, type Granularity } from '@kernel/reports/reportChoices';
import type { Measures } from '@kernel/reports/reportData';

export type ReportViewKey = 'overview' | 'daily' | 'weekly' | 'monthly' | 'trend' | 'billings';

/** A table column: a measure, or the completion rate worked out from two. */
export type ColumnKey = keyof Measures | 'completionRate';

export type ChartKind = 'statuses' | 'money' | 'trend';

export interface ReportViewDef {
  key: ReportViewKey;
  /** The route under /reports. */
  path: string;
  /** The menu label the page is titled with. */
  title: string;
  /** The choices offered; the first is the default. */
  granularities: Granularity[];
  dimensions: Dimension[];
  columns: ColumnKey[];
  chart: ChartKind;
  section: string;
}

/** The money columns, each withheld from a role without its prices (field groups: buy, sale, and the margin of both). */
export const MONEY_COLUMNS: ColumnKey[] = ['buyTotal', 'saleTotal', 'margin'];

const ALL_DIMENSIONS: Dimension[] = [...DIMENSIONS];
const STATUS_COLUMNS: ColumnKey[] = ['orders', 'completed', 'inProgress', 'cancelled', 'completionRate', 'saleTotal',
  'margin', 'avgCompletionDays'];

const statusView = (key: ReportViewKey, granularity: Granularity): ReportViewDef => ({
  key, path: `/reports/${key}`, title: 'menu.data_reports', granularities: [granularity], dimensions: ALL_DIMENSIONS,
  columns: STATUS_COLUMNS, chart: 'statuses', section: 'reports.sections.statistics',
});

/** The reports centre (docs/reports.md#report-kinds): one shared view, configured per report. */
export const REPORT_VIEWS: ReportViewDef[] = [
  { ...statusView('overview', 'total'), path: '/reports',
    dimensions: ['supplier', 'vehicle_type', 'delivery_area', 'user', 'overall'] },
  statusView('daily', 'day'),
  statusView('weekly', 'week'),
  statusView('monthly', 'month'),
  { key: 'trend', path: '/reports/trend', title: 'menu.data_reports', granularities: ['month'], dimensions: ['overall'],
    columns: ['orders', 'completed', 'completionRate', 'saleTotal', 'margin'], chart: 'trend',
    section: 'reports.sections.trend' },
  { key: 'billings', path: '/reports/billings', title: 'menu.billings_report', granularities: ['month', 'week', 'total'],
    dimensions: ['supplier'], columns: ['billedOrders', 'buyTotal', 'saleTotal', 'margin'], chart: 'money',
    section: 'reports.sections.billings' },
];

export const reportView = (key: ReportViewKey): ReportViewDef => REPORT_VIEWS.find((view) => view.key === key)!;
