import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { MAX_CELL_CHARS, MAX_COLUMNS, MAX_ENTRIES, MAX_PARTS_MIB, MAX_ROWS_READ } from '../../api/src/orders/importFile';
import { MAX_IMPORT_MB } from '@kernel/orders/orderImport';
import { createOrderReferences } from '../helpers/orderReferences';
import { useSignedInApp } from '../helpers/testApp';
import { zipOf, type ZipEntry } from '../helpers/zipFile';

/**
 * What a crafted import file could make the server do beyond its size and row limits (many zip
 * entries, huge parts, wide rows, long cells, blank rows, formulas in disguise), and the encodings
 * and size the docs promise (docs/order-import.md#the-file).
 */

const { app, admin } = useSignedInApp({ admin: 'admin' });

const MiB = 2 ** 20;
const EN_HEADER = ['MTM number', 'DN number', 'Supplier', 'Pickup warehouse', 'Vehicle type', 'Delivery area',
  'Assigned user', 'Pickup date', 'MOS date', 'Notes'];

/** A row of the English header's columns, valid unless changed. */
const row = (dn: string, change: Partial<Record<string, string>> = {}) => {
  const values: Record<string, string> = { 'MTM number': `MTM-${dn}`, 'DN number': dn, Supplier: 'Carrier One',
    'Pickup warehouse': 'W1', 'Vehicle type': '5 t truck', 'Delivery area': 'own', 'Assigned user': 'team_leader',
    'Pickup date': '2026-11-20', 'MOS date': '2026/11/25', Notes: '', ...change };
  return EN_HEADER.map((column) => values[column]);
};
const csv = (rows: string[][]) => Buffer.from(`\uFEFF${Papa.unparse(rows)}`);

/** A column's letters: 1 → A, 27 → AA, 16384 → XFD. */
const letters = (column: number): string => (column > 26 ? letters(Math.floor((column - 1) / 26)) : '')
  + String.fromCharCode(65 + ((column - 1) % 26));
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
/** A sheet's XML: a row of cells as inline strings, numbered by its place; a string as rows' XML as it is. */
const sheetXml = (rows: Array<string[] | string>) => `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${
  rows.map((cells, n) => (typeof cells === 'string' ? cells : `<row r="${n + 1}">${cells.map((text, i) =>
    `<c r="${letters(i + 1)}${n + 1}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`).join('')}</row>`)).join('')}</sheetData></worksheet>`;

/** A workbook's few parts a reader needs, written by hand so that a test can add to them what Excel never writes. */
const workbookParts = (sheet: string): ZipEntry[] => [
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Orders" sheetId="1" r:id="rId1"/></sheets></workbook>') },
  { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>') },
  { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet) },
];
/** A workbook of these rows, `extra` entries first. */
const workbookOf = (rows: Array<string[] | string>, extra: ZipEntry[] = []) => zipOf([...extra, ...workbookParts(sheetXml(rows))]);

function send(content: Buffer, fields: Record<string, string> = { dryRun: 'true' }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(content)]), 'orders');
  return admin.post('/api/orders/import', form);
}
const preview = (content: Buffer) => send(content);

/** The file is refused with this status and code, and nothing is written. */
async function refused(content: Buffer, status: number, code: string) {
  const before = Number((await app.db('orders').count({ n: '*' }))[0].n);
  const answer = await send(content, { dryRun: 'false', expect: '1' });
  expect([answer.status, answer.body.code]).toEqual([status, code]);
  expect(Number((await app.db('orders').count({ n: '*' }))[0].n)).toBe(before);
  return answer.body;
}

beforeAll(async () => {
  await createOrderReferences(app, admin);
});

