/**
 * Order import benchmark: a file of IMPORT_ROWS orders (default 10,000, the import's limit), as
 * CSV and as .xlsx, previewed and imported over HTTP against the real Koa app, on the benchmark
 * database with ORDERS generated orders (default one million, shared with the other benchmarks):
 * the DN numbers are checked against all of them. Targets: preview ≤ 5 s, import ≤ 10 s.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/orderImport.ts
 *
 * Results go to stdout and bench/results/import.md. The imported orders are deleted afterwards.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Knex } from 'knex';
import { BENCH, benchApp, benchDatabase, median, run, writeResults } from './benchHarness';

const ROWS = Number(process.env.IMPORT_ROWS ?? 10_000);
const CN_HEADER = ['MTM 号', 'DN 号', '供应商', '提货仓库', '车型', '配送区域', '负责人', '提货日期', 'MOS 日期', '备注'];

/** The rows of a file whose orders name the demo master data by code, name and username, each DN number new. */
async function fileRows(db: Knex, prefix: string): Promise<string[][]> {
  const names = async (table: string, column: string) => (await db(table).whereNull('deletedAt').where({ status: 'active' })
    .orderBy('id').pluck(column)) as string[];
  const [suppliers, warehouses, vehicleTypes, areas, users] = await Promise.all([names('suppliers', 'name'),
    names('warehouses', 'code'), names('vehicleTypes', 'name'), names('deliveryAreas', 'code'), names('users', 'username')]);
  return Array.from({ length: ROWS }, (_, n) => [`MTM-${prefix}-${n}`, `${prefix}-${n}`, suppliers[n % suppliers.length],
    warehouses[n % warehouses.length], vehicleTypes[n % vehicleTypes.length], areas[n % areas.length], users[n % users.length],
    `2026-12-${String(1 + (n % 28)).padStart(2, '0')}`, '2026/12/30', n % 3 === 0 ? `备注 ${n}，轻放` : '']);
}

const csvFile = (rows: string[][]) => Buffer.from(`\uFEFF${Papa.unparse([CN_HEADER, ...rows])}`);

async function xlsxFile(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('订单');
  sheet.addRow(CN_HEADER);
  for (const row of rows) sheet.addRow(row.map((cell, i) => (i === 7 ? new Date(`${cell}T00:00:00Z`) : cell)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function main() {
  const { db, total, version } = await benchDatabase();
  const app = await benchApp(db);
  const send = async (file: Buffer, name: string, expect?: number) => {
    const form = new FormData();
    form.append('dryRun', String(expect === undefined));
    if (expect !== undefined) form.append('expect', String(expect));
    form.append('file', new Blob([new Uint8Array(file)]), name);
    const started = performance.now();
    const answer = await app.client.post('/api/orders/import', form);
    const ms = performance.now() - started;
    if (answer.status !== (expect === undefined ? 200 : 201) || answer.body.valid !== ROWS) {
      throw new Error(`${name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
    }
    return ms;
  };

  const lines = ['# Order import benchmark', '', `${ROWS.toLocaleString('en')} rows a file against ${total.toLocaleString('en')} orders, `
    + `PostgreSQL ${version}, over HTTP; preview: median of ${BENCH.runs} runs after one warm-up; import: median of 3, each of `
    + `new DN numbers, ${new Date().toISOString().slice(0, 10)}.`, '', '| file | size | preview ms | import ms |', '|---|---|---|---|'];
  const prefix = `IMPB${Date.now().toString(36)}`;
  try {
    for (const format of ['csv', 'xlsx'] as const) {
      const make = async (tag: string) => {
        const rows = await fileRows(db, `${prefix}${format}${tag}`);
        return format === 'csv' ? csvFile(rows) : xlsxFile(rows);
      };
      const file = await make('p');
      const previews: number[] = [];
      for (let i = 0; i <= BENCH.runs; i += 1) {
        const ms = await send(file, `orders.${format}`);
        if (i > 0) previews.push(ms);
      }
      const imports: number[] = [];
      for (let i = 0; i < 3; i += 1) imports.push(await send(await make(String(i)), `orders.${format}`, ROWS));
      const size = `${(file.length / 2 ** 20).toFixed(2)} MB`;
      lines.push(`| ${format} | ${size} | ${median(previews).toFixed(0)} | ${median(imports).toFixed(0)} |`);
      console.log(`${format.padEnd(6)} ${size.padStart(9)}  preview ${median(previews).toFixed(0).padStart(6)} ms  import ${median(imports).toFixed(0).padStart(6)} ms`);
    }
  } finally {
    await db('orders').where('dnNumber', 'like', `${prefix}%`).delete();
    await app.stop();
    await db.destroy();
  }
  writeResults('import', lines, []);
}

run(main);
