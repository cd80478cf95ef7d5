/**
 * Monitoring benchmark: times process monitoring (counts per area, the orders behind a count) and
 * each public dashboard aggregate computed afresh, over HTTP against the real Koa app, on the
 * benchmark database with ORDERS generated orders (default one million, shared with the other
 * benchmarks), and prints the plan of each query.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/monitoring.ts
 *
 * Results go to stdout and bench/results/monitoring.md.
 */
import { openDatabase } from '../api/src/db/knex';
import { BENCH, benchApp, benchDatabase, explain, inlineBindings, median, planSection, run, writeResults } from './benchHarness';

async function main() {
  const { db: setup, total, version } = await benchDatabase();
  const area = (await setup('deliveryAreas').orderBy('id').first('id')).id as number;
  await setup.destroy();

  const cases: Array<[string, string, boolean]> = [
    ['delay counts per area', '/api/process-monitoring', true],
    ['delayed orders, all areas (25 rows)', '/api/process-monitoring/orders?kind=delayed', true],
    ['pulling-out delay, one area (25 rows)', `/api/process-monitoring/orders?kind=pulling_out&deliveryAreaId=${area}`, true],
    ['MOS delay, one area, page 100', `/api/process-monitoring/orders?kind=mos&deliveryAreaId=${area}&offset=2475`, true],
    ...['overview', 'order-status', 'suppliers', 'logistics', 'analytics', 'trend']
      .map((name): [string, string, boolean] => [`public ${name} (computed)`, `/api/public/monitoring/${name}`, false]),
  ];
  const lines = ['# Monitoring benchmark', '', `${total.toLocaleString('en')} orders, PostgreSQL ${version}, median of ${BENCH.runs} runs `
    + `over HTTP (after one warm-up), each on a fresh app so the public cache is empty, ${new Date().toISOString().slice(0, 10)}.`, '',
  '| call | median ms |', '|---|---|'];
  const plans: string[] = [];
  for (const [label, call, signedIn] of cases) {
    const times: number[] = [];
    let queries: Array<{ sql: string; bindings?: unknown[] }> = [];
    for (let i = 0; i <= BENCH.runs; i += 1) {
      // The app on its own database handle: the public answers are cached per handle, so a fresh
      // one times the computation, not the cache.
      const db = openDatabase({ databaseUrl: BENCH.url });
      const app = await benchApp(db, { signedIn });
      queries = [];
      const capture = (q: { sql: string; bindings?: unknown[] }) => {
        if (/"orders"|orders\./.test(q.sql)) queries.push(q);
      };
      db.on('query', capture);
      const started = performance.now();
      const answer = await app.client.get(call);
      const ms = performance.now() - started;
      db.off('query', capture);
      if (answer.status !== 200) throw new Error(`${call}: ${answer.status} ${JSON.stringify(answer.body)}`);
      if (i > 0) times.push(ms);
      if (i === BENCH.runs) {
        for (const q of queries) {
          const sql = inlineBindings(db, q);
          plans.push(planSection(label, sql, await explain(db, sql)));
        }
      }
      await app.stop();
      await db.destroy();
    }
    lines.push(`| ${label} | ${median(times).toFixed(1)} |`);
    console.log(`${label.padEnd(44)} ${median(times).toFixed(1).padStart(8)} ms`);
  }
  lines.push('', 'A public answer is computed at most once a minute per server (then served from memory).');
  writeResults('monitoring', lines, plans);
}

run(main);
