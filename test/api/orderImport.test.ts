import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { MAX_IMPORT_ROWS } from '@kernel/orders/orderImport';
import { personName } from '@kernel/users/personName';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { createOrderReferences, placeIn, type OrderReferences } from '../helpers/orderReferences';
import { createOrder } from '../helpers/orders';
import { useSignedInApp } from '../helpers/testApp';
import { zipOf } from '../helpers/zipFile';

const { app, admin } = useSignedInApp({ admin: 'admin' });
let refs: OrderReferences;
let leaderName: string;

const EN_HEADER = ['MTM number', 'DN number', 'Supplier', 'Pickup warehouse', 'Vehicle type', 'Delivery area',
  'Assigned user', 'Pickup date', 'MOS date', 'Notes'];
const CN_HEADER = ['MTM 号', 'DN 号', '供应商', '提货仓库', '车型', '配送区域', '负责人', '提货日期', 'MOS 日期', '备注'];

const csv = (rows: Array<Array<string | number>>, bom = true) => Buffer.from(`${bom ? '\uFEFF' : ''}${Papa.unparse(rows)}`);

/** POST /api/orders/import as a browser's form sends it. */
function send(client: HttpClient, content: Buffer, fields: Record<string, string> = { dryRun: 'true' }, name = 'orders.csv') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(content)]), name);
  return client.post('/api/orders/import', form);
}
const preview = (client: HttpClient, content: Buffer) => send(client, content);

/** POST /api/orders/import/errors.<format>: the answer's status, type and bytes. */
async function errorFile(content: Buffer, format: 'csv' | 'xlsx', locale: 'cn' | 'en') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), 'orders.csv');
  const answer = await fetch(`${app.url}/api/orders/import/errors.${format}?locale=${locale}`,
    { method: 'POST', body: form, headers: { cookie: admin.cookieHeader } });
  return { status: answer.status, type: answer.headers.get('content-type'), bytes: Buffer.from(await answer.arrayBuffer()) };
}
const FORMATS = '2026-11-27, 2026/11/27, 2026.11.27, 2026年11月27日';
const commit = (client: HttpClient, content: Buffer, expect: number) => send(client, content, { dryRun: 'false', expect: String(expect) });

const counts = async () => ({
  orders: Number((await app.db('orders').count({ n: '*' }))[0].n),
  logs: Number((await app.db('activityLogs').count({ n: '*' }))[0].n),
});

/** A row of the English header's columns, valid unless changed. */
const row = (dn: string, change: Partial<Record<string, string>> = {}) => {
  const values: Record<string, string> = { 'MTM number': `MTM-${dn}`, 'DN number': dn, Supplier: 'Carrier One',
    'Pickup warehouse': 'W1', 'Vehicle type': '5 t truck', 'Delivery area': 'own', 'Assigned user': 'team_leader',
    'Pickup date': '2026-11-20', 'MOS date': '2026/11/25', Notes: '', ...change };
  return EN_HEADER.map((column) => values[column]);
};

beforeAll(async () => {
  refs = await createOrderReferences(app, admin);
  leaderName = personName(await app.db('users').where({ username: 'team_leader' }).first());
});

