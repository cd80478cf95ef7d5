/**
 * Soak: the real server on the benchmark database (a million orders) for SOAK_MINUTES (default 30)
 * after a minute's warm-up, under a working day's mix: READERS (default 4) clients going round the
 * order list (default, status filter, number search, area + month), process monitoring and a report;
 * STREAMS (default 200) open event streams; an order edited every 200 ms (its notes, over the newest
 * 100 orders, so every edit reaches the streams and the lists). Each minute: requests answered,
 * errors, p50 and p95, the app's and PostgreSQL's CPU per request, the app's memory, the machine's
 * steal time, and what grows in the database (dead rows, the activity log, sessions, autovacuums).
 * The soak holds when the last 5 minutes answered within 10 % of the first 5.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:soak
 *
 * Results go to stdout and bench/results/soak.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import { HttpClient } from '../test/helpers/httpClient';
import { cpuMeter } from './processCpu';
import { benchDatabase, run, writeResults } from './benchHarness';
import { openStreams, rssMb, startServer } from './benchServer';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const READERS = Number(process.env.READERS ?? 4);
const STREAMS = Number(process.env.STREAMS ?? 200);
const EDIT_EVERY_MS = 200;
/** The minutes compared at each end of the soak, and how far apart their throughputs may be. */
const WINDOW = Math.min(5, Math.floor(MINUTES / 2));
const HOLDS_WITHIN = 0.1;

const filter = (value: object) => encodeURIComponent(JSON.stringify(value));
const month = new Date().toISOString().slice(0, 7);
const READS = [
  '/api/orders?range=[0,24]',
  `/api/orders?range=[0,24]&filter=${filter({ status: ['in_transit', 'awaiting_delivery'] })}`,
  `/api/orders?range=[0,24]&filter=${filter({ q: 'MTM0012345' })}`,
  `/api/orders?range=[0,24]&filter=${filter({ deliveryAreaId: 3, pickupDate_gte: `${month}-01`, pickupDate_lte: `${month}-28` })}`,
  '/api/process-monitoring',
  '/api/reports/statistics?months=12&granularity=day&dimension=user',
];

/** The machine's CPU time so far, and how much of it the hypervisor gave to others (steal), in ticks. */
function machineTicks(): { total: number; steal: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { total: fields.reduce((sum, n) => sum + n, 0), steal: fields[7] ?? 0 };
}

/** What grows in the database under the soak. */
async function databaseState(db: Knex) {
  const { rows: tables } = await db.raw(`select relname, n_live_tup, n_dead_tup, autovacuum_count, autoanalyze_count
    from pg_stat_user_tables where relname in ('orders', 'sessions', 'activity_logs')`);
  const table = (name: string) => tables.find((row: { relname: string }) => row.relname === name) ?? {};
  const { rows: [{ vacuums }] } = await db.raw('select coalesce(sum(autovacuum_count + autoanalyze_count), 0)::int as vacuums from pg_stat_user_tables');
  return { ordersDead: Number(table('orders').n_dead_tup ?? 0), log: Number(table('activity_logs').n_live_tup ?? 0),
    sessions: Number(table('sessions').n_live_tup ?? 0), vacuums: Number(vacuums) };
}

