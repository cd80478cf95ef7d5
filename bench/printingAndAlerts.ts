/**
 * Printing, scanning and delay alerts at scale (docs/printing-and-scanning.md, docs/notifications.md):
 * on the benchmark database with ORDERS generated orders (default one million, shared with the
 * other benchmarks), times one run of the notification job from an empty notifications table and
 * the runs after it (nothing new to write), then over HTTP against the real Koa app: a scanned
 * code's lookup (DN, MTM, unknown), the delivery notes of 25 and of 500 orders, recording a print
 * of 25, and the notification centre's list.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/printingAndAlerts.ts
 *
 * Results go to stdout and bench/results/printing-and-alerts.md. The job's notifications are left
 * in the database (the next run starts by deleting them).
 */
import { runNotificationJob } from '../api/src/notifications/notificationJob';
import { BENCH, benchApp, benchDatabase, median, run, timeCalls, writeResults } from './benchHarness';

const JOB_RUNS = 3;

async function main() {
  const { db, total, version } = await benchDatabase();
  const lines = ['# Printing, scanning and delay alerts benchmark', '',
    `${total.toLocaleString('en')} orders, PostgreSQL ${version}, ${new Date().toISOString().slice(0, 10)}; `
    + `HTTP calls: median of ${BENCH.runs} runs after one warm-up; the job: wall time of each run.`, ''];

  // The job: the first run writes every late order's notifications, the next ones find them written.
  await db('notifications').del();
  const jobTimes: number[] = [];
  let written = 0;
  for (let i = 0; i <= JOB_RUNS; i += 1) {
    const started = performance.now();
    const { ran } = await runNotificationJob(db, BENCH.config);
    jobTimes.push(performance.now() - started);
    if (!ran) throw new Error('the notification job did not run (another instance holds its lock)');
    if (i === 0) written = Number((await db('notifications').count({ n: '*' }))[0].n);
  }
  lines.push('| notification job | ms |', '|---|---|',
    `| first run, from no notifications (${written.toLocaleString('en')} written) | ${jobTimes[0].toFixed(0)} |`,
    `| later runs (nothing new), median of ${JOB_RUNS} | ${median(jobTimes.slice(1)).toFixed(0)} |`, '');

  const app = await benchApp(db);
  const sample = await db('orders').whereNull('deletedAt').where('dnNumber', 'like', 'DNB%').orderBy('id', 'desc').limit(500)
    .select('id', 'dnNumber', 'mtmNumber');
  const ids = (n: number) => sample.slice(0, n).map((order) => order.id).join(',');
  const cases: Array<[string, string]> = [
    ['lookup, a DN number', `/api/orders/lookup?code=${sample[0].dnNumber}`],
    ['lookup, an MTM number', `/api/orders/lookup?code=${sample[1].mtmNumber}`],
    ['delivery notes, 25 orders', `/api/orders/delivery-notes?ids=${ids(25)}`],
    ['delivery notes, 500 orders', `/api/orders/delivery-notes?ids=${ids(500)}`],
    ['notification centre, newest page', '/api/notifications'],
  ];
  lines.push('| call | median ms | p max ms |', '|---|---|---|');
  for (const [label, call] of cases) {
    const { times } = await timeCalls(app.client, call);
    lines.push(`| ${label} | ${median(times).toFixed(1)} | ${Math.max(...times).toFixed(1)} |`);
  }
  // An unknown code answers 404: timed by hand, as timeCalls wants 200s.
  const misses: number[] = [];
  for (let i = 0; i <= BENCH.runs; i += 1) {
    const started = performance.now();
    const answer = await app.client.get('/api/orders/lookup?code=NO-SUCH-CODE');
    if (answer.status !== 404) throw new Error(`lookup of an unknown code: ${answer.status}`);
    if (i > 0) misses.push(performance.now() - started);
  }
  lines.push(`| lookup, an unknown code (404) | ${median(misses).toFixed(1)} | ${Math.max(...misses).toFixed(1)} |`);
  const prints: number[] = [];
  for (let i = 0; i <= BENCH.runs; i += 1) {
    const started = performance.now();
    const answer = await app.client.post('/api/orders/print', { ids: sample.slice(0, 25).map((order) => order.id), layout: 'delivery_notes' });
    if (answer.status !== 200) throw new Error(`print: ${answer.status} ${JSON.stringify(answer.body)}`);
    if (i > 0) prints.push(performance.now() - started);
  }
  lines.push(`| print of 25 recorded (25 activity rows) | ${median(prints).toFixed(1)} | ${Math.max(...prints).toFixed(1)} |`, '');
  await app.stop();
  await db.destroy();
  console.log(lines.join('\n'));
  writeResults('printing-and-alerts', lines, []);
}

run(main);