describe('order import: preview and import', () => {
  it('previews a Chinese-headed CSV without writing anything, then creates its rows with one log row each', async () => {
    const file = csv([CN_HEADER,
      ['M-1', 'CN-1', 'carrier one', 'Main DC', 'T5', 'OWN', leaderName, '2026-11-20', '2026-11-25', '第一行'],
      ['M-2', 'CN-2', '', 'ｗ１', '', 'Dispatcher area', 'TEAM_LEADER', '2026年11月21日', '2026.11.26', ''],
      ['M-3', 'CN-3', '', 'w1', '', 'own', 'team_leader', '2026-11-22 00:00', '2026-11-27', "'=not a formula"]]);
    const before = await counts();
    const checked = await preview(admin, file);
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ format: 'csv', rows: 3, valid: 3, invalid: 0, errorCount: 0, errors: [] });
    expect(checked.body.columns.map((c: { field: string }) => c.field)).toEqual(['mtmNumber', 'dnNumber', 'supplierId',
      'pickupWarehouseId', 'vehicleTypeId', 'deliveryAreaId', 'assignedUserId', 'pickupDate', 'mosDate', 'notes']);
    expect(checked.body.sample[1]).toEqual({ row: 3, values: { mtmNumber: 'M-2', dnNumber: 'CN-2', pickupWarehouseId: 'Main DC',
      deliveryAreaId: 'Dispatcher area', assignedUserId: leaderName, pickupDate: '2026-11-21', mosDate: '2026-11-26' } });
    expect(await counts()).toEqual(before);

    const done = await commit(admin, file, 3);
    expect(done.status).toBe(201);
    expect(done.body.created).toBe(3);
    const orders = await app.db('orders').whereIn('dnNumber', ['CN-1', 'CN-2', 'CN-3']).orderBy('dnNumber');
    expect(orders.map((o) => [o.mtmNumber, o.supplierId, o.pickupWarehouseId, o.vehicleTypeId, o.deliveryAreaId, o.notes, o.status]))
      .toEqual([['M-1', refs.supplier, refs.warehouse, refs.vehicleType, refs.ownArea, '第一行', 'booking_received'],
        ['M-2', null, refs.warehouse, null, refs.ownArea, null, 'booking_received'],
        ['M-3', null, refs.warehouse, null, refs.ownArea, '=not a formula', 'booking_received']]);
    const adminId = (await app.db('users').where({ username: 'admin' }).first()).id;
    expect(orders.every((o) => o.createdBy === adminId)).toBe(true);
    const logs = await app.db('activityLogs').where({ action: 'import', entityType: 'order' })
      .whereIn('entityId', orders.map((o) => String(o.id)));
    expect(logs).toHaveLength(3);
    expect(logs.find((l) => l.entityId === String(orders[0].id))!.changes.dnNumber).toEqual({ before: null, after: 'CN-1' });
    const events = await app.db('orderEvents').whereIn('orderId', orders.map((o) => o.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual(Array(3).fill([null, 'booking_received']));
    expect(await counts()).toEqual({ orders: before.orders + 3, logs: before.logs + 3 });
  });

  it('says every rule\'s error at its row and column, in the form\'s words, and imports only the rest', async () => {
    await admin.create('/api/warehouses', { code: 'TW1', name: 'Twin' });
    await admin.create('/api/warehouses', { code: 'TW2', name: 'Twin' });
    await createOrder(admin, { ...placeIn(refs), dnNumber: 'TAKEN-1' });
    const file = csv([EN_HEADER,
      row('E-OK'), // row 2
      row('E-3', { 'MTM number': '' }),
      row(''),
      row('E-5', { 'Pickup warehouse': '' }),
      row('E-6', { 'Pickup warehouse': 'Nowhere' }),
      row('E-7', { 'Pickup warehouse': 'twin' }),
      row('E-8', { 'Delivery area': '' }),
      row('E-9', { 'Assigned user': '' }),
      row('E-10', { 'Pickup date': '' }),
      row('E-11', { 'MOS date': '' }),
      row('E-12', { 'Pickup date': 'tomorrow' }),
      row('E-13', { 'MOS date': '2026-02-30' }),
      row('E-14', { Notes: 'x'.repeat(2001) }),
      row('E-15', { 'MTM number': 'M'.repeat(51) }),
      row('E-16', { Notes: '=HYPERLINK("http://x")' }),
      row('E-OK'), // row 17: the DN of row 2 again
      row('TAKEN-1'),
      row('E-19', { Supplier: 'No such carrier', 'Vehicle type': '7 t' }),
      ['', '', '', '', '', '', '', '', '', ''], // blank: skipped, still counted as a row of the sheet
      row('E-21')]);
    const before = await counts();
    const checked = await preview(admin, file);
    expect(checked.status).toBe(200);
    expect(checked.body.errors.map((e: { row: number; field: string; code: string; message: string }) => [e.row, e.field, e.code, e.message]))
      .toEqual([
        [3, 'mtmNumber', 'required', 'MTM number is required'],
        [4, 'dnNumber', 'required', 'DN number is required'],
        [5, 'pickupWarehouseId', 'required', 'Warehouse is required'],
        [6, 'pickupWarehouseId', 'unknown_name', 'No warehouse named "Nowhere"'],
        [7, 'pickupWarehouseId', 'ambiguous', '2 warehouses are named "twin": write the code instead'],
        [8, 'deliveryAreaId', 'required', 'Delivery area is required'],
        [9, 'assignedUserId', 'required', 'Assigned user is required'],
        [10, 'pickupDate', 'required', 'Pickup date is required'],
        [11, 'mosDate', 'required', 'MOS date is required'],
        [12, 'pickupDate', 'invalid_format', `"tomorrow" is not a valid date: write it as ${FORMATS}`],
        [13, 'mosDate', 'invalid_format', `"2026-02-30" is not a valid date: write it as ${FORMATS}`],
        [14, 'notes', 'too_long', expect.any(String)],
        [15, 'mtmNumber', 'too_long', expect.any(String)],
        [16, 'notes', 'formula', 'Formulas are not accepted: enter the value itself'],
        [17, 'dnNumber', 'duplicate', 'The same DN number as row 2'],
        [18, 'dnNumber', 'already_exists', 'An order with this DN number exists already'],
        [19, 'supplierId', 'unknown_name', 'No supplier named "No such carrier"'],
        [19, 'vehicleTypeId', 'unknown_name', 'No vehicle type named "7 t"'],
      ]);
    const paramsAt = (n: number) => checked.body.errors.filter((e: { row: number }) => e.row === n).map((e: { params: unknown }) => e.params);
    expect(paramsAt(6)).toEqual([{ value: 'Nowhere', entity: 'warehouse' }]);
    expect(paramsAt(7)).toEqual([{ value: 'twin', count: 2, entity: 'warehouse' }]);
    expect(paramsAt(12)).toEqual([{ value: 'tomorrow', formats: FORMATS }]);
    expect(paramsAt(13)).toEqual([{ value: '2026-02-30', formats: FORMATS }]);
    expect(paramsAt(19)).toEqual([{ value: 'No such carrier', entity: 'supplier' }, { value: '7 t', entity: 'vehicle_type' }]);
    expect(checked.body.errors.find((e: { row: number }) => e.row === 14).params).toEqual({ max: 2000 });
    expect(checked.body.errors.find((e: { row: number }) => e.row === 17).params).toEqual({ row: 2 });
    expect(checked.body).toMatchObject({ rows: 19, valid: 2, invalid: 17, errorCount: 18 });
    expect(checked.body.sample.map((s: { row: number }) => s.row)).toEqual([2, 21]);

    // The import takes the preview's valid rows only; another count than the preview's changes nothing.
    expect((await commit(admin, file, 3)).body).toMatchObject({ code: 'import_changed', params: { valid: 2, expected: 3 } });
    expect(await counts()).toEqual(before);
    const done = await commit(admin, file, 2);
    expect(done.status).toBe(201);
    expect(await app.db('orders').whereIn('dnNumber', ['E-OK', 'E-21']).orderBy('dnNumber').select('dnNumber')).toEqual([{ dnNumber: 'E-21' }, { dnNumber: 'E-OK' }]);
    expect(await counts()).toEqual({ orders: before.orders + 2, logs: before.logs + 2 });
  });

  it('refuses a file without its required columns, or without rows, naming what lacks', async () => {
    const missing = await preview(admin, csv([['MTM number', 'Notes', 'Whatever'], ['M', 'n', 'x']]));
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'import_columns_missing',
      params: { columns: 'dnNumber, pickupWarehouseId, deliveryAreaId, assignedUserId, pickupDate, mosDate' } });
    expect((await preview(admin, csv([EN_HEADER]))).body.code).toBe('import_empty');
    expect((await preview(admin, Buffer.alloc(0))).body).toMatchObject({ code: 'invalid_input', fields: { file: { code: 'required' } } });
    expect((await send(admin, csv([EN_HEADER, row('X')]), {})).body).toMatchObject({ code: 'invalid_input', fields: { dryRun: { code: 'required' } } });
  });

  it('reads GBK text from older Excel, semicolons, and the export\'s own columns', async () => {
    // "你好" in GBK; the rest is ASCII, alike in every encoding.
    const head = Buffer.from(`${EN_HEADER.join(';')}\r\n${row('GBK-1').slice(0, 9).join(';')};`);
    const checked = await preview(admin, Buffer.concat([head, Buffer.from([0xc4, 0xe3, 0xba, 0xc3]), Buffer.from('\r\n')]));
    expect(checked.status).toBe(200);
    expect(checked.body.sample[0].values.notes).toBe('你好');
  });
});

