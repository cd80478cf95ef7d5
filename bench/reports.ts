/**
 * Reports benchmark: on a PostgreSQL database with ORDERS orders (default one million, shared
 * with bench/orders.ts), times the materialisation of the report rollups, then the report
 * endpoints over HTTP against the real Koa app, and prints the plan of each query.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/reports.ts
 *
 * Results go to stdout and bench/results/reports.md.
 */
import os from 'node:os';
import { serverTimeZone } from '../api/src/monitoring/periods';
import { materialiseReports, ROLLUP_SETTINGS } from '../api/src/reports/materialiseReports';
import {
  BENCH, benchApp, benchDatabase, explain, inlineBindings, median, planSection, run, timeCalls, writeResults,
} from './benchHarness';

const MATERIALISATIONS = Number(process.env.MATERIALISATIONS ?? 3);

const CASES: Array<[string, string]> = [
  ['overview: 6 months by month, overall', '/api/reports/statistics?months=6&granularity=month&dimension=overall'],
  ['12 months by day, overall', '/api/reports/statistics?months=12&granularity=day&dimension=overall'],
  ['12 months by day, by user (largest)', '/api/reports/statistics?months=12&granularity=day&dimension=user'],
  ['12 months by ISO week, by supplier', '/api/reports/statistics?months=12&granularity=week&dimension=supplier'],
  ['billings: 12 months by month, by supplier', '/api/reports/statistics?months=12&granularity=month&dimension=supplier'],
  ['3 months, whole period, by delivery area', '/api/reports/statistics?months=3&granularity=total&dimension=delivery_area'],
  ['area revenue, last 6 months', '/api/reports/area-revenue'],
  ['CSV: 12 months by day, by user', '/api/reports/statistics?months=12&granularity=day&dimension=user&format=csv&lang=en'],
  ['old reports list (25 runs)', '/api/report-runs?sort=%5B%22runAt%22%2C%22DESC%22%5D&range=%5B0%2C24%5D'],
];


async function main() {
  const { db, total, version } = await benchDatabase();
  const timeZone = serverTimeZone();

  let lastSql = '';
  db.on('query', (q: { sql: string; bindings?: unknown[] }) => {
    if (/report_rollups/.test(q.sql) && !/^explain/.test(q.sql)) lastSql = inlineBindings(db, q);
  });

  const lines = ['# Reports benchmark', '', `${total.toLocaleString('en')} orders, PostgreSQL `
    + `${version}, time zone ${timeZone}, `
    + `${new Date().toISOString().slice(0, 10)}. The machine's ${os.cpus().length} cores were shared with other work `
    + `(load average ${os.loadavg()[0].toFixed(1)} at the start): read the times as upper bounds.`, '',
    '## Materialisation', '', '| run | ms | rollup rows | orders in the run |', '|---|---|---|---|'];
  const plans: string[] = [];
  const times: number[] = [];
  for (let i = 0; i < MATERIALISATIONS; i += 1) {
    const started = performance.now();
    const run = await materialiseReports(db, { kind: 'manual', timeZone });
    times.push(performance.now() - started);
    lines.push(`| manual ${i + 1} (run ${run.id}) | ${times[i].toFixed(0)} | ${run.rowCount.toLocaleString('en')} | ${run.orderCount.toLocaleString('en')} |`);
    console.log(`materialisation ${i + 1}: ${times[i].toFixed(0)} ms, ${run.rowCount} rows, ${run.orderCount} orders`);
  }
  const rollupSql = lastSql;
  const scheduled = [];
  for (let i = 0; i < 2; i += 1) {
    const started = performance.now();
    const run = await materialiseReports(db, { kind: 'scheduled', timeZone });
    scheduled.push({ ms: performance.now() - started, run });
  }
  lines.push(`| scheduled, first call of the date (run ${scheduled[0].run.id}) | ${scheduled[0].ms.toFixed(0)} | `
    + `${scheduled[0].run.rowCount.toLocaleString('en')} | ${scheduled[0].run.orderCount.toLocaleString('en')} |`);
  lines.push(`| scheduled, second call of the same date (returns run ${scheduled[1].run.id}) | ${scheduled[1].ms.toFixed(0)} | – | – |`);
  // Live rows only: earlier deleted runs may leave dead space in the table.
  const size = (await db.raw(`select count(*) as rows, count(distinct run_id) as runs,
    sum(pg_column_size(r.*)) as bytes from report_rollups r`)).rows[0];
  const indexBytes = (await db.raw(`select pg_indexes_size('report_rollups') as bytes`)).rows[0].bytes;
  lines.push('', `Median of the ${MATERIALISATIONS} manual runs: ${median(times).toFixed(0)} ms. report_rollups holds `
    + `${Number(size.rows).toLocaleString('en')} rows of ${size.runs} runs: about `
    + `${(Number(size.bytes) / Number(size.runs) / 1e6).toFixed(1)} MB of row data per run `
    + `(${(Number(indexBytes) / 1e6).toFixed(1)} MB of indexes for the table).`);
  plans.push(planSection('Materialisation (one statement, two INSERT … SELECT)', rollupSql, await explain(db, rollupSql, ROLLUP_SETTINGS)));

  const { client, stop } = await benchApp(db);
  lines.push('', '## Endpoints', '', `Latest run (${scheduled[0].run.id}), median of ${BENCH.runs} calls over HTTP after one warm-up.`, '',
    '| call | median ms | rows | plan (top node) |', '|---|---|---|---|');
  for (const [label, call] of CASES) {
    const { times: spent, answer } = await timeCalls(client, call);
    const rows = Array.isArray(answer.body) ? answer.body.length
      : typeof answer.body === 'string' ? answer.body.trim().split('\n').length - 1 : answer.body.rows.length;
    let top = '–';
    if (call.startsWith('/api/reports/')) {
      const plan = await explain(db, lastSql);
      plans.push(planSection(label, lastSql, plan));
      top = plan[0].trim().split('  (')[0];
    }
    lines.push(`| ${label} | ${median(spent).toFixed(1)} | ${rows} | ${top} |`);
    console.log(`${label.padEnd(45)} ${median(spent).toFixed(1).padStart(8)} ms  ${rows} rows`);
  }

  writeResults('reports', lines, plans);
  await stop();
  await db.destroy();
}

run(main);
