/** The report data as GET /api/reports/… answers it (the reports contract): money as exact text ('12.50'). */
import type { Dimension, Granularity, MonthChoice } from './reportChoices';

/** The snapshot a report was read from. */
export interface RunSummary {
  id: number;
  runAt: string;
  runDate: string;
}

/** One snapshot as GET /api/report-runs lists it. */
export interface ReportRun extends RunSummary {
  kind: 'scheduled' | 'manual';
  triggeredBy: number | null;
  periodFrom: string;
  periodTo: string;
  orderCount: number;
  rowCount: number;
  durationMs: number;
}

export interface Measures {
  orders: number;
  completed: number;
  cancelled: number;
  inProgress: number;
  billedOrders: number;
  buyTotal: string;
  saleTotal: string;
  margin: string;
  avgCompletionDays: number | null;
}

export interface StatisticsRow extends Measures {
  period: string | null;
  periodLabel: string | null;
  key: number | string | null;
  label: string | null;
}

export interface StatisticsQuery {
  months: MonthChoice;
  granularity: Granularity;
  dimension: Dimension;
  runId?: number;
}

export interface Statistics {
  run: RunSummary | null;
  from: string;
  to: string;
  months: number;
  granularity: Granularity;
  dimension: Dimension;
  rows: StatisticsRow[];
  totals: Measures;
}

export interface AreaRevenue {
  run: RunSummary | null;
  months: string[];
  rows: Array<{ key: number | string; label: string; values: Record<string, string>; total: string }>;
}