describe('order import: the rows with errors as a file', () => {
  // Row 2 imports; row 3 has two problems; row 4 a formula; row 5 text that Excel would run, kept as text by its apostrophe.
  const file = () => csv([EN_HEADER,
    row('EF-OK'),
    row('EF-3', { 'Pickup date': '2026-02-30', 'Pickup warehouse': 'Nowhere' }),
    row('EF-4', { Notes: '=HYPERLINK("http://x")' }),
    row('EF-5', { Notes: "'@home", 'MTM number': '' })]);

  it('answers CSV for Excel: BOM, the row and error columns, only the rows with errors, in the chosen language, no formulas', async () => {
    const answer = await errorFile(file(), 'csv', 'cn');
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/csv; charset=utf-8');
    expect([...answer.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = Papa.parse<string[]>(answer.bytes.toString('utf8').slice(1), { skipEmptyLines: true }).data;
    expect(header).toEqual(['行', ...EN_HEADER, '错误']);
    expect(rows.map((cells) => [cells[0], cells[2], cells[10], cells[11]])).toEqual([
      ['3', 'EF-3', '', `提货仓库：没有名为“Nowhere”的仓库；提货日期：“2026-02-30”不是有效日期，可用格式：2026-11-27、2026/11/27、2026.11.27、2026年11月27日`],
      ['4', 'EF-4', `'=HYPERLINK("http://x")`, '备注：不接受公式，请填写数值或文字'],
      ['5', 'EF-5', "'@home", 'MTM 号：MTM 号为必填项'],
    ]);
    expect(rows[0].slice(1, 11)).toEqual(row('EF-3', { 'Pickup date': '2026-02-30', 'Pickup warehouse': 'Nowhere' }));
  });

  it('answers .xlsx in English, which imports again once corrected (the row and error columns left aside)', async () => {
    const answer = await errorFile(file(), 'xlsx', 'en');
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Row', ...EN_HEADER, 'Errors']);
    expect(sheet.rowCount).toBe(4);
    expect(values(2)[11]).toBe(`Pickup warehouse: No warehouse named "Nowhere"; Pickup date: "2026-02-30" is not a valid date: write it as ${FORMATS}`);
    expect(values(3)[10]).toBe('=HYPERLINK("http://x")'); // text, which Excel never runs
    expect(values(4)[11]).toBe('MTM number: MTM number is required');

    sheet.getCell('E2').value = 'W1';
    sheet.getCell('I2').value = '2026-11-20';
    sheet.getCell('K3').value = 'link';
    sheet.getCell('B4').value = 'MTM-EF-5';
    const corrected = await preview(admin, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(corrected.body).toMatchObject({ rows: 3, valid: 3, errorCount: 0 });
    expect(corrected.body.columns.filter((c: { field: string | null }) => c.field === null).map((c: { header: string }) => c.header))
      .toEqual(['Row', 'Errors']);
  });

  it('writes the pickup date of a MOS date before it in the language\'s date style', async () => {
    const early = csv([EN_HEADER, row('EF-MOS', { 'MOS date': '2026-11-18' })]);
    const said = async (locale: 'cn' | 'en') => {
      const [, cells] = Papa.parse<string[]>((await errorFile(early, 'csv', locale)).bytes.toString('utf8').slice(1), { skipEmptyLines: true }).data;
      return cells.at(-1);
    };
    expect(await said('cn')).toBe('MOS 日期：MOS 日期不能早于提货日期（2026年11月20日）');
    expect(await said('en')).toBe('MOS date: The MOS date cannot be before the pickup date (Nov 20, 2026)');
  });

  it('refuses what the preview refuses, for those the preview refuses', async () => {
    expect((await errorFile(Buffer.alloc(0), 'csv', 'cn')).status).toBe(400);
    expect((await errorFile(Buffer.from('89504e470d0a1a0a', 'hex'), 'xlsx', 'cn')).status).toBe(415);
    const biller = await signedInAs(app.url, 'biller');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file())]), 'orders.csv');
    expect((await biller.post('/api/orders/import/errors.csv', form)).status).toBe(403);
  });
});

