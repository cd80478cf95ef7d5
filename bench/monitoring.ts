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
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createApp } from '../api/src/app';
import { readConfig } from '../api/src/config';
import { openDatabase } from '../api/src/db/knex';
import { prepareDatabase } from '../api/src/db/prepare';
import { HttpClient } from '../test/helpers/httpClient';
import { ensureDatabase, fillOrders, inlineBindings, median } from './benchDatabase';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 5);
const config = readConfig({ SESSION_KEYS: 'bench', PASSWORD_HASH_COST: '12' });

/**
 * The app on its own database handle: the public answers are cached per handle, so a fresh one
 * times the computation, not the cache.
 */
async function startApp() {
  const db = openDatabase({ databaseUrl: url });
  const server = createApp(db, config).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const client = new HttpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return { db, client, stop: async () => { server.close(); await db.destroy(); } };
}


async function main() {
  await ensureDatabase(url);
  const setup = openDatabase({ databaseUrl: url });
  await prepareDatabase(setup, config, { demo: true });
  const total = await fillOrders(setup, ORDERS);
  const area = (await setup('deliveryAreas').orderBy('id').first('id')).id as number;
  const version = (await setup.raw('show server_version')).rows[0].server_version;
  await setup.destroy();

  const cases: Array<[string, string, boolean]> = [
    ['delay counts per area', '/api/process-monitoring', true],
    ['delayed orders, all areas (25 rows)', '/api/process-monitoring/orders?kind=delayed', true],
    ['pulling-out delay, one area (25 rows)', `/api/process-monitoring/orders?kind=pulling_out&deliveryAreaId=${area}`, true],
    ['MOS delay, one area, page 100', `/api/process-monitoring/orders?kind=mos&deliveryAreaId=${area}&offset=2475`, true],
    ...['overview', 'order-status', 'suppliers', 'logistics', 'analytics', 'trend']
      .map((name): [string, string, boolean] => [`public ${name} (computed)`, `/api/public/monitoring/${name}`, false]),
  ];
  const lines = ['# Monitoring benchmark', '', `${total.toLocaleString('en')} orders, PostgreSQL ${version}, median of ${RUNS} runs `
    + `over HTTP (after one warm-up), each on a fresh app so the public cache is empty, ${new Date().toISOString().slice(0, 10)}.`, '',
  '| call | median ms |', '|---|---|'];
  const plans: string[] = [];
  for (const [label, call, signedIn] of cases) {
    const times: number[] = [];
    let queries: Array<{ sql: string; bindings?: unknown[] }> = [];
    for (let i = 0; i <= RUNS; i += 1) {
      const app = await startApp();
      if (signedIn) await app.client.login('admin', 'demo1234');
      queries = [];
      const capture = (q: { sql: string; bindings?: unknown[] }) => {
        if (/"orders"|orders\./.test(q.sql)) queries.push(q);
      };
      app.db.on('query', capture);
      const started = performance.now();
      const answer = await app.client.get(call);
      const ms = performance.now() - started;
      app.db.off('query', capture);
      if (answer.status !== 200) throw new Error(`${call}: ${answer.status} ${JSON.stringify(answer.body)}`);
      if (i > 0) times.push(ms);
      if (i === RUNS) {
        for (const q of queries) {
          const sql = inlineBindings(app.db, q);
          const plan = (await app.db.raw(`explain (analyze, format text) ${sql}`)).rows
            .map((r: Record<string, string>) => Object.values(r)[0]);
          plans.push(`## ${label}\n\n\`\`\`\n${sql}\n\n${plan.join('\n')}\n\`\`\`\n`);
        }
      }
      await app.stop();
    }
    lines.push(`| ${label} | ${median(times).toFixed(1)} |`);
    console.log(`${label.padEnd(44)} ${median(times).toFixed(1).padStart(8)} ms`);
  }
  lines.push('', 'A public answer is computed at most once a minute per server (then served from memory).');
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'results/monitoring.md'), `${lines.join('\n')}\n\n# Query plans\n\n${plans.join('\n')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