describe('order import hardening: an .xlsx is read within bounds', () => {
  it('reads a hand-written workbook (the fixture the other tests bend) and one ExcelJS writes', async () => {
    expect((await preview(workbookOf([EN_HEADER, row('HW-1')]))).body).toMatchObject({ format: 'xlsx', rows: 1, valid: 1 });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('x');
    sheet.addRow(EN_HEADER);
    sheet.addRow(row('EJ-1', { 'Pickup date': '' })).getCell(8).value = new Date('2026-11-20T00:00:00Z');
    workbook.addWorksheet('second').addRow(['not read']);
    const checked = await preview(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(checked.body).toMatchObject({ format: 'xlsx', rows: 1, valid: 1 });
    expect(checked.body.sample[0].values.pickupDate).toBe('2026-11-20');
  });

  it(`refuses an archive of more than ${MAX_ENTRIES} entries, by the count its directory states`, async () => {
    const padding = Array.from({ length: MAX_ENTRIES }, (_, n) => ({ name: `customXml/item${n}.xml`, data: Buffer.alloc(0) }));
    await refused(workbookOf([EN_HEADER, row('ENTRIES-1')], padding), 415, 'not_a_spreadsheet');
  });

  it('reads the entries its central directory lists, never a local entry the directory leaves out', async () => {
    // A reader that walks the local headers (exceljs's does) meets this sheet first.
    const hidden = { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheetXml([EN_HEADER, row('HIDDEN-1')])), hidden: true };
    const checked = await preview(workbookOf([EN_HEADER, row('LISTED-1')], [hidden]));
    expect(checked.body).toMatchObject({ rows: 1, valid: 1 });
    expect(checked.body.sample[0].values.dnNumber).toBe('LISTED-1');
  });

  it(`refuses shared strings or styles that unpack past ${MAX_PARTS_MIB} MiB with the sheet`, async () => {
    const over = MAX_PARTS_MIB * MiB;
    const sharedStrings = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${'<si><t>a</t></si>'.repeat(over / 17)}</sst>`;
    const body = await refused(workbookOf([EN_HEADER, row('SST-1')], [{ name: 'xl/sharedStrings.xml', data: Buffer.from(sharedStrings) }]),
      413, 'payload_too_large');
    expect(body.params).toEqual({ maxMb: MAX_PARTS_MIB });
    const styles = `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs>${'<xf numFmtId="0"/>'.repeat(over / 18)}</cellXfs></styleSheet>`;
    await refused(workbookOf([EN_HEADER, row('STYLES-1')], [{ name: 'xl/styles.xml', data: Buffer.from(styles) }]),
      413, 'payload_too_large');
  });

  it('reads the first sheet only: another one is never unpacked, however big', async () => {
    const second = { name: 'xl/worksheets/sheet2.xml', data: Buffer.alloc(150 * MiB, ' ') };
    const checked = await preview(zipOf([...workbookParts(sheetXml([EN_HEADER, row('FIRST-1')])), second]));
    expect(checked.body).toMatchObject({ rows: 1, valid: 1 });
  });

  it(`refuses a row with a cell past column ${MAX_COLUMNS}`, async () => {
    const far = '<row r="3"><c r="XFD3" t="inlineStr"><is><t>x</t></is></c></row>';
    await refused(workbookOf([EN_HEADER, row('WIDE-1'), far]), 413, 'payload_too_large');
  });

  it(`refuses a cell longer than ${MAX_CELL_CHARS} characters`, async () => {
    await refused(workbookOf([EN_HEADER, row('LONG-1', { Notes: 'x'.repeat(MAX_CELL_CHARS + 1) })]), 413, 'payload_too_large');
  });

  it(`stops after ${MAX_ROWS_READ} rows, blank ones too`, async () => {
    const blank = Array.from({ length: MAX_ROWS_READ }, (_, n) => `<row r="${n + 3}"/>`).join('');
    await refused(workbookOf([EN_HEADER, row('BLANK-1'), blank]), 413, 'too_many_import_rows');
  });
});

describe('order import hardening: CSV text is read within bounds', () => {
  it(`refuses a row of more than ${MAX_COLUMNS} columns`, async () => {
    await refused(csv([[...EN_HEADER, ...Array<string>(MAX_COLUMNS).fill('extra')], row('WIDE-2')]), 413, 'payload_too_large');
  });

  it(`refuses a cell longer than ${MAX_CELL_CHARS} characters, quoted over many lines or not`, async () => {
    await refused(csv([EN_HEADER, row('LONG-2', { Notes: 'x'.repeat(MAX_CELL_CHARS + 1) })]), 413, 'payload_too_large');
    await refused(csv([EN_HEADER, row('LONG-3', { Notes: '"\n'.repeat(MAX_CELL_CHARS) })]), 413, 'payload_too_large');
  });

  it(`stops after ${MAX_ROWS_READ} rows, blank ones too`, async () => {
    await refused(Buffer.from(`${EN_HEADER.join(',')}\n${row('BLANK-2').join(',')}${'\n'.repeat(MAX_ROWS_READ)}`), 413, 'too_many_import_rows');
  });

  it('echoes at most 100 characters of a name it cannot find', async () => {
    const checked = await preview(csv([EN_HEADER, row('ECHO-1', { Supplier: 'y'.repeat(20_000) })]));
    const [error] = checked.body.errors;
    expect(error).toMatchObject({ row: 2, field: 'supplierId', code: 'unknown_name' });
    expect(error.params.value).toBe(`${'y'.repeat(99)}…`);
    expect(error.message.length).toBeLessThan(200);
  });
});

describe('order import hardening: formulas in disguise', () => {
  it('refuses a CSV cell that starts, after blanks, with = + - or @ and is not a number; the export\'s apostrophe still marks text', async () => {
    const file = csv([EN_HEADER,
      row('FX-2', { Notes: '\t=1+1' }),
      row('FX-3', { Notes: '  =1+1' }),
      row('FX-4', { Notes: '+1+1' }),
      row('FX-5', { Notes: '-2+3' }),
      row('FX-6', { Notes: '@SUM(A1)' }),
      row('FX-7', { 'MTM number': '=cmd|\' /C calc\'!A0' }),
      row('FX-8', { Notes: '-5' }), // a number
      row('FX-9', { Notes: '+86' }),
      row('FX-10', { Notes: '\'-fragile' }), // the export's neutralised text
      row('FX-11', { Notes: '\'=SUM(A1)' }),
      row('FX-12', { Notes: 'a = b' }),
      row('FX-13', { 'Pickup date': ' 2026-11-21' })]);
    const checked = await preview(file);
    expect(checked.body.errors.map((e: { row: number; field: string; code: string }) => [e.row, e.field, e.code])).toEqual([
      [2, 'notes', 'formula'], [3, 'notes', 'formula'], [4, 'notes', 'formula'], [5, 'notes', 'formula'],
      [6, 'notes', 'formula'], [7, 'mtmNumber', 'formula']]);
    expect(checked.body.sample.map((s: { values: { notes?: string } }) => s.values.notes))
      .toEqual(['-5', '+86', '-fragile', '=SUM(A1)', 'a = b', undefined]);
  });
});

describe('order import hardening: the size and encodings the docs promise', () => {
  it(`accepts a file of exactly ${MAX_IMPORT_MB} MiB and refuses one byte more`, async () => {
    // Valid rows padded in a column the import leaves aside, the last one to the byte.
    const target = MAX_IMPORT_MB * MiB;
    const lines = [[...EN_HEADER, 'Padding'].join(',')];
    let size = lines[0].length + 1;
    for (let n = 0; size < target; n += 1) {
      const start = [...row(`PAD-${n}`), ''].join(',');
      const room = target - size - start.length - 1;
      const line = start + 'p'.repeat(room > 30_000 ? 15_000 : room);
      lines.push(line);
      size += line.length + 1;
    }
    const exact = Buffer.from(`${lines.join('\n')}\n`);
    expect(exact.length).toBe(MAX_IMPORT_MB * MiB);
    const checked = await preview(exact);
    expect(checked.status).toBe(200);
    expect(checked.body.valid).toBe(lines.length - 1);
    const body = await refused(Buffer.concat([exact, Buffer.from('\n')]), 413, 'payload_too_large');
    expect(body.message).toContain(`${MAX_IMPORT_MB} MiB`);
  });

  it('reads UTF-16 with its BOM, big-endian as little-endian', async () => {
    const text = `${[EN_HEADER, row('UTF16-1', { Notes: '中文备注' })].map((cells) => cells.join('\t')).join('\r\n')}\r\n`;
    const little = Buffer.from(`\uFEFF${text}`, 'utf16le');
    const big = Buffer.from(little).swap16();
    for (const file of [little, big]) {
      const checked = await preview(file);
      expect(checked.status).toBe(200);
      expect(checked.body.sample[0].values).toMatchObject({ dnNumber: 'UTF16-1', notes: '中文备注' });
    }
  });
});
