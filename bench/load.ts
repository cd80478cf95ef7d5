/**
 * Load benchmark: the real server (`npm start`'s entry, in a process of its own) on the benchmark
 * database with ORDERS generated orders (default one million), under 1, 8 and 32 concurrent
 * connections (autocannon), each case beside its SQL floor: the very statements one request runs
 * (captured from an in-process app), replayed through `pg` alone at the same concurrency. Then the
 * CSV export (rows/s, the server's peak RSS, the list's p95 during it), the batch completion date
 * at 100, 1,000 and 10,000 ids, and the admin's first-load JavaScript. Besides, 1,000 open event
 * streams and a burst of sign-ins: the list's p95 during the burst, beside its quiet p95, and how
 * long the burst takes, with and without the streams (ONLY=streams runs just that). And the default
 * list through a session and through an API token: CPU per request of each (ONLY=token).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:load
 *
 * DURATION (seconds per run, default 10) and CONNECTIONS (default 1,8,32) shorten a run; ONLY (words of
 * case labels, comma-separated) runs just those cases (with `export`, also the export, batch and admin
 * parts; with `profile`, the CPU profile of the default list), to stdout only.
 * Results go to stdout and bench/results/load.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import pg from 'pg';
import { HttpClient } from '../test/helpers/httpClient';
import { cpuMeter, monotonicMicros, topSelfTime } from './processCpu';
import { DEMO_USERS, openStreams, rssMb, startServer, type Server } from './benchServer';
import { BENCH, benchApp, benchDatabase, explain, inlineBindings, planSection, run, writeResults } from './benchHarness';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = (process.env.CONNECTIONS ?? '1,8,32').split(',').map(Number);
const ONLY = process.env.ONLY?.split(',');
/** The first-load JavaScript (gzip) of a bare react-admin + MUI skeleton, measured once for comparison. */
const SKELETON_KB = 374.5;

const filter = (value: object) => encodeURIComponent(JSON.stringify(value));
const month = new Date().toISOString().slice(0, 7);
const CASES: Array<[string, string]> = [
  ['default list, newest 25', '/api/orders?range=[0,24]'],
  ['status filter', `/api/orders?range=[0,24]&filter=${filter({ status: ['in_transit', 'awaiting_delivery'] })}`],
  ['area + pickup month', `/api/orders?range=[0,24]&filter=${filter({ deliveryAreaId: 3, pickupDate_gte: `${month}-01`, pickupDate_lte: `${month}-28` })}`],
  ['number search, prefix', `/api/orders?range=[0,24]&filter=${filter({ q: 'MTM0012345' })}`],
  ['reports, by day × user', '/api/reports/statistics?months=12&granularity=day&dimension=user'],
  ['reports, by week × supplier', '/api/reports/statistics?months=6&granularity=week&dimension=supplier'],
  ['reports, area revenue', '/api/reports/area-revenue'],
  ['process monitoring, counts per area', '/api/process-monitoring'],
  ['process monitoring, all delayed orders', '/api/process-monitoring/orders?kind=delayed'],
  ['process monitoring, pulling out in one area, page 5', '/api/process-monitoring/orders?kind=pulling_out&deliveryAreaId=3&offset=100'],
];

interface Figures { rps: number; p50: number; p95: number; p99: number; errors: number }
/** With the CPU milliseconds each request cost the app's process and the PostgreSQL server. */
interface LoadFigures extends Figures { appCpuMs: number; postgresCpuMs: number }

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const figures = (times: number[], seconds: number, errors: number): Figures => {
  const sorted = [...times].sort((a, b) => a - b);
  return { rps: times.length / seconds, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99), errors };
};


/** `work`, and the highest RSS of process `pid` while it ran (sampled every 20 ms), in MB. */
async function peakRssDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMb(pid);
  const sampler = setInterval(() => { peak = Math.max(peak, rssMb(pid)); }, 20);
  try {
    return { result: await work(), peak };
  } finally {
    clearInterval(sampler);
  }
}

/** How a call is signed in: a session's cookie, or an API token (`authorization: Bearer …`). */
type Auth = { cookie: string } | { authorization: string };

