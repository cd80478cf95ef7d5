/**
 * List pages with years of data: every list page the admin opens, its API calls sent exactly as
 * the admin UI sends them (the URLs, filters, sorts and ranges of admin/src), against the real
 * Koa app in this process on the benchmark database with its generated history (bench/history.ts:
 * orders, activity log, notifications, trash), from 8 concurrent connections sharing one signed-in
 * admin session, as a busy office would. Per call: p50 and p95 over all answers, the answers that
 * were not a 200 (counted, the first one's body kept: a failing page never stops the run), and the
 * CPU milliseconds a request cost this process (the app and the client loops) and the PostgreSQL
 * server (bench/processCpu.ts), steadier than latency on shared cores.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/pages.ts
 *
 * ORDERS, LOGS, NOTIFICATIONS and TRASH as bench/history.ts reads them (the missing part is generated
 * first); REQUESTS per call (default 80, after 8 warm-up requests). Results go to stdout and
 * bench/results/pages.md.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import type { Knex } from 'knex';
import type { HttpClient } from '../test/helpers/httpClient';
import { BENCH, benchApp, benchDatabase, run, writeResults } from './benchHarness';
import { fillHistory, HISTORY, historyRecord } from './history';
import { cpuMeter } from './processCpu';

const REQUESTS = Number(process.env.REQUESTS ?? 80);
const CONNECTIONS = 8;
const WARM_UP = 8;

export interface Call { page: string; label: string; path: string; headers?: Record<string, string> }

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/**
 * A react-admin list call as ra-data-simple-rest sends it: filter, range and sort as JSON in the
 * query string (query-string's order, keys sorted), and the Range header it adds.
 */
const listCall = (page: string, label: string, resource: string, filter: object, sort: [string, string],
  range: [number, number] = [0, 24]): Call => ({ page, label,
  path: `/api/${resource}?filter=${json(filter)}&range=${json(range)}&sort=${json(sort)}`,
  headers: { Range: `${resource}=${range[0]}-${range[1]}` } });

/** The records the calls name: a person, an action, an order with a history, a number to search, an area. */
export async function subjects(db: Knex) {
  const one = async (sql: string) => Object.values((await db.raw(sql)).rows[0] ?? {})[0];
  return {
    managerId: await one("select id from users where username = 'manager'"),
    // The biggest action (10,000 rows when the log has one), its newest if several: "show its rows".
    actionId: await one('select action_id from activity_actions order by size desc, first_id desc limit 1'),
    orderId: await one("select entity_id from activity_logs where entity_type = 'order' order by id desc limit 1"),
    mtmNumber: await one(`select mtm_number from orders where deleted_at is null
      and id >= (select (min(id) + max(id)) / 2 from orders) order by id limit 1`),
    areaId: await one('select id from delivery_areas where deleted_at is null order by id limit 1'),
  };
}

/** The calls of each page, read from admin/src (the component that sends each is named). */
export function pageCalls(s: Awaited<ReturnType<typeof subjects>>): Call[] {
  const log = 'activity log';
  const newest: [string, string] = ['at', 'DESC'];
  const today = new Date();
  const month = today.toISOString().slice(0, 7);
  const lastDay = new Date(today.getFullYear(), today.getMonth() + 1, 0).getDate();
  return [
    // activity-logs/ActivityLogList.tsx: grouped by default (filterDefaultValues), newest first, 25 a page.
    listCall(log, 'grouped (default)', 'activity-logs', { grouped: true }, newest),
    listCall(log, 'newest, ungrouped', 'activity-logs', { grouped: false }, newest),
    listCall(log, 'one person (grouped)', 'activity-logs', { grouped: true, userId: s.managerId }, newest),
    listCall(log, "entity type 'order' (grouped)", 'activity-logs', { grouped: true, entityType: 'order' }, newest),
    listCall(log, 'one action kind (grouped)', 'activity-logs', { grouped: true, action: 'status_change' }, newest),
    // EntryPanel's "show its rows": setFilters({ actionId, grouped: false }).
    listCall(log, "one action's rows", 'activity-logs', { actionId: s.actionId, grouped: false }, newest),
    // activity-logs/RecordHistory.tsx on an order's page: its 50 latest changes.
    listCall(log, 'record history of one order', 'activity-logs', { entityType: 'order', entityId: String(s.orderId) }, newest, [0, 49]),
    listCall(log, 'grouped, page 50', 'activity-logs', { grouped: true }, newest, [1225, 1249]),
    // trash/TrashList.tsx.
    listCall('trash', 'list', 'trash', {}, ['deletedAt', 'DESC']),
    // pages/pricing/PricingPage.tsx (all time, newest completion first) and PricingStats.tsx (no period: {}).
    listCall('pricing management', 'list', 'pricing', {}, ['completionDate', 'DESC']),
    { page: 'pricing management', label: 'totals', path: `/api/pricing/stats?filter=${json({})}` },
    // notifications/NotificationBell.tsx: one call, the 30 newest with the total and the unread count in its headers.
    { page: 'notification bell', label: 'count and list', path: `/api/notifications?${new URLSearchParams({ range: '[0,29]' })}` },
    // rate-cards/RateCardList.tsx.
    listCall('rate cards', 'list', 'rate-cards', {}, ['validFrom', 'DESC']),
    // orders/OrderList.tsx and orderFilters.tsx (status: a multiple choice; pickup dates: calendar days).
    listCall('orders', 'default', 'orders', {}, ['createdAt', 'DESC']),
    listCall('orders', 'by status', 'orders', { status: ['in_transit'] }, ['createdAt', 'DESC']),
    listCall('orders', 'area + pickup month', 'orders',
      { deliveryAreaId: s.areaId, pickupDate_gte: `${month}-01`, pickupDate_lte: `${month}-${lastDay}` }, ['createdAt', 'DESC']),
    listCall('orders', 'number search', 'orders', { q: s.mtmNumber }, ['createdAt', 'DESC']),
    // pages/reports/ReportView.tsx (overview: 6 months, total, by supplier) and AreaRevenueCard.tsx.
    { page: 'reports (statistics)', label: 'statistics', path: '/api/reports/statistics?months=6&granularity=total&dimension=supplier' },
    { page: 'reports (statistics)', label: 'area revenue', path: '/api/reports/area-revenue?' },
    // pages/process-monitoring: the counts per area (a list opens on a click).
    { page: 'process monitoring', label: 'counts per area', path: '/api/process-monitoring' },
  ];
}

