/**
 * Backup and restore (docs/operations.md#backups): `npm run db:backup -- FILE` and
 * `npm run db:restore -- FILE` timed as an operator runs them (npm and tsx starting included), on
 * the demo company and on it grown by generated orders with their activity log, on a PostgreSQL
 * server and on the embedded database. Beside the wall-clock time, the CPU time the command and
 * the server's backends spent, which the load of a shared machine changes less.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/backup npx tsx bench/backup.ts
 *
 * SIZES: the orders generated on top of the demo company's, one data set each (default
 * 0,30000,100000; 0 is the demo company alone), each with 12 activity-log rows per generated order
 * as the demo has; EMBEDDED_SIZES: those also timed on the embedded database (default 0,30000: larger
 * ones take minutes each). RUNS (default 3) backups and restores each, median. Each data
 * set is made in a database or folder of its own (BENCH_DATABASE_URL's name plus the size), restored
 * into another, and both are dropped afterwards. Results go to stdout and bench/results/backup.md.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { openDatabase, type DatabaseTarget } from '../api/src/db/knex';
import { schemaTables } from '../api/src/db/tableSums';
import { prepareDatabase } from '../api/src/startup';
import { BENCH, ensureDatabase, fillOrders, median, run, writeResults } from './benchHarness';
import { fillLogs } from './history';

const root = path.resolve(__dirname, '..');
const sizes = (name: string, fallback: string) => (process.env[name] ?? fallback).split(',').filter(Boolean).map(Number);
const SIZES = sizes('SIZES', '0,30000,100000');
const EMBEDDED_SIZES = sizes('EMBEDDED_SIZES', '0,30000');
const RUNS = Number(process.env.RUNS ?? 3);
const LOG_ROWS_PER_ORDER = 12;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'logistics-backup-'));

const TICKS_PER_SECOND = 100;

/**
 * CPU seconds of the server's backends serving `database` (their titles name it: "postgres:
 * 15/main: postgres <database> 127.0.0.1(…)"), the most seen of each kept in `seen` (Linux /proc).
 */
function sampleBackends(database: string, seen: Map<string, number>): void {
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      seen.set(pid, Math.max(seen.get(pid) ?? 0, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND));
    } catch {
      // Gone meanwhile.
    }
  }
}

/**
 * One database command as the operator types it, on `target`: its wall-clock seconds, the CPU
 * seconds of the command with its children (npm, tsx, Node, pg_dump or psql: bash's `times`), and
 * on a server those of the backends serving it, sampled every 100 ms.
 */
