/**
 * CPU time by process, from /proc (Linux): what a benchmark divides by the requests served to get
 * CPU milliseconds per request, which varies less between runs than requests per second.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** User + system CPU seconds of process `pid` (all its threads) so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The processes of the PostgreSQL server on this machine: the postmaster and every backend and worker. */
function postgresPids(): number[] {
  return fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
    } catch {
      return false;
    }
  });
}

/** PostgreSQL's CPU seconds by process now. */
const postgresCpu = (): Map<number, number> => new Map(postgresPids().map((pid) => [pid, cpuSeconds(pid)]));

/**
 * Starts measuring the CPU of process `appPid` and of the PostgreSQL server; the returned function
 * says how many CPU seconds each used since. A backend that started meanwhile counts whole; one
 * that ended meanwhile is missed (the app's pool keeps its connections through a run).
 */
export function cpuMeter(appPid: number): () => { app: number; postgres: number } {
  const app = cpuSeconds(appPid);
  const before = postgresCpu();
  return () => {
    let postgres = 0;
    for (const [pid, seconds] of postgresCpu()) postgres += seconds - (before.get(pid) ?? 0);
    return { app: cpuSeconds(appPid) - app, postgres };
  };
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }

/** Now on the monotonic clock of V8's CPU profiles, in µs (the same clock in every process of the machine). */
export const monotonicMicros = (): number => Number(process.hrtime.bigint() / 1000n);

/**
 * The functions of a V8 CPU profile (node --cpu-prof) that took most time themselves within
 * `window` (monotonic µs, monotonicMicros), each with its share of the busy samples (idle left out):
 * '12.3 % writev (native)'.
 */
export function topSelfTime(profileFile: string, window: { from: number; to: number }, count = 15): string[] {
  const profile = JSON.parse(fs.readFileSync(profileFile, 'utf8')) as {
    nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byFunction = new Map<string, number>();
  let total = 0;
  let time = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = Math.max(0, profile.timeDeltas[index] ?? 0);
    time += delta;
    const frame = frames.get(id)!;
    if (time < window.from || time > window.to || frame.functionName === '(idle)') return;
    const url = frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(api|kernel)\//, '$1/');
    const name = `${frame.functionName || '(anonymous)'} (${url ? `${url}:${frame.lineNumber + 1}` : 'native'})`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    total += delta;
  });
  return [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, count)
    .map(([name, spent]) => `${(100 * spent / total).toFixed(1)} % ${name}`);
}
