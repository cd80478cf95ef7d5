/** The server as `npm start` runs it (compiled: the scripts build it first), in a process of its own, and the clients the load benchmarks give it. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { HttpClient } from '../test/helpers/httpClient';
import { BENCH } from './benchHarness';

const PORT = Number(process.env.BENCH_PORT ?? 3999);

export interface Server { url: string; child: ChildProcess; stop: () => Promise<void> }

/**
 * The server on the benchmark database; `nodeOptions` before the script (--cpu-prof), `env` over the
 * defaults (the jobs off: the notification job alone reads every late order each 5 minutes,
 * bench/results/printing-and-alerts.md); from the sources through tsx for a CPU profile, whose
 * frames then name the TypeScript files rather than places in build/server.js.
 */
export async function startServer(nodeOptions: string[] = [], env: Record<string, string> = {},
  entry: 'compiled' | 'sources' = 'compiled'): Promise<Server> {
  const script = entry === 'compiled' ? ['--enable-source-maps', path.join(__dirname, '../build/server.js')]
    : ['--import', 'tsx', path.join(__dirname, '../api/src/server.ts')];
  const child = spawn(process.execPath, [...nodeOptions, ...script], {
    env: { ...process.env, DATABASE_URL: BENCH.url, PORT: String(PORT), REPORT_SCHEDULE: 'off', NOTIFICATION_JOB: 'off',
      SESSION_KEYS: 'bench', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (chunk.toString().includes('http://localhost')) resolve(); });
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  const stop = () => new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); });
  return { url: `http://127.0.0.1:${PORT}`, child, stop };
}

/** The resident set size of a process now, in MB (Linux). */
export const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

export const DEMO_USERS = ['admin', 'director', 'manager', 'team_leader', 'biller', 'regional_dispatcher'];

/** `count` event streams over `sessions` sessions of the demo users, drained as events come. */
export async function openStreams(url: string, count: number, sessions: number) {
  const cookies: string[] = [];
  for (let n = 0; n < sessions; n += 1) {
    const client = new HttpClient(url);
    await client.login(DEMO_USERS[n % DEMO_USERS.length], 'demo1234');
    cookies.push(client.cookieHeader);
  }
  const controller = new AbortController();
  let open = 0;
  await Promise.all(Array.from({ length: count }, async (_, n) => {
    const res = await fetch(`${url}/api/events`, { headers: { cookie: cookies[n % sessions] }, signal: controller.signal });
    if (res.status !== 200) throw new Error(`stream ${n}: ${res.status}`);
    open += 1;
    // Drained as events come; no longer open once the server ends it (or the bench aborts it).
    void res.body!.pipeTo(new WritableStream()).catch(() => undefined).then(() => { open -= 1; });
  }));
  return { open: () => open, close: () => controller.abort() };
}