interface Minute { requests: number; errors: number; p50: number; p95: number; appCpuMs: number; postgresCpuMs: number;
  rss: number; steal: number; edits: number; editErrors: number; state: Awaited<ReturnType<typeof databaseState>> }

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function main() {
  const { db, total, version } = await benchDatabase();
  const server = await startServer();
  process.once('exit', () => server.child.kill());
  const admin = new HttpClient(server.url);
  await admin.login('admin', 'demo1234');
  const edited = (await db('orders').whereNull('deletedAt').orderBy('createdAt', 'desc').limit(100).select('id')).map(({ id }) => id as number);
  const streams = await openStreams(server.url, STREAMS, 10);

  let times: number[] = [];
  let errors = 0;
  let edits = 0;
  let editErrors = 0;
  const readers = autocannon({ url: server.url, connections: READERS, duration: (MINUTES + 1) * 60,
    headers: { cookie: admin.cookieHeader, 'accept-encoding': 'gzip, deflate, br' }, requests: READS.map((path) => ({ path })) }, () => undefined);
  readers.on('response', (_client, status, _bytes, time) => {
    if (status === 200) times.push(time);
    else errors += 1;
  });
  const editor = setInterval(() => {
    const id = edited[edits % edited.length];
    edits += 1;
    void admin.put(`/api/orders/${id}`, { notes: `soak ${edits}` }).then((answer) => { if (answer.status !== 200) editErrors += 1; },
      () => { editErrors += 1; });
  }, EDIT_EVERY_MS);

  const minutes: Minute[] = [];
  const warmUp = new Promise((resolve) => setTimeout(resolve, 60_000));
  await warmUp;
  for (let minute = 1; minute <= MINUTES; minute += 1) {
    [times, errors, edits, editErrors] = [[], 0, 0, 0];
    const used = cpuMeter(server.child.pid!);
    const ticks = machineTicks();
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    const cpu = used();
    const now = machineTicks();
    const sorted = [...times].sort((a, b) => a - b);
    const answered = Math.max(1, times.length + errors);
    const row: Minute = { requests: times.length, errors, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95),
      appCpuMs: (1000 * cpu.app) / answered, postgresCpuMs: (1000 * cpu.postgres) / answered, rss: rssMb(server.child.pid!),
      steal: (100 * (now.steal - ticks.steal)) / Math.max(1, now.total - ticks.total), edits, editErrors, state: await databaseState(db) };
    minutes.push(row);
    console.log(`minute ${minute}: ${row.requests} requests, p95 ${row.p95.toFixed(1)} ms, app ${row.appCpuMs.toFixed(2)} ms, `
      + `PostgreSQL ${row.postgresCpuMs.toFixed(2)} ms CPU a request, ${row.rss.toFixed(0)} MB, steal ${row.steal.toFixed(1)} %, `
      + `${streams.open()} streams`);
  }
  clearInterval(editor);
  readers.stop();
  streams.close();
  await server.stop();
  await db.destroy();

  const sum = (rows: Minute[]) => rows.reduce((total, row) => total + row.requests, 0);
  const first = sum(minutes.slice(0, WINDOW));
  const last = sum(minutes.slice(-WINDOW));
  const change = (last - first) / first;
  const holds = Math.abs(change) <= HOLDS_WITHIN;
  const lines = ['# Soak', '', `${total.toLocaleString('en')} orders, PostgreSQL ${version}, ${os.cpus().length} cores, `
    + `${new Date().toISOString().slice(0, 10)}. ${MINUTES} minutes after a minute's warm-up: ${READERS} readers going round `
    + `${READS.length} reads (order list: default, status, number search, area + month; process monitoring; report by day × user), `
    + `${STREAMS} open event streams, an order edited every ${EDIT_EVERY_MS} ms.`, '',
  `**Last ${WINDOW} minutes against the first ${WINDOW}: ${last.toLocaleString('en')} / ${first.toLocaleString('en')} requests, `
    + `${(100 * change).toFixed(1)} % — ${holds ? 'holds' : 'does not hold'} (within ${100 * HOLDS_WITHIN} %).**`, '',
  '| minute | requests | errors | p50 ms | p95 ms | app CPU ms/req | PostgreSQL CPU ms/req | app RSS MB | steal % | edits (failed) '
    + '| orders dead rows | activity log rows | sessions | autovacuums + analyzes |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ...minutes.map((m, n) => `| ${n + 1} | ${m.requests} | ${m.errors} | ${m.p50.toFixed(1)} | ${m.p95.toFixed(1)} | ${m.appCpuMs.toFixed(2)} `
    + `| ${m.postgresCpuMs.toFixed(2)} | ${m.rss.toFixed(0)} | ${m.steal.toFixed(1)} | ${m.edits} (${m.editErrors}) | ${m.state.ordersDead} `
    + `| ${m.state.log} | ${m.state.sessions} | ${m.state.vacuums} |`)];
  console.log(lines.join('\n'));
  writeResults('soak', lines, []);
  if (!holds) process.exitCode = 1;
}

run(main);
