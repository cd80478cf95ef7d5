import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import knexFactory, { type Knex } from 'knex';
import { createApp } from '../api/src/app';
import { endLiveStreams } from '../api/src/live/routes';
import { readConfig } from '../api/src/foundation/config';
import { openDatabase } from '../api/src/db/knex';
import { prepareDatabase } from '../api/src/startup';
import { HttpClient, type Answer } from '../test/helpers/httpClient';

/** What every benchmark reads from the environment. */
export const BENCH = {
  url: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench',
  orders: Number(process.env.ORDERS ?? 1_000_000),
  runs: Number(process.env.RUNS ?? 7),
  config: readConfig({ SESSION_KEYS: 'bench', PASSWORD_HASH_COST: '12' }),
};

/** Creates the benchmark database on its server when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const { pathname, href } = new URL(url);
  const admin = knexFactory({ client: 'pg', connection: href.replace(pathname, '/postgres') });
  const name = pathname.slice(1);
  const exists = await admin.raw('select 1 from pg_database where datname = ?', [name]);
  if (exists.rows.length === 0) await admin.raw(`create database "${name}"`);
  await admin.destroy();
}

/**
 * Orders spread over the demo master data, statuses and the last two years, by set-based SQL,
 * up to `count` orders (the benchmarks share the database, so the first one pays). Their DN
 * numbers start with DNB, apart from the demo orders' (unique among live orders).
 */
export async function fillOrders(db: Knex, count: number): Promise<number> {
  const have = Number((await db('orders').count({ n: '*' }))[0].n);
  if (have >= count) return have;
  console.log(`Generating ${count - have} orders...`);
  const started = Date.now();
  await db.raw(`
    insert into orders (mtm_number, dn_number, supplier_id, pickup_warehouse_id, vehicle_type_id, delivery_area_id,
      assigned_user_id, pickup_date, mos_date, status, completion_date, base_purchase_price, base_sale_price,
      created_at, updated_at)
    select 'MTM' || lpad(g::text, 8, '0'), 'DNB' || lpad((g::bigint * 7919 % 100000000)::text, 8, '0'),
      (select array_agg(id) from suppliers)[1 + g % 5], (select array_agg(id) from warehouses)[1 + g % 4],
      (select array_agg(id) from vehicle_types)[1 + g % 4], (select array_agg(id) from delivery_areas)[1 + g % 6],
      (select array_agg(id) from users)[1 + g % 6],
      d::date, (d + interval '5 days')::date,
      (array['booking_received','awaiting_supplier_confirmation','awaiting_receiver_confirmation',
        'awaiting_vehicle_departure','vehicle_arrived_warehouse','in_transit','awaiting_delivery',
        'awaiting_pod_upload','completed','completed','completed','completed','cancelled'])[1 + g % 13],
      case when g % 13 between 8 and 11 then d + interval '6 days' end,
      case when g % 3 > 0 then 100 + g % 900 end, case when g % 3 > 0 then 150 + g % 1200 end,
      d, d
    from generate_series(?::int + 1, ?::int) g, lateral (select now() - (g % 730) * interval '1 day' as d) t`,
  [have, count]);
  // As autovacuum leaves a table after inserts: statistics, and the visibility map index-only scans need.
  await db.raw('vacuum analyze orders');
  console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return count;
}

/** The SQL of a knex query event with its values put in as literals (the pg dialect reports $n), for EXPLAIN. */
export const inlineBindings = (db: Knex, q: { sql: string; bindings?: unknown[] }): string =>
  q.sql.replace(/\$(\d+)/g, (_m, n: string) => db.raw('?', [(q.bindings ?? [])[Number(n) - 1] as Knex.Value]).toString());

/** The median of the timings of one call. */
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The benchmark database, made and filled with BENCH.orders orders when it is not yet. */
export async function benchDatabase(): Promise<{ db: Knex; total: number; version: string }> {
  await ensureDatabase(BENCH.url);
  const db = openDatabase({ databaseUrl: BENCH.url });
  await prepareDatabase(db, BENCH.config, { demo: true });
  const total = await fillOrders(db, BENCH.orders);
  return { db, total, version: (await db.raw('show server_version')).rows[0].server_version };
}

/** `count` open orders spread over the whole table (not the newest alone), with their vehicle types now. */
export async function spreadOrders(db: Knex, count: number): Promise<Array<{ id: number; vehicleTypeId: number | null }>> {
  const [{ max }] = await db('orders').max({ max: 'id' });
  const step = Math.max(1, Math.floor(Number(max) / (count * 2)));
  return db('orders').whereNull('deletedAt').whereNotIn('status', ['completed', 'cancelled'])
    .whereRaw('id % ? = 0', [step]).orderBy('id').limit(count).select('id', 'vehicleTypeId');
}

/** The real Koa app on `db`, listening on a free port, with a client (signed in as the demo admin when asked). */
export async function benchApp(db: Knex, { signedIn = true, config = BENCH.config } = {}) {
  const server = createApp(db, config).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const client = new HttpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  if (signedIn) await client.login('admin', 'demo1234');
  return { client, stop: () => new Promise<void>((resolve) => {
    endLiveStreams(db);
    server.close(() => resolve());
  }) };
}

/** One call made once to warm up, then `runs` times: its times in ms and the last answer (a 200, or it throws). */
export async function timeCalls(client: HttpClient, call: string, runs = BENCH.runs): Promise<{ times: number[]; answer: Answer }> {
  await client.get(call);
  const times: number[] = [];
  let answer: Answer | undefined;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    answer = await client.get(call);
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`${call}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return { times, answer: answer! };
}

/** EXPLAIN ANALYZE of a statement, inside a transaction rolled back afterwards (an INSERT is run by it). */
export async function explain(db: Knex, sql: string, settings?: string): Promise<string[]> {
  const trx = await db.transaction();
  try {
    if (settings) await trx.raw(settings);
    return (await trx.raw(`explain (analyze, format text) ${sql}`)).rows.map((r: Record<string, string>) => Object.values(r)[0]);
  } finally {
    await trx.rollback();
  }
}

/** A query plan as a section of the results file. */
export const planSection = (label: string, sql: string, plan: string[]) => `## ${label}\n\n\`\`\`\n${sql}\n\n${plan.join('\n')}\n\`\`\`\n`;

/** Writes bench/results/<name>.md: the table lines, then the query plans. */
export function writeResults(name: string, lines: string[], plans: string[]): void {
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  const planText = plans.length > 0 ? `\n\n# Query plans\n\n${plans.join('\n')}` : '\n';
  fs.writeFileSync(path.join(__dirname, `results/${name}.md`), `${lines.join('\n')}${planText}`);
}

/** Runs a benchmark's main, exiting 1 with the error printed when it fails. */
export function run(main: () => Promise<void>): void {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
