/**
 * Webhook benchmark (docs/webhooks.md): the order list's bulk edit of BULK (default 10,000) open
 * orders over HTTP, RUNS times without any webhook and RUNS times with one that hears of
 * `order.updated` (its trigger then queues one delivery per order in the edit's transaction), in
 * turns (the webhook switched off and on between them); then one more edit whose deliveries the
 * real worker (startWebhookWorker, a pass a second) sends to a local receiver, timed from the
 * edit's answer to the receiver's last delivery. Targets: the edit with a webhook no more than
 * 10 % slower than without; every delivery within 60 s.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/webhooks.ts
 *
 * Results go to stdout and bench/results/webhooks.md. The orders get their vehicle types back, and
 * the benchmark's webhook, deliveries and log rows are deleted.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { readConfig } from '../api/src/foundation/config';
import { startWebhookWorker } from '../api/src/webhooks/webhookWorker';
import { BENCH, benchApp, benchDatabase, median, run, spreadOrders, writeResults } from './benchHarness';

const BULK = Number(process.env.BULK ?? 10_000);
const config = readConfig({ SESSION_KEYS: 'bench', PASSWORD_HASH_COST: '12', WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });

/** A receiver as a customer runs one: it answers 200 to each POST and counts them. */
async function startReceiver() {
  let received = 0;
  let lastAt = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      lastAt = performance.now();
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    count: () => received,
    lastAt: () => lastAt,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

async function main() {
  const { db, total, version } = await benchDatabase();
  const app = await benchApp(db, { config });
  const receiver = await startReceiver();
  const types: number[] = await db('vehicleTypes').whereNull('deletedAt').where({ status: 'active' }).orderBy('id').limit(2).pluck('id');
  const orders = await spreadOrders(db, BULK);
  if (orders.length < BULK) throw new Error(`only ${orders.length} open orders to edit, ${BULK} wanted`);
  const ids = orders.map((order) => order.id);
  const started = new Date();
  let edits = 0;
  /** One bulk edit setting the other vehicle type than the last: every order changes. Its time in ms. */
  const bulkEdit = async () => {
    edits += 1;
    const begun = performance.now();
    const answer = await app.client.post('/api/orders/bulk-edit', { ids, changes: { vehicleTypeId: types[edits % 2] } });
    const ms = performance.now() - begun;
    if (answer.status !== 200 || answer.body.updated !== BULK) throw new Error(`bulk edit: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return ms;
  };
  /**
   * The edits without and with the webhook, taken in turns (it is switched off and on between them):
   * a background cost that grows over the runs (autovacuum of the edited orders and their log) falls
   * on both alike, not on whichever came second. One warm-up each first.
   */
  const inTurns = async (hook: number) => {
    const times = { without: [] as number[], with: [] as number[] };
    for (let i = 0; i <= BENCH.runs; i += 1) {
      for (const active of [false, true]) {
        await db('webhooks').where({ id: hook }).update({ active });
        const ms = await bulkEdit();
        if (i > 0) times[active ? 'with' : 'without'].push(ms);
      }
    }
    return times;
  };
  let webhookId: number | undefined;
  const lines = ['# Webhook benchmark', '', `POST /api/orders/bulk-edit of ${BULK.toLocaleString('en')} open orders against `
    + `${total.toLocaleString('en')} orders, PostgreSQL ${version}, over HTTP; median of ${BENCH.runs} runs of each after one warm-up, taken in turns; `
    + `${started.toISOString().slice(0, 10)}.`, '', '| measure | figure | target |', '|---|---|---|'];
  try {
    // All on the first type, so that each edit after changes every order.
    await app.client.post('/api/orders/bulk-edit', { ids, changes: { vehicleTypeId: types[0] } });
    const made = await app.client.post('/api/webhooks', { url: receiver.url, events: ['order.updated'] });
    if (made.status !== 201) throw new Error(`webhook: ${made.status} ${JSON.stringify(made.body)}`);
    webhookId = made.body.id as number;
    const times = await inTurns(webhookId);
    const [without, withHook] = [median(times.without), median(times.with)];
    await db('webhookDeliveries').where({ webhookId }).delete();
    const slower = (withHook / without - 1) * 100;
    lines.push(`| bulk edit, no webhook | ${without.toFixed(0)} ms | |`,
      `| bulk edit, one webhook (${BULK.toLocaleString('en')} deliveries queued) | ${withHook.toFixed(0)} ms (${slower >= 0 ? '+' : ''}${slower.toFixed(1)} %) `
      + `| ≤ +10 % ${slower <= 10 ? 'met' : 'MISSED'} |`);
    console.log(`bulk edit: ${without.toFixed(0)} ms without, ${withHook.toFixed(0)} ms with a webhook (${slower.toFixed(1)} %)`);

    await bulkEdit();
    const edited = performance.now();
    const worker = startWebhookWorker(db, config);
    while (receiver.count() < BULK && performance.now() - edited < 300_000) await new Promise((resolve) => setTimeout(resolve, 100));
    worker.stop();
    while (worker.isBusy()) await new Promise((resolve) => setTimeout(resolve, 50));
    const deliveredMs = receiver.lastAt() - edited;
    const delivered = await db('webhookDeliveries').where({ webhookId, status: 'delivered' }).count({ n: '*' }).first();
    lines.push(`| ${BULK.toLocaleString('en')} deliveries sent by the worker to a local receiver | ${(deliveredMs / 1000).toFixed(1)} s `
      + `(${Math.round(BULK / (deliveredMs / 1000))} a second; ${receiver.count()} received, ${delivered?.n} marked delivered) `
      + `| ≤ 60 s ${deliveredMs <= 60_000 && receiver.count() === BULK ? 'met' : 'MISSED'} |`);
    console.log(`delivered ${receiver.count()} in ${(deliveredMs / 1000).toFixed(1)} s`);
  } finally {
    if (webhookId !== undefined) await db('webhooks').where({ id: webhookId }).delete();
    await db.raw(`update orders o set vehicle_type_id = r.vehicle_type_id
      from jsonb_to_recordset(?::jsonb) as r(id integer, vehicle_type_id integer) where o.id = r.id`,
    [JSON.stringify(orders.map((order) => ({ id: order.id, vehicle_type_id: order.vehicleTypeId })))]);
    await db('activityLogs').where('at', '>=', started).whereIn('action', ['bulk_edit', 'create']).delete();
    await receiver.close();
    await app.stop();
    await db.destroy();
  }
  lines.push('', `Run on ${os.cpus().length} cores, the app, the worker, the receiver and PostgreSQL on one machine `
    + `(load average ${os.loadavg()[0].toFixed(1)} at the end).`);
  writeResults('webhooks', lines, []);
}

run(main);
