/**
 * "Apply rate cards" benchmark (#24): APPLY_ORDERS unpriced completed orders (default 10,000, a
 * batch's limit) priced by their cards over HTTP against the real Koa app, on the benchmark database
 * with ORDERS generated orders (default one million, shared with the other benchmarks). Target:
 * ≤ 10 s. Times the preview and the apply, by ids and by a pricing filter (median of RUNS, each on
 * orders made unpriced again first).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/rateCards.ts
 *
 * The chosen orders move to a supplier of the benchmark's own with one card; their supplier and
 * prices are put back afterwards. Results go to stdout and bench/results/rate-cards.md.
 */
import { BENCH, benchApp, benchDatabase, median, run, writeResults } from './benchHarness';

const COUNT = Number(process.env.APPLY_ORDERS ?? 10_000);
const RUNS = Math.min(BENCH.runs, 5);

async function main() {
  const { db, total, version } = await benchDatabase();
  const app = await benchApp(db);
  await db.raw('drop table if exists bench_rate_card_orders');
  await db.raw(`create table bench_rate_card_orders as select id, supplier_id, base_purchase_price, base_sale_price, rate_card_id
    from orders where status = 'completed' and deleted_at is null order by id limit ?`, [COUNT]);
  const supplier = (await app.client.post('/api/suppliers', { name: `BENCH 运价卡 ${Date.now()}`, shortName: null,
    contactPerson: '测试', contactPhone: '+86 21 1234 5678', contactEmail: 'bench@example.com', address: '上海' })).body;
  if (!supplier.id) throw new Error(`supplier: ${JSON.stringify(supplier)}`);
  const card = await app.client.post('/api/rate-cards', { name: 'BENCH card', supplierId: supplier.id, validFrom: '2000-01-01',
    basePurchasePrice: '100.00', haulingBuyPrice: '10.00', baseSalePrice: '130.00', haulingSalePrice: '15.00' });
  if (card.status !== 201) throw new Error(`card: ${card.status} ${JSON.stringify(card.body)}`);
  const ids: number[] = (await db('bench_rate_card_orders').pluck('id')).map(Number);
  const unpriced = () => db.raw(`update orders o set supplier_id = ?, base_purchase_price = null, hauling_buy_price = null,
    base_sale_price = null, hauling_sale_price = null, rate_card_id = null from bench_rate_card_orders b where o.id = b.id`, [supplier.id]);

  const timed = async (label: string, body: object, preview: boolean) => {
    const times: number[] = [];
    for (let i = 0; i <= RUNS; i += 1) {
      await unpriced();
      const started = performance.now();
      const answer = await app.client.post('/api/rate-cards/apply', { ...body, preview });
      const ms = performance.now() - started;
      if (answer.status !== 200 || answer.body.priced !== COUNT) throw new Error(`${label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      if (i > 0) times.push(ms);
    }
    console.log(`${label.padEnd(28)} ${median(times).toFixed(0).padStart(6)} ms`);
    return `| ${label} | ${median(times).toFixed(0)} | ${Math.min(...times).toFixed(0)} | ${Math.max(...times).toFixed(0)} |`;
  };

  const lines = ['# Rate-card apply benchmark', '', `${COUNT.toLocaleString('en')} unpriced completed orders priced by one card, among `
    + `${total.toLocaleString('en')} orders, PostgreSQL ${version}, over HTTP; median of ${RUNS} runs after one warm-up, each on `
    + `orders made unpriced again, ${new Date().toISOString().slice(0, 10)}. Target: apply ≤ 10 s.`, '',
  '| call | median ms | min | max |', '|---|---|---|---|'];
  try {
    lines.push(await timed('preview, by ids', { ids }, true));
    lines.push(await timed('apply, by ids', { ids }, false));
    lines.push(await timed('preview, by filter', { filter: { supplierId: supplier.id } }, true));
    lines.push(await timed('apply, by filter', { filter: { supplierId: supplier.id } }, false));
  } finally {
    await db.raw(`update orders o set supplier_id = b.supplier_id, base_purchase_price = b.base_purchase_price,
      base_sale_price = b.base_sale_price, hauling_buy_price = null, hauling_sale_price = null, rate_card_id = b.rate_card_id
      from bench_rate_card_orders b where o.id = b.id`);
    await db.raw('drop table bench_rate_card_orders');
    await db('activityLogs').where({ action: 'rate_card_apply' }).whereIn('entityId', ids.map(String)).delete();
    await app.stop();
    await db.destroy();
  }
  writeResults('rate-cards', lines, []);
}

run(main);