/**
 * `connections` clients calling `path` for DURATION seconds on the server of process `pid`; every
 * answer but a 200 is an error. The CPU figures are the process's and PostgreSQL's CPU time over
 * the answers given (gzip asked, as a browser does).
 */
async function load(server: Server, auth: Auth, requestPath: string, connections: number, seconds = DURATION): Promise<LoadFigures> {
  const times: number[] = [];
  let errors = 0;
  const used = cpuMeter(server.child.pid!);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: server.url + requestPath, connections, duration: seconds,
      headers: { ...auth, 'accept-encoding': 'gzip, deflate, br' } },
    (error, answer) => (error ? reject(error) : resolve(answer)));
    instance.on('response', (_client, status, _bytes, time) => {
      if (status === 200) times.push(time);
      else errors += 1;
    });
  });
  const cpu = used();
  const answered = Math.max(1, times.length + errors);
  return { ...figures(times, seconds, errors + result.errors + result.timeouts),
    appCpuMs: (1000 * cpu.app) / answered, postgresCpuMs: (1000 * cpu.postgres) / answered };
}

/**
 * `connections` clients calling `path` while `work` runs (after a second to warm up): the figures
 * of the answers given meanwhile, and how long the work took.
 */
async function loadDuring(url: string, cookie: string, requestPath: string, connections: number,
  work: () => Promise<unknown>): Promise<Figures & { seconds: number }> {
  let times: number[] = [];
  let errors = 0;
  let finished!: () => void;
  const done = new Promise<void>((resolve) => { finished = resolve; });
  const instance = autocannon({ url: url + requestPath, connections, duration: 3_600, headers: { cookie } }, () => finished());
  instance.on('response', (_client, status, _bytes, time) => {
    if (status === 200) times.push(time);
    else errors += 1;
  });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  [times, errors] = [[], 0];
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  const during = figures(times, seconds, errors);
  instance.stop();
  await done;
  return { ...during, seconds };
}

const STREAMS_CASE = '1,000 open streams, then a burst of sign-ins';

/** Ten sign-ins at once: five of unknown names (failed, anonymous), five of demo users. */
async function signInBurst(url: string): Promise<void> {
  const stamp = Date.now();
  await Promise.all(Array.from({ length: 10 }, async (_, n) => {
    const failed = n % 2 === 0;
    const res = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify(failed ? { username: `nobody-${stamp}-${n}`, password: 'not the password' }
        : { username: DEMO_USERS[n % DEMO_USERS.length], password: 'demo1234' }) });
    await res.arrayBuffer();
    if (res.status !== (failed ? 401 : 200)) throw new Error(`sign-in ${n}: ${res.status}`);
  }));
}


/**
 * The default list at 8 connections, quiet and during a burst of sign-ins, without and with 1,000
 * open streams (20 sessions): what the streams cost the rest of the app. On a server of its own.
 */
async function streamsCase(db: Knex): Promise<string[]> {
  const server = await startServer();
  try {
    const client = new HttpClient(server.url);
    await client.login('admin', 'demo1234');
    const list = CASES[0][1];
    // The failures of earlier runs would throttle this one's.
    const burst = async () => {
      await db('authAttempts').delete();
      return loadDuring(server.url, client.cookieHeader, list, 8, () => signInBurst(server.url));
    };
    // A fresh server's first calls are slow (a cold pool, code not yet optimised): warmed up first.
    await load(server, { cookie: client.cookieHeader }, list, 8, 3);
    const quiet = await load(server, { cookie: client.cookieHeader }, list, 8);
    const alone = await burst();
    const streams = await openStreams(server.url, 1_000, 20);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const quietStreams = await load(server, { cookie: client.cookieHeader }, list, 8);
    const during = await burst();
    const open = streams.open();
    streams.close();
    const row = (label: string, f: Figures, seconds?: number) =>
      `| ${label} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${f.rps.toFixed(0)} | ${f.errors} | ${seconds === undefined ? '' : seconds.toFixed(1)} |`;
    return ['', `## ${STREAMS_CASE}`, '', `The default list at 8 connections, quiet (${DURATION} s) and while ten sign-ins run at once `
      + `(five of unknown names, failed), without and with 1,000 event streams open (20 sessions of the demo users; ${open} still `
      + 'open after the burst).', '', '| | list p50 ms | list p95 ms | list p99 ms | req/s | errors | burst s |', '|---|---|---|---|---|---|---|',
    row('quiet, no streams', quiet), row('sign-in burst, no streams', alone, alone.seconds),
    row('quiet, 1,000 streams', quietStreams), row('sign-in burst, 1,000 streams', during, during.seconds)];
  } finally {
    // The list's last calls answered before the server stops.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await server.stop();
  }
}