async function timedCommand(script: 'db:backup' | 'db:restore', file: string, target: DatabaseTarget) {
  const started = performance.now();
  const backends = new Map<string, number>();
  const database = target.databaseUrl ? new URL(target.databaseUrl).pathname.slice(1) : undefined;
  const sampling = database ? setInterval(() => sampleBackends(database, backends), 100) : undefined;
  const child = spawn('bash', ['-c', `npm run --silent ${script} -- "$1" > /dev/null && times`, 'bench', file], { cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, DATABASE_URL: target.databaseUrl ?? '', DATA_DIR: target.dataDir ?? '' } });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampling);
  if (code !== 0) throw new Error(`exit ${code} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const [user, system] = [...(out.trim().split('\n')[1] ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return { seconds: (performance.now() - started) / 1000, cpu: user + system,
    serverCpu: [...backends.values()].reduce((sum, cpu) => sum + cpu, 0) };
}

/** Rows of every table, the orders and the activity log among them. */
async function rowCounts(db: Knex) {
  const counts = await Promise.all((await schemaTables(db)).map(async (table) =>
    [table, Number((await db(table).count({ n: '*' }))[0].n)] as const));
  const of = (table: string) => counts.find(([name]) => name === table)?.[1] ?? 0;
  return { orders: of('orders'), logs: of('activity_logs'), rows: counts.reduce((sum, [, n]) => sum + n, 0) };
}

/** The demo company with `extra` generated orders and their log rows, on `target` (made empty first). */
async function dataSet(target: DatabaseTarget, extra: number) {
  const db = openDatabase(target);
  try {
    await prepareDatabase(db, BENCH.config, { demo: true });
    const demoOrders = Number((await db('orders').count({ n: '*' }))[0].n);
    if (extra > 0) {
      await fillOrders(db, demoOrders + extra);
      await fillLogs(db, extra * LOG_ROWS_PER_ORDER);
    }
    return await rowCounts(db);
  } finally {
    await db.destroy();
  }
}

const serverDatabase = (suffix: string) => {
  const url = new URL(BENCH.url);
  url.pathname = `${url.pathname}_${suffix}`;
  return url.href;
};

async function dropDatabase(url: string): Promise<void> {
  const { pathname, href } = new URL(url);
  const admin = knexFactory({ client: 'pg', connection: href.replace(pathname, '/postgres') });
  await admin.raw(`drop database if exists "${pathname.slice(1)}" with (force)`);
  await admin.destroy();
}

/** The places of one data set and of its restores, on a server or embedded. */
const KINDS = {
  server: {
    made: (size: number) => ({ databaseUrl: serverDatabase(String(size)) }),
    restored: (size: number) => ({ databaseUrl: serverDatabase(`${size}_restored`) }),
    create: (target: DatabaseTarget) => ensureDatabase(target.databaseUrl!),
    remove: (target: DatabaseTarget) => dropDatabase(target.databaseUrl!),
  },
  embedded: {
    made: (size: number) => ({ dataDir: path.join(work, String(size)) }),
    restored: (size: number) => ({ dataDir: path.join(work, `${size}-restored`) }),
    create: async () => {},
    remove: async (target: DatabaseTarget) => fs.rmSync(target.dataDir!, { recursive: true, force: true }),
  },
};

async function measure(kind: keyof typeof KINDS, size: number) {
  const places = KINDS[kind];
  const made = places.made(size);
  const restored = places.restored(size);
  await places.remove(made);
  await places.create(made);
  console.log(`${kind}: the demo company + ${size} orders...`);
  const counts = await dataSet(made, size);
  const file = path.join(work, `${kind}-${size}.sql`);
  const runs: Array<{ backup: Timing; restore: Timing }> = [];
  const loads: number[] = [];
  let failed: string | undefined;
  for (let n = 0; n < RUNS && !failed; n += 1) {
    loads.push(os.loadavg()[0]);
    const backup = await timedCommand('db:backup', file, made);
    await places.remove(restored);
    await places.create(restored);
    // A restore that fails (the embedded one, past some 300 MB of dump) is a figure too.
    const restore = await timedCommand('db:restore', file, restored).catch((error: Error) => error);
    if (restore instanceof Error) failed = `${said(backup)} | fails (${restore.message})`;
    else runs.push({ backup, restore });
    console.log(`  run ${n + 1} (load average ${loads[n].toFixed(1)}): backup ${said(backup)}, `
      + `restore ${restore instanceof Error ? `fails (${restore.message})` : said(restore)}`);
  }
  const megabytes = fs.statSync(file).size / 1024 / 1024;
  await Promise.all([places.remove(made), places.remove(restored)]);
  fs.rmSync(file);
  const middle = (pick: (timing: Timing) => number, of: 'backup' | 'restore') => median(runs.map((run) => pick(run[of])));
  const cell = (of: 'backup' | 'restore') => said({ seconds: middle((t) => t.seconds, of), cpu: middle((t) => t.cpu, of),
    serverCpu: middle((t) => t.serverCpu, of) });
  const times = `| ${failed ?? `${cell('backup')} | ${cell('restore')}`} |`;
  return `| ${kind} | ${counts.orders.toLocaleString('en')} | ${counts.logs.toLocaleString('en')} | ${counts.rows.toLocaleString('en')} `
    + `| ${Math.round(megabytes)} MB ${times} ${loads.map((load) => load.toFixed(1)).join(', ')} |`;
}

type Timing = Awaited<ReturnType<typeof timedCommand>>;

/** "12.3 s (CPU 4.5 s + server 6.7 s)". */
const said = ({ seconds, cpu, serverCpu }: Timing) =>
  `${seconds.toFixed(1)} s (CPU ${cpu.toFixed(1)} s${serverCpu > 0 ? ` + server ${serverCpu.toFixed(1)} s` : ''})`;

async function main() {
  const server = await (async () => {
    const db = knexFactory({ client: 'pg', connection: BENCH.url.replace(new URL(BENCH.url).pathname, '/postgres') });
    try {
      return (await db.raw('show server_version')).rows[0].server_version as string;
    } finally {
      await db.destroy();
    }
  })();
  const rows: string[] = [];
  for (const size of SIZES) rows.push(await measure('server', size));
  for (const size of EMBEDDED_SIZES) rows.push(await measure('embedded', size));
  fs.rmSync(work, { recursive: true, force: true });
  const lines = [
    '# Backup and restore',
    '',
    `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}, `
      + `PostgreSQL ${server} (pg_dump/psql ${server.split(' ')[0]}); \`npx tsx bench/backup.ts\`, median of ${RUNS} runs of`
      + ' `npm run db:backup -- FILE` and `npm run db:restore -- FILE` (into an empty database), npm and tsx starting included:'
      + ' wall-clock time, then the CPU time of the command and its children and, on the server, of the backends serving it'
      + ' (the machine is shared: the load average before each run is in the last column).',
    '',
    '| database | orders | activity-log rows | rows of all tables | file | backup | restore | load average |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
  ];
  console.log(lines.join('\n'));
  writeResults('backup', lines, []);
}

run(main);
