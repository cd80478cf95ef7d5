import Router from '@koa/router';
import Joi from 'joi';
import { LOCALES, type Locale } from '@kernel/i18n/catalogs';
import type { AppState } from '../foundation/appState';
import { excelCsv } from '../csv/excelCsv';
import { refuseWithheld, requirePageFor, requireRole } from '../middleware/guard';
import { takes, type Input } from '../middleware/validate';
import { serverTimeZone } from '../monitoring/periods';
import type { Ctx } from '../resources/resource';
import { present } from '../resources/resourceRoutes';
import { loadTranslator } from '../translations/catalog';
import { materialiseReports } from './materialiseReports';
import { DIMENSIONS, GRANULARITIES, MONTH_CHOICES } from '@kernel/reports/reportChoices';
import { areaRevenue, statistics, type StatisticsParams } from './reportQueries';
import { statisticsCsv, type CsvTable } from './statisticsCsv';
import { reportRunsResource } from './reportRunsResource';

/**
 * A report of the latest run needs the reports page; a past snapshot (any runId) needs old reports
 * (docs/reports.md#old-reports).
 */
const reportGuard = requirePageFor('reports', (ctx) => (ctx.query.runId === undefined ? 'reports' : 'old_reports'));

const output = {
  runId: Joi.number().integer().positive(),
  format: Joi.string().valid('json', 'csv').default('json'),
  lang: Joi.string().valid(...LOCALES).default('cn'),
};
type Output = { format: 'json' | 'csv'; lang: Locale };

const statisticsQuery = Joi.object({
  months: Joi.number().valid(...MONTH_CHOICES).default(6),
  granularity: Joi.string().valid(...GRANULARITIES).default('month'),
  dimension: Joi.string().valid(...DIMENSIONS).default('overall'),
  ...output,
});

/** The translate function for CSV headers in the chosen language (the live catalog). */
const headers = (ctx: Ctx, lang: Locale) => loadTranslator(ctx.state.db, lang, ['reports']);

/** Streams a report's CSV (UTF-8 with BOM, so Excel reads Chinese). */
function sendCsv(ctx: Ctx, { fileName, columns, rows }: CsvTable) {
  const csv = excelCsv(columns);
  for (const row of rows) csv.write(row);
  csv.end();
  ctx.type = 'text/csv; charset=utf-8';
  ctx.attachment(`${fileName}.csv`);
  ctx.body = csv;
}

async function statisticsReport(ctx: Ctx, { query: { format, lang, ...params } }: Input<unknown, StatisticsParams & Output>) {
  if (format === 'json') ctx.body = await statistics(ctx.state.db, ctx.state.user!, params);
  else sendCsv(ctx, await statisticsCsv(ctx.state.db, ctx.state.user!, params, lang));
}

const areaRevenueQuery = Joi.object(output);

/** Sales per area and month: all of it sale prices, refused to someone who may not see them (field groups). */
async function areaRevenueReport(ctx: Ctx, { query: { format, lang, runId } }: Input<unknown, Output & { runId?: number }>) {
  await refuseWithheld(ctx, 'order', ['saleTotal']);
  const report = await areaRevenue(ctx.state.db, ctx.state.user!, runId);
  if (format === 'json') {
    ctx.body = report;
    return;
  }
  const t = await headers(ctx, lang);
  const columns = [{ key: 'label', header: t('reports.dimensions.delivery_area') },
    ...report.months.map((month) => ({ key: month, header: month })), { key: 'total', header: t('reports.columns.total') }];
  sendCsv(ctx, { fileName: `report-area-revenue-${report.run?.runDate ?? report.months.at(-1)}`, columns,
    rows: report.rows.map((row) => ({ label: row.label, ...row.values, total: row.total })) });
}

/** "Refresh now": a new snapshot at once, for admins. */
async function refresh(ctx: Ctx) {
  const run = await materialiseReports(ctx.state.db, { kind: 'manual', timeZone: serverTimeZone(), ctx });
  ctx.status = 201;
  ctx.body = present(reportRunsResource, run);
}

export const reportRoutes = new Router<AppState>({ prefix: '/api' })
  .get('/reports/statistics', reportGuard, takes({ query: statisticsQuery }, statisticsReport))
  .get('/reports/area-revenue', reportGuard, takes({ query: areaRevenueQuery }, areaRevenueReport))
  .post('/report-runs', requireRole(['admin']), refresh);