const TOKEN_CASE = 'a session or an API token';

/**
 * The default list at 8 connections through the admin's session and through an API token acting as
 * the admin (its rate lifted for the run), twice each, alternating: what a token costs the app and
 * PostgreSQL per request beside a session (#41). On a server of its own.
 */
async function tokenCase(): Promise<string[]> {
  const server = await startServer([], { API_TOKEN_RATE: '100000000' });
  try {
    const client = new HttpClient(server.url);
    await client.login('admin', 'demo1234');
    const admin = (await client.get('/api/user')).body as { id: number };
    const made = await client.create<{ id: number; secret: string }>('/api/api-tokens', { name: `bench ${Date.now()}`, userId: admin.id });
    const ways: Array<[string, Auth]> = [['session', { cookie: client.cookieHeader }], ['API token', { authorization: `Bearer ${made.secret}` }]];
    const list = CASES[0][1];
    for (const [, auth] of ways) await load(server, auth, list, 8, 3);
    const rows: string[] = [];
    for (const round of [1, 2]) {
      for (const [label, auth] of ways) {
        const f = await load(server, auth, list, 8);
        rows.push(`| ${label} | ${round} | ${f.rps.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p95)} | ${f.errors} | ${f.appCpuMs.toFixed(2)} | ${f.postgresCpuMs.toFixed(2)} |`);
        console.log(rows.at(-1));
      }
    }
    await client.delete(`/api/api-tokens/${made.id}`);
    return ['', `## ${TOKEN_CASE}`, '', `The default list at 8 connections for ${DURATION} s a run, through the admin's session and `
      + 'through an API token acting as the admin, alternating, after a 3 s warm-up of each.', '',
    '| signed in by | run | req/s | p50 ms | p95 ms | errors | app CPU ms/req | PostgreSQL CPU ms/req |', '|---|---|---|---|---|---|---|---|', ...rows];
  } finally {
    await server.stop();
  }
}

interface Statement { sql: string; bindings?: unknown[] }