describe('order import: a round trip through the export', () => {
  it('gives the same fields as the orders exported, as new numbers, from CSV and from .xlsx', async () => {
    const dates = { pickupDate: '2026-10-01', mosDate: '2026-10-09' };
    const originals = [
      await createOrder(admin, { ...placeIn(refs), ...dates, mtmNumber: 'RT-1', dnNumber: 'RT-DN-1',
        supplierId: refs.supplier, vehicleTypeId: refs.vehicleType, notes: '-fragile, "top" side\nup' }),
      await createOrder(admin, { ...placeIn(refs, refs.otherArea), ...dates, mtmNumber: '007', dnNumber: 'RT-DN-2', notes: '中文备注' }),
    ];
    const fields = ['supplierId', 'pickupWarehouseId', 'vehicleTypeId', 'deliveryAreaId', 'assignedUserId', 'pickupDate', 'mosDate', 'notes'];
    const exported = await admin.get(`/api/orders/export.csv?locale=cn&filter=${encodeURIComponent(JSON.stringify({ q: 'RT-DN-' }))}`);
    const table = Papa.parse<string[]>(exported.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    const [header, ...rows] = table;
    const renumber = (prefix: string) => rows.map((cells) => cells.map((cell, i) => (header[i] === 'DN 号' ? `${prefix}${cell}` : cell)));

    const viaCsv = csv([header, ...renumber('CSV-')]);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('x');
    sheet.addRow(header);
    for (const cells of renumber('XLSX-')) {
      // As Excel holds them: dates as dates, the apostrophe as a text mark rather than a character.
      sheet.addRow(cells.map((cell, i) => (['提货日期', 'MOS 日期'].includes(header[i]) ? new Date(`${cell}T00:00:00Z`) : cell.replace(/^'/, ''))));
    }
    const viaXlsx = Buffer.from(await workbook.xlsx.writeBuffer());

    for (const [prefix, file] of [['CSV-', viaCsv], ['XLSX-', viaXlsx]] as const) {
      const checked = await preview(admin, file);
      expect(checked.body).toMatchObject({ rows: 2, valid: 2, errorCount: 0 });
      expect((await commit(admin, file, 2)).status).toBe(201);
      for (const original of originals) {
        const copy = await app.db('orders').where({ dnNumber: `${prefix}${original.dnNumber}` }).first();
        const stored = await app.db('orders').where({ id: original.id }).first();
        expect(fields.map((f) => copy[f])).toEqual(fields.map((f) => stored[f]));
        expect(copy.mtmNumber).toBe(stored.mtmNumber);
      }
    }
  });

  it('serves a template per language that imports as it is filled in, with an example sheet that is never imported', async () => {
    for (const locale of ['cn', 'en'] as const) {
      const answer = await fetch(`${app.url}/api/orders/import/template.xlsx?locale=${locale}`, { headers: { cookie: admin.cookieHeader } });
      expect(answer.status).toBe(200);
      const unchanged = Buffer.from(await answer.arrayBuffer());
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(unchanged as unknown as ArrayBuffer);
      const [orders, example, reference] = workbook.worksheets;
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(locale === 'cn' ? ['订单', '示例', '可选值'] : ['Orders', 'Example', 'Reference']);
      const header = (orders.getRow(1).values as string[]).slice(1);
      expect(header[0]).toBe(locale === 'cn' ? 'MTM 号 *' : 'MTM number *');
      expect(header).toHaveLength(10);
      expect(JSON.stringify(reference.getSheetValues())).toContain('Dispatcher area');

      // The example: the same columns, one row naming listed records, real dates; the unchanged template has no row to import.
      expect((example.getRow(1).values as string[]).slice(1)).toEqual(header);
      expect(example.rowCount).toBe(2);
      const sample = (example.getRow(2).values as unknown[]).slice(1);
      expect(sample[0]).toMatch(/^MTM\d{9}$/);
      expect(sample[7]).toBeInstanceOf(Date);
      expect(sample[9]).toBe(locale === 'cn' ? '易碎品，请轻放' : 'Fragile: handle with care');
      expect((await preview(admin, unchanged)).body.code).toBe('import_empty');
      const copied = new ExcelJS.Workbook();
      copied.addWorksheet('x').addRows([header, sample.map((cell, n) => (n === 1 ? `${String(cell)}-${locale}` : cell))]);
      const exampleChecked = await preview(admin, Buffer.from(await copied.xlsx.writeBuffer()));
      expect(exampleChecked.body).toMatchObject({ rows: 1, valid: 1, errorCount: 0 });

      orders.addRow([`T-${locale}`, `TPL-${locale}`, null, 'W1', null, 'OWN', 'team_leader', new Date('2026-12-01T00:00:00Z'), '2026-12-03']);
      const filled = Buffer.from(await workbook.xlsx.writeBuffer());
      expect((await preview(admin, filled)).body).toMatchObject({ format: 'xlsx', rows: 1, valid: 1, errorCount: 0 });
    }
  });
});

describe('order import: who may import what', () => {
  it('lets a regional dispatcher import into their own areas only, and lists only those in the template', async () => {
    const dispatcher = await signedInAs(app.url, 'regional_dispatcher');
    const checked = await preview(dispatcher, csv([EN_HEADER, row('D-1'), row('D-2', { 'Delivery area': 'OTHER' })]));
    expect(checked.body.errors).toEqual([{ row: 3, field: 'deliveryAreaId', code: 'area_denied', message: expect.any(String) }]);
    expect(checked.body.valid).toBe(1);
    const template = await fetch(`${app.url}/api/orders/import/template.xlsx`, { headers: { cookie: dispatcher.cookieHeader } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await template.arrayBuffer());
    const listed = JSON.stringify(workbook.worksheets[2].getSheetValues());
    expect(listed).toContain('Dispatcher area');
    expect(listed).not.toContain('Someone else');
  });

  it('refuses someone without the new-order page', async () => {
    const biller = await signedInAs(app.url, 'biller');
    expect((await preview(biller, csv([EN_HEADER, row('B-1')]))).status).toBe(403);
    expect((await biller.get('/api/orders/import/template.xlsx')).status).toBe(403);
  });
});

describe('order import: bad files get a clear error and change nothing', () => {
  const refused = async (content: Buffer, status: number, code: string) => {
    const before = await counts();
    const answer = await commit(admin, content, 1);
    expect([answer.status, answer.body.code]).toEqual([status, code]);
    expect(await counts()).toEqual(before);
  };

  it('a picture, an old .xls, a damaged archive', async () => {
    await refused(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 415, 'not_a_spreadsheet');
    await refused(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]), 415, 'not_a_spreadsheet');
    await refused(Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(100, 7)]), 415, 'not_a_spreadsheet');
    await refused(zipOf([{ name: 'hello.txt', data: Buffer.from('hi') }]), 415, 'not_a_spreadsheet');
    // A real workbook cut in half, and one whose sheet is not XML.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('x');
    sheet.addRow(EN_HEADER);
    for (let i = 0; i < 200; i += 1) sheet.addRow(row(`HALF-${i}`));
    const whole = Buffer.from(await workbook.xlsx.writeBuffer());
    await refused(whole.subarray(0, whole.length / 2), 415, 'not_a_spreadsheet');
    await refused(zipOf([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook><sheets><sheet name="a" sheetId="1" r:id="rId1"/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<<<not xml') }]), 415, 'not_a_spreadsheet');
  });

  it('a zip bomb, whether it states its size or hides it', async () => {
    const huge = Buffer.alloc(150 * 2 ** 20, 0x41);
    await refused(zipOf([{ name: 'xl/worksheets/sheet1.xml', data: huge }]), 413, 'payload_too_large');
    await refused(zipOf([{ name: 'xl/worksheets/sheet1.xml', data: huge, declaredSize: 1000 }]), 415, 'not_a_spreadsheet');
  });

  it('a file over 10 MiB, and more rows than the limit', async () => {
    await refused(Buffer.alloc(11 * 2 ** 20, 0x41), 413, 'payload_too_large');
    const million = Buffer.from(`${EN_HEADER.join(',')}\n${'x,\n'.repeat(1_000_000)}`);
    await refused(million, 413, 'too_many_import_rows');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('x');
    sheet.addRow(EN_HEADER);
    for (let i = 0; i <= MAX_IMPORT_ROWS; i += 1) sheet.addRow([`M${i}`]);
    await refused(Buffer.from(await workbook.xlsx.writeBuffer()), 413, 'too_many_import_rows');
  });

  it('formulas in an .xlsx, at their row and column', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('x');
    sheet.addRow(EN_HEADER);
    sheet.addRow(row('F-1'));
    sheet.addRow(row('F-2'));
    sheet.getCell('B3').value = { formula: 'CONCAT("F-","2")', result: 'F-2' } as ExcelJS.CellValue;
    const checked = await preview(admin, Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(checked.body.errors).toEqual([{ row: 3, field: 'dnNumber', code: 'formula', message: expect.any(String) }]);
    expect(checked.body.valid).toBe(1);
  });

  it('a body that is not multipart, or cut short', async () => {
    expect((await admin.post('/api/orders/import', { dryRun: true })).status).toBe(415);
    const cut = await admin.request('POST', '/api/orders/import', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc',
      { 'content-type': 'multipart/form-data; boundary=x' });
    expect(cut.status).toBe(400);
  });
});