interface Figures { p50: number; p95: number; errors: number; firstError?: string; appCpuMs: number; postgresCpuMs: number }

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** What a browser adds: JSON asked for, its tab's id, compressed answers. */
const BROWSER = { Accept: 'application/json', 'X-Tab-Id': crypto.randomUUID(), 'Accept-Encoding': 'gzip, deflate, br' };

/** WARM_UP requests at once, then REQUESTS from CONNECTIONS loops sharing the session. */
async function measure(client: HttpClient, call: Call): Promise<Figures> {
  const send = async () => {
    const started = performance.now();
    try {
      const answer = await client.request('GET', call.path, undefined, { ...BROWSER, ...call.headers });
      return { ms: performance.now() - started, status: answer.status, body: answer.body as unknown };
    } catch (err) {
      return { ms: performance.now() - started, status: 0, body: String(err) };
    }
  };
  await Promise.all(Array.from({ length: WARM_UP }, send));
  const times: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let sent = 0;
  const used = cpuMeter(process.pid);
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (sent < REQUESTS) {
      sent += 1;
      const answer = await send();
      times.push(answer.ms);
      if (answer.status === 200) continue;
      errors += 1;
      firstError ??= `${answer.status} ${JSON.stringify(answer.body)?.slice(0, 300)}`;
    }
  }));
  const cpu = used();
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), errors, firstError,
    appCpuMs: (1000 * cpu.app) / times.length, postgresCpuMs: (1000 * cpu.postgres) / times.length };
}

const count = (n: number) => n.toLocaleString('en');

async function main() {
  const { db, total, version } = await benchDatabase();
  const added = await fillHistory(db, HISTORY);
  const { rows: [sizes] } = await db.raw(`select (select reltuples::bigint from pg_class where oid = 'activity_logs'::regclass) as logs,
    (select reltuples::bigint from pg_class where oid = 'notifications'::regclass) as notifications,
    (select count(*) from orders where deleted_at is not null) as trash`);
  const calls = pageCalls(await subjects(db));
  const { client, stop } = await benchApp(db);

  const env = `ORDERS=${BENCH.orders} LOGS=${HISTORY.logs} NOTIFICATIONS=${HISTORY.notifications} TRASH=${HISTORY.trash} REQUESTS=${REQUESTS}`;
  const lines = ['# List pages with years of data', '',
    `${count(total)} orders (${count(Number(sizes.trash))} in the trash), about ${count(Number(sizes.logs))} activity-log rows `
    + `and ${count(Number(sizes.notifications))} notifications (planner's estimates). Each call as the admin UI sends it, signed in as `
    + `the admin: ${WARM_UP} warm-up requests, then ${REQUESTS} from ${CONNECTIONS} concurrent connections sharing the session; `
    + 'p50/p95 over all answers; CPU per request of this process (the app and the client loops) and of every PostgreSQL process.', '',
    `\`BENCH_DATABASE_URL=${BENCH.url.replace(/\/\/[^@]*@/, '//…@')} ${env} npx tsx bench/pages.ts\` on ${new Date().toISOString().slice(0, 16)}Z: `
    + `${execFileSync('nproc').toString().trim()} cores (load average ${os.loadavg()[0].toFixed(1)} at the start), PostgreSQL ${version}.`, '',
    '| page | call | p50 ms | p95 ms | errors | app CPU ms/req | PostgreSQL CPU ms/req |', '|---|---|---|---|---|---|---|'];
  const failures: string[] = [];
  for (const call of calls) {
    const f = await measure(client, call);
    const row = [call.page, call.label, f.p50.toFixed(1), f.p95.toFixed(1), String(f.errors), f.appCpuMs.toFixed(2), f.postgresCpuMs.toFixed(2)];
    lines.push(`| ${row.join(' | ')} |`);
    console.log(`${`${call.page}: ${call.label}`.padEnd(52)} p50 ${row[2].padStart(8)}  p95 ${row[3].padStart(8)}  errors ${f.errors}`
      + `  app ${row[5]} ms  pg ${row[6]} ms`);
    if (f.firstError) failures.push(`- ${call.page}, ${call.label} (\`${decodeURIComponent(call.path)}\`): ${f.firstError}`);
  }
  if (failures.length > 0) lines.push('', '## First error of each call that failed', '', ...failures);
  const made = new Map(added.map((part) => [part.part, part]));
  lines.push('', '## How the history was generated', '', 'By bench/history.ts (set-based SQL, triggers off, what they set filled in); '
    + 'seconds of all its runs on this database, and of this run\'s top-up.', '',
    '| part | rows generated | seconds | this run |', '|---|---|---|---|',
    ...(await historyRecord(db)).map(({ part, rows, seconds }) => {
      const now = made.get(part);
      return `| ${part} | ${count(rows)} | ${seconds.toFixed(1)} | ${now && now.rows > 0 ? `${count(now.rows)} rows in ${now.seconds.toFixed(1)} s` : 'complete already'} |`;
    }));
  writeResults('pages', lines, []);
  await stop();
  await db.destroy();
}

if (require.main === module) run(main);
