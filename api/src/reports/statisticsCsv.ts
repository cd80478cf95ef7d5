import type { Knex } from 'knex';
import type { Locale } from '@kernel/i18n/catalogs';
import type { Row } from '../resources/resource';
import { loadTranslator } from '../translations/catalog';
import type { User } from '../users/User';
import { statistics, type StatisticsParams } from './reportQueries';

const MEASURE_COLUMNS = ['orders', 'completed', 'cancelled', 'inProgress', 'billedOrders', 'buyTotal', 'saleTotal', 'margin',
  'avgCompletionDays'];

/** A report as CSV: its file name (without .csv), columns and rows. */
export interface CsvTable {
  fileName: string;
  columns: Array<{ key: string; header: string }>;
  rows: Row[];
}

/**
 * The statistics report's CSV export in `lang`, within the user's scope (a dispatcher's areas):
 * what the reports centre downloads, and what a report subscription mails (mail/renderMail.ts).
 */
export async function statisticsCsv(db: Knex, user: User, params: StatisticsParams, lang: Locale): Promise<CsvTable> {
  const report = await statistics(db, user, params);
  const t = await loadTranslator(db, lang, ['reports']);
  // The screen's leading columns (StatisticsTable.tsx): the period unless in total, the entity
  // unless overall, and the span itself when neither.
  const byPeriod = params.granularity !== 'total';
  const byEntity = params.dimension !== 'overall';
  const columns = [
    ...(byPeriod ? [{ key: 'periodLabel', header: t(`reports.columns.${params.granularity}`) }] : []),
    ...(byEntity ? [{ key: 'label', header: t(`reports.dimensions.${params.dimension}`) }] : []),
    ...(byPeriod || byEntity ? [] : [{ key: 'span', header: t('reports.columns.period') }]),
    // The money columns the person may not see are not in the report (field groups).
    ...MEASURE_COLUMNS.filter((key) => key in report.totals).map((key) => ({ key, header: t(`reports.columns.${key}`) }))];
  const rows = report.rows.map((row) => ({ ...row, label: row.label ?? t('reports.unassigned'), span: `${report.from} – ${report.to}` }));
  return { fileName: `report-statistics-${report.to}`, columns, rows };
}
