/**
 * Bulk edit benchmark: POST /api/orders/bulk-edit of BULK_SIZES orders (default 200 and 10,000, the
 * batch's cap) over HTTP against the real Koa app, on the benchmark database with ORDERS generated
 * orders (default one million, shared with the other benchmarks), then the undo of each edit
 * (POST /api/actions/:id/undo, through the rules of orders: docs/undo.md). The orders first get one
 * vehicle type; each run sets the other and its undo puts the first back, so that every run and
 * every undo changes every order (a new version, one log row each). Targets, edit and undo alike:
 * 200 ≤ 2 s, 10,000 ≤ 10 s.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/bulkEdit.ts
 *
 * Results go to stdout and bench/results/bulk-edit.md. The orders get their vehicle types back
 * afterwards and the benchmark's log rows are deleted.
 */
import os from 'node:os';
import { BENCH, benchApp, benchDatabase, median, run, spreadOrders, writeResults } from './benchHarness';

const SIZES = (process.env.BULK_SIZES ?? '200,10000').split(',').map(Number);

async function main() {
  const { db, total, version } = await benchDatabase();
  const app = await benchApp(db);
  const types: number[] = await db('vehicleTypes').whereNull('deletedAt').where({ status: 'active' }).orderBy('id').limit(2).pluck('id');
  const started = new Date();
  const lines = ['# Bulk edit benchmark', '', `POST /api/orders/bulk-edit and its undo against ${total.toLocaleString('en')} orders, PostgreSQL `
    + `${version}, over HTTP: the vehicle type of open orders spread over the table, every order changed by each edit and undo; median of `
    + `${BENCH.runs} runs after one warm-up, ${started.toISOString().slice(0, 10)}.`, '',
  '| call | orders | median ms | fastest ms | slowest ms | statements | target |', '|---|---|---|---|---|---|---|'];
  const originals: Array<{ id: number; vehicleTypeId: number | null }> = [];
  try {
    for (const size of SIZES) {
      const orders = await spreadOrders(db, size);
      if (orders.length < size) throw new Error(`only ${orders.length} open orders to edit, ${size} wanted`);
      originals.push(...orders);
      const ids = orders.map((order) => order.id);
      await app.client.post('/api/orders/bulk-edit', { ids, changes: { vehicleTypeId: types[0] } });
      const timed = { edit: [] as number[], undo: [] as number[] };
      const statements = { edit: 0, undo: 0 };
      const call = async (kind: 'edit' | 'undo', path: string, body: object | undefined, warm: boolean) => {
        let counted = 0;
        const count = () => { counted += 1; };
        db.on('query', count);
        const begun = performance.now();
        const answer = await app.client.post(path, body);
        const ms = performance.now() - begun;
        db.off('query', count);
        const done = kind === 'edit' ? answer.body.updated : answer.body.undone;
        if (answer.status !== 200 || done !== size) throw new Error(`${kind} ${size}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
        if (!warm) timed[kind].push(ms);
        statements[kind] = counted;
        return answer.body;
      };
      for (let i = 0; i <= BENCH.runs; i += 1) {
        const edit = await call('edit', '/api/orders/bulk-edit', { ids, changes: { vehicleTypeId: types[1] } }, i === 0);
        await call('undo', `/api/actions/${edit.actionId}/undo`, undefined, i === 0);
      }
      const target = size <= 200 ? 2_000 : 10_000;
      for (const kind of ['edit', 'undo'] as const) {
        const times = timed[kind];
        const sorted = [...times].sort((a, b) => a - b);
        lines.push(`| ${kind} | ${size.toLocaleString('en')} | ${median(times).toFixed(0)} | ${sorted[0].toFixed(0)} | ${sorted.at(-1)!.toFixed(0)} `
          + `| ${statements[kind]} | ≤ ${target.toLocaleString('en')} ms ${median(times) <= target ? 'met' : 'MISSED'} |`);
        console.log(`${kind} ${String(size).padStart(6)} orders  median ${median(times).toFixed(0).padStart(6)} ms  (${statements[kind]} statements)`);
      }
    }
  } finally {
    // Each order back to the vehicle type it had (a later size may have changed an earlier one's again).
    const first = new Map<number, number | null>();
    for (const order of originals) if (!first.has(order.id)) first.set(order.id, order.vehicleTypeId);
    if (first.size > 0) {
      await db.raw(`update orders o set vehicle_type_id = r.vehicle_type_id
        from jsonb_to_recordset(?::jsonb) as r(id integer, vehicle_type_id integer) where o.id = r.id`,
      [JSON.stringify([...first].map(([id, vehicleTypeId]) => ({ id, vehicle_type_id: vehicleTypeId })))]);
    }
    await db('activityLogs').whereIn('action', ['bulk_edit', 'undo']).where('at', '>=', started).delete();
    await app.stop();
    await db.destroy();
  }
  lines.push('', 'Statements: every SQL statement of the request (the signed-in user and page check too), the same for '
    + 'every size: the bulk edit\'s locking read, the rules\' reads, one UPDATE and one log INSERT; the undo\'s read of the '
    + 'action, its locking read, \'changed since\', the rules\' reads, one UPDATE and one log INSERT.', '',
  `Run on 2 cores shared with other work (load average ${os.loadavg()[0].toFixed(1)} at the end); the slowest runs are waits for them.`);
  writeResults('bulk-edit', lines, []);
}

run(main);