/** The statements one call runs, with their values, from an app in this process. */
async function capture(db: Knex, client: HttpClient, requestPath: string): Promise<Statement[]> {
  const statements: Statement[] = [];
  const listen = ({ sql, bindings }: Statement) => statements.push({ sql, bindings });
  await client.get(requestPath);
  db.on('query', listen);
  const answer = await client.get(requestPath);
  db.off('query', listen);
  if (answer.status !== 200) throw new Error(`${requestPath}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return statements;
}

/** The statements of one call replayed through `pg` alone by `connections` clients: sequences per second. */
async function floor(statements: Statement[], connections: number, seconds = DURATION): Promise<number> {
  const pool = new pg.Pool({ connectionString: BENCH.url, max: connections });
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(Array.from({ length: connections }, async () => {
    const client = await pool.connect();
    try {
      while (Date.now() < until) {
        for (const { sql, bindings } of statements) await client.query(sql, bindings as unknown[]);
        done += 1;
      }
    } finally {
      client.release();
    }
  }));
  await pool.end();
  return done / seconds;
}

/** Clients of the pgbench floor: the issue's and the app's highest concurrency. */
const PGBENCH_CLIENTS = 32;

/** One statement alone in pgbench for DURATION seconds at PGBENCH_CLIENTS clients: transactions per second. */
function pgbench(sql: string, protocol: 'simple' | 'prepared'): number {
  const script = path.join(os.tmpdir(), `bench-load-${process.pid}.sql`);
  // pgbench reads a statement per line and takes ':' for its variables: one line, the casts' '::' written as pgbench's escape.
  fs.writeFileSync(script, `${sql.replace(/\s+/g, ' ').replace(/::/g, '\\:\\:')};\n`);
  try {
    const out = execFileSync('pgbench', ['-n', '-c', String(PGBENCH_CLIENTS), '-j', '2', '-T', String(DURATION), '-M', protocol,
      '-f', script, BENCH.url], { encoding: 'utf8' });
    return Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0);
  } finally {
    fs.rmSync(script, { force: true });
  }
}

/**
 * A CPU profile of the server (node --cpu-prof) under the default list at the highest concurrency:
 * the 15 functions that took most time themselves.
 */
async function profileDefaultList(): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'));
  const server = await startServer(['--cpu-prof', `--cpu-prof-dir=${dir}`], {}, 'sources');
  try {
    const client = new HttpClient(server.url);
    await client.login('admin', 'demo1234');
    const connections = Math.max(...CONNECTIONS);
    await load(server, { cookie: client.cookieHeader }, CASES[0][1], connections, 3);
    const from = monotonicMicros();
    const figures = await load(server, { cookie: client.cookieHeader }, CASES[0][1], connections);
    const window = { from, to: monotonicMicros() };
    await server.stop();
    const [file] = fs.readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
    return ['', '## CPU profile of the default list', '', `The server under --cpu-prof, ${connections} connections, ${DURATION} s `
      + `after a 3 s warm-up (${figures.rps.toFixed(0)} req/s while profiled, ${figures.appCpuMs.toFixed(2)} ms app CPU a request): `
      + 'the 15 functions with the most self time in those seconds, as a share of the busy samples.', '',
    ...topSelfTime(path.join(dir, file), window).map((line) => `- ${line}`)];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (value: number) => value.toFixed(1);

async function main() {
  const { db, total, version } = await benchDatabase();
  const local = await benchApp(db);
  const server = await startServer();
  process.once('exit', () => server.child.kill());
  const client = new HttpClient(server.url);
  await client.login('admin', 'demo1234');
  const cookie = client.cookieHeader;
  // A fresh server's first calls are slow (a cold pool, code not yet optimised): warmed up first.
  await load(server, { cookie }, CASES[0][1], Math.max(...CONNECTIONS), 3);
  const lines = ['# Load benchmark', '', `${total.toLocaleString('en')} orders, PostgreSQL ${version}, ${os.cpus().length} cores `
    + `(load average ${os.loadavg()[0].toFixed(1)} at the start), ${DURATION} s per run, ${new Date().toISOString().slice(0, 10)}. `
    + 'App and PostgreSQL CPU: each process\'s CPU time (/proc) over the requests answered. '
    + 'The SQL floor replays the statements one request runs (session, user, count, page…) through `pg` alone at the same concurrency; '
    + `pgbench runs the page query alone at ${PGBENCH_CLIENTS} clients, simple and prepared protocol.`, '',
  '| case | connections | req/s | p50 ms | p95 ms | p99 ms | errors | app CPU ms/req | PostgreSQL CPU ms/req | SQL floor /s | app ÷ floor '
    + '| page query, pgbench tps (simple / prepared) |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|'];
  const plans: string[] = [];
  for (const [label, call] of CASES.filter(([name]) => !ONLY || ONLY.some((word) => name.includes(word)))) {
    const statements = await capture(db, local.client, call);
    // The case's own reads (not the session's and the user's, the same for every case): their plans, and the last one's pgbench floor.
    const own = statements.filter(({ sql }) => /"(orders|open_order_dates|report_rollups)"/.test(sql) && !/^explain/i.test(sql));
    for (const statement of own) {
      const sql = inlineBindings(db, statement);
      plans.push(planSection(label, sql, await explain(db, sql)));
    }
    for (const connections of CONNECTIONS) {
      const app = await load(server, { cookie }, call, connections);
      const sql = await floor(statements, connections);
      const page = own.at(-1);
      const bench = page && connections === Math.max(...CONNECTIONS)
        ? `${pgbench(inlineBindings(db, page), 'simple').toFixed(0)} / ${pgbench(inlineBindings(db, page), 'prepared').toFixed(0)}` : '';
      const row = `| ${label} | ${connections} | ${app.rps.toFixed(0)} | ${ms(app.p50)} | ${ms(app.p95)} | ${ms(app.p99)} | ${app.errors} `
        + `| ${app.appCpuMs.toFixed(2)} | ${app.postgresCpuMs.toFixed(2)} | ${sql.toFixed(0)} (${statements.length} statements) `
        + `| ${(app.rps / sql).toFixed(2)} | ${bench} |`;
      lines.push(row);
      console.log(row);
    }
  }
  await server.stop();
  if (!ONLY || ONLY.includes('profile')) {
    const section = await profileDefaultList();
    lines.push(...section);
    console.log(section.join('\n'));
  }
  if (!ONLY || ONLY.some((word) => TOKEN_CASE.includes(word))) {
    const section = await tokenCase();
    lines.push(...section);
    console.log(section.join('\n'));
  }
  if (!ONLY || ONLY.some((word) => STREAMS_CASE.includes(word))) {
    const section = await streamsCase(db);
    lines.push(...section);
    console.log(section.join('\n'));
  }
  if (ONLY && !ONLY.includes('export')) {
    console.log(plans.join('\n'));
    await Promise.all([local.stop(), db.destroy()]);
    return;
  }

  // The export on a fresh server, its RSS sampled while it runs (gzip, as a browser asks); the
  // list is timed beside it.
  const exporting = await startServer();
  process.once('exit', () => exporting.child.kill());
  const exporter = new HttpClient(exporting.url);
  await exporter.login('admin', 'demo1234');
  // Lines counted as the bytes stream by (a newline inside a quoted cell would count too: the
  // benchmark's orders have none), so the client holds no 200 MB of text.
  const exportAll = async () => {
    const res = await fetch(`${exporting.url}/api/orders/export.csv`, { headers: { cookie: exporter.cookieHeader } });
    let count = 0;
    for await (const chunk of res.body!) for (const byte of chunk as Uint8Array) if (byte === 10) count += 1;
    return count;
  };
  const before = rssMb(exporting.child.pid!);
  const started = performance.now();
  const { result: csvLines, peak } = await peakRssDuring(exporting.child.pid!, exportAll);
  const rows = csvLines - 1;
  const seconds = (performance.now() - started) / 1000;
  const quiet = await load(exporting, { cookie: exporter.cookieHeader }, CASES[0][1], 8, 5);
  const [, during] = await Promise.all([exportAll(), load(exporting, { cookie: exporter.cookieHeader }, CASES[0][1], 8, 5)]);
  lines.push('', '## CSV export', '', `All orders: ${rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s `
    + `(${Math.round(rows / seconds).toLocaleString('en')} rows/s); the server's RSS ${before.toFixed(0)} MB before it (signed in), `
    + `at most ${peak.toFixed(0)} MB during it. `
    + `The default list at 8 connections: p95 ${ms(quiet.p95)} ms quiet, ${ms(during.p95)} ms during the export.`);
  console.log(lines.at(-1));

  lines.push('', '## Batch completion date', '', '| ids | status | seconds |', '|---|---|---|');
  for (const size of [100, 1_000, 10_000]) {
    const ids = await db('orders').whereNull('deletedAt').where({ status: 'completed' }).orderBy('id').limit(size).pluck('id');
    const begun = performance.now();
    const answer = await exporter.post('/api/orders/batch-completion-date', { ids, completionDate: new Date().toISOString() });
    lines.push(`| ${ids.length.toLocaleString('en')} | ${answer.status} | ${((performance.now() - begun) / 1000).toFixed(2)} |`);
    console.log(lines.at(-1));
  }
  await exporting.stop();

  const dist = BENCH.config.adminDist;
  const html = fs.existsSync(path.join(dist, 'index.html')) ? fs.readFileSync(path.join(dist, 'index.html'), 'utf8') : '';
  const scripts = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const kb = scripts.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(dist, file))).length, 0) / 1024;
  lines.push('', '## Admin first load', '', `${scripts.length} scripts, ${kb.toFixed(1)} KB gzip (a bare react-admin + MUI skeleton: ${SKELETON_KB} KB).`);
  console.log(lines.at(-1));

  if (!ONLY) writeResults('load', lines, plans);
  await local.stop();
  await db.destroy();
}

run(main);
