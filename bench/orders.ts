/**
 * Order-list benchmark: fills a PostgreSQL database with ORDERS generated orders (default one
 * million), then times the API's list calls (default list, each filter, number search, a deep
 * page, the CSV export) over HTTP against the real Koa app and prints the plan of each query.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/orders.ts
 *
 * Results go to stdout and bench/results/orders.md.
 */
import {
  BENCH, benchApp, benchDatabase, explain, inlineBindings, median, planSection, run, timeCalls, writeResults,
} from './benchHarness';

const CASES: Array<[string, string]> = [
  ['default list (newest first, 25 rows)', '/api/orders?range=[0,24]'],
  ['status filter (2 statuses)', `/api/orders?range=[0,24]&filter=${encodeURIComponent('{"status":["in_transit","awaiting_delivery"]}')}`],
  ['supplier filter', `/api/orders?range=[0,24]&filter=${encodeURIComponent('{"supplierId":2}')}`],
  ['delivery area + pickup date range', `/api/orders?range=[0,24]&filter=${encodeURIComponent('{"deliveryAreaId":3,"pickupDate_gte":"2026-01-01","pickupDate_lte":"2026-01-31"}')}`],
  ['completion date range', `/api/orders?range=[0,24]&filter=${encodeURIComponent('{"completionDate_gte":"2026-06-01","completionDate_lte":"2026-06-07"}')}`],
  ['delayed', `/api/orders?range=[0,24]&filter=${encodeURIComponent('{"delayed":true}')}`],
  ['number search, prefix (q=MTM0012345)', `/api/orders?range=[0,24]&filter=${encodeURIComponent('{"q":"MTM0012345"}')}`],
  ['number search, contains (q=345678)', `/api/orders?range=[0,24]&filter=${encodeURIComponent('{"q":"345678"}')}`],
  ['sort by pickup date', `/api/orders?range=[0,24]&sort=${encodeURIComponent('["pickupDate","DESC"]')}`],
  ['page 400 (offset 10 000)', '/api/orders?range=[10000,10024]'],
];


async function main() {
  const { db, total, version } = await benchDatabase();
  const { client, stop } = await benchApp(db);

  let lastList = '';
  db.on('query', (q: { sql: string; bindings?: unknown[] }) => {
    if (!/from "orders"/.test(q.sql) || !/order by/.test(q.sql)) return;
    lastList = inlineBindings(db, q);
  });

  const lines = [`# Order list benchmark`, '', `${total.toLocaleString('en')} orders, PostgreSQL ${version}, `
    + `median of ${BENCH.runs} runs over HTTP (after one warm-up), ${new Date().toISOString().slice(0, 10)}.`, '',
    '| call | median ms | total header | plan (top node) |', '|---|---|---|---|'];
  const plans: string[] = [];
  for (const [label, call] of CASES) {
    const { times, answer } = await timeCalls(client, call);
    const range = `${answer.headers.get('content-range')}${answer.headers.get('x-total-estimated') ? ' (est.)' : ''}`;
    const plan = await explain(db, lastList);
    plans.push(planSection(label, lastList, plan));
    lines.push(`| ${label} | ${median(times).toFixed(1)} | ${range} | ${plan[0].trim().split('  (')[0]} |`);
    console.log(`${label.padEnd(42)} ${median(times).toFixed(1).padStart(8)} ms  ${range}`);
  }
  const started = performance.now();
  const csv = await fetch(`${client.baseUrl}/api/orders/export.csv?filter=${encodeURIComponent('{"supplierId":2}')}`, { headers: { cookie: client.cookieHeader } });
  const bytes = (await csv.arrayBuffer()).byteLength;
  const exportMs = performance.now() - started;
  lines.push('', `CSV export of one supplier's orders: ${(bytes / 1e6).toFixed(1)} MB in ${(exportMs / 1000).toFixed(1)} s.`);
  console.log(`CSV export (supplier 2): ${(bytes / 1e6).toFixed(1)} MB in ${(exportMs / 1000).toFixed(1)} s`);

  writeResults('orders', lines, plans);
  await stop();
  await db.destroy();
}

run(main);
