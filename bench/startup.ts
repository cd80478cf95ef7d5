/**
 * Start-up of the server, from the TypeScript sources through tsx (as `npm start` ran it before
 * the build) and compiled by `npm run build` (build/server.js, as `npm start` runs it now): the
 * time until it listens, the CPU it spent on the way, its resident memory then and after a
 * sign-in and 20 order lists. On the embedded database, as a newcomer's `npm start` (a data
 * folder of its own, made by an untimed first start that migrates and seeds it), or on the server
 * database of STARTUP_DATABASE_URL (an empty one: the first start seeds it).
 *
 *   npx tsx api/buildIfStale.ts && npx tsx bench/startup.ts     (RUNS, default 5, alternating)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpClient } from '../test/helpers/httpClient';
import { rssMb } from './benchServer';

const root = path.resolve(__dirname, '..');
const RUNS = Number(process.env.RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3999);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logistics-startup-'));
const TICKS_PER_SECOND = 100;

const MODES = {
  sources: ['--import', 'tsx', path.join(root, 'api/src/server.ts')],
  compiled: ['--enable-source-maps', path.join(root, 'build/server.js')],
};
type Mode = keyof typeof MODES;

/** User + system CPU seconds of a process so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

async function start(mode: Mode) {
  const started = performance.now();
  const child = spawn(process.execPath, MODES[mode], {
    cwd: root, stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: process.env.STARTUP_DATABASE_URL ?? '', PORT: String(PORT), LOG_FORMAT: 'json', SESSION_KEYS: 'bench',
      PASSWORD_HASH_COST: '12', REPORT_SCHEDULE: 'off', NOTIFICATION_JOB: 'off' },
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (chunk.toString().includes('http://localhost')) resolve(); });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  const listening = { ms: performance.now() - started, cpu: cpuSeconds(child.pid!), rss: rssMb(child.pid!) };
  const client = new HttpClient(`http://127.0.0.1:${PORT}`);
  await client.login('admin', 'demo1234');
  for (let n = 0; n < 20; n++) await client.request('GET', '/api/orders?range=%5B0%2C24%5D');
  const rssAfter = rssMb(child.pid!);
  await new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });
  return { ...listening, rssAfter };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  if (!fs.existsSync(MODES.compiled[1])) throw new Error('No build/server.js: run npx tsx api/buildIfStale.ts first');
  await start('compiled');
  const runs: Record<Mode, Array<Awaited<ReturnType<typeof start>>>> = { sources: [], compiled: [] };
  for (let n = 0; n < RUNS; n++) for (const mode of Object.keys(MODES) as Mode[]) runs[mode].push(await start(mode));
  const database = process.env.STARTUP_DATABASE_URL ? 'a PostgreSQL server' : 'the embedded database';
  console.log(`Start-up on ${database} (${RUNS} starts each, medians), ${os.cpus().length} cores, Node ${process.version}`);
  console.log('| | listening after | CPU until then | RSS listening | RSS after sign-in + 20 lists |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [mode, results] of Object.entries(runs)) {
    console.log(`| ${mode} | ${Math.round(median(results.map((r) => r.ms)))} ms | ${median(results.map((r) => r.cpu)).toFixed(2)} s `
      + `| ${Math.round(median(results.map((r) => r.rss)))} MB | ${Math.round(median(results.map((r) => r.rssAfter)))} MB |`);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
