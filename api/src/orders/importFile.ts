import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import yauzl from 'yauzl';
import { MAX_IMPORT_ROWS, MAX_UNPACKED_MB } from '@kernel/orders/orderImport';
import { httpError } from '../httpError';

/** A cell that holds a formula: refused, since its value is Excel's to work out, not ours. */
export const FORMULA = Symbol('formula');
export type Cell = string | null | typeof FORMULA;

/** A non-blank row of the first sheet; `row` is its number as the spreadsheet shows it (from 1). */
export interface SheetRow {
  row: number;
  cells: Cell[];
}

export interface Sheet {
  format: 'xlsx' | 'csv';
  rows: SheetRow[];
}

/** An error already worded for the answer (httpError). */
const isAnswer = (err: unknown) => err instanceof Error && 'answer' in err;

const notASpreadsheet = (why: string) => httpError('not_a_spreadsheet', `The file is not an .xlsx or .csv spreadsheet (${why})`);
const tooManyRows = () => httpError('too_many_import_rows', `The file has more than ${MAX_IMPORT_ROWS} rows: split it into several files`,
  { params: { max: MAX_IMPORT_ROWS } });

/** A CSV cell our export (csv/excelCsv.ts) kept from Excel's formulas with an apostrophe: the apostrophe goes. */
const NEUTRALISED = /^'(?=[=+\-@\t\r])/;

/** A text cell as the import reads it: trimmed, empty as null. */
const text = (value: string): string | null => value.trim() || null;

/** An .xlsx cell's value as text: a date as YYYY-MM-DD, rich text and links as their text. */
function xlsxCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return FORMULA;
    if ('richText' in value) return text(value.richText.map((part) => part.text).join(''));
    if ('text' in value && typeof value.text === 'string') return text(value.text);
    if ('error' in value) return text(String(value.error));
    return null;
  }
  return text(String(value));
}

/**
 * The most an archive may unpack to. Read by unpacking it once, counting: yauzl also checks that
 * each entry unpacks to the size its header declares, so a zip bomb stops at the limit instead of
 * filling the memory of the parser after it.
 */
async function checkUnpackedSize(content: Buffer): Promise<void> {
  const limit = MAX_UNPACKED_MB * 2 ** 20;
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise((resolve, reject) => yauzl.fromBuffer(content, { lazyEntries: true, validateEntrySizes: true },
      (err, file) => (err ? reject(err) : resolve(file))));
  } catch {
    throw notASpreadsheet('not a readable archive');
  }
  let unpacked = 0;
  const tooBig = () => httpError('payload_too_large', `The file unpacks to more than ${MAX_UNPACKED_MB} MB`,
    { params: { maxMb: MAX_UNPACKED_MB } });
  // An error the archive reports while no entry is awaited must not go unheard (it would end the process).
  zip.on('error', () => undefined);
  const nextEntry = () => new Promise<yauzl.Entry | null>((resolve, reject) => {
    const settle = (entry: yauzl.Entry | null, err?: Error) => {
      zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      if (err) reject(err);
      else resolve(entry);
    };
    const onEntry = (entry: yauzl.Entry) => settle(entry);
    const onEnd = () => settle(null);
    const onError = (err: Error) => settle(null, err);
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
  try {
    for (;;) {
      const entry = await nextEntry();
      if (!entry) return;
      unpacked += entry.uncompressedSize;
      if (unpacked > limit) throw tooBig();
      if (entry.fileName.endsWith('/')) continue;
      // Read to its end: yauzl fails the stream once it unpacks past its declared size.
      const stream = await zip.openReadStreamPromise(entry);
      await pipeline(stream, new Writable({ write: (_chunk, _encoding, done) => done() }));
    }
  } catch (err) {
    if (isAnswer(err)) throw err;
    throw notASpreadsheet('a damaged archive');
  } finally {
    zip.close();
  }
}

/** The first sheet's rows, read as a stream that stops past the row limit. */
async function readXlsx(content: Buffer): Promise<SheetRow[]> {
  await checkUnpackedSize(content);
  const rows: SheetRow[] = [];
  let sheets = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(content),
    { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  try {
    for await (const sheet of reader) {
      sheets += 1;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        const cells = values.slice(1).map(xlsxCell);
        if (cells.every((cell) => cell === null)) continue;
        if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
        rows.push({ row: row.number, cells });
      }
      break; // the first sheet only
    }
  } catch (err) {
    if (isAnswer(err)) throw err;
    throw notASpreadsheet('no readable sheet');
  }
  if (sheets === 0) throw notASpreadsheet('an archive without a sheet');
  return rows;
}

/** UTF-8 (with or without BOM), UTF-16 with its BOM, else GBK as older Excel saves Chinese text. */
function decode(content: Buffer): string {
  if (content[0] === 0xff && content[1] === 0xfe) return new TextDecoder('utf-16le').decode(content);
  for (const encoding of ['utf-8', 'gb18030']) {
    try {
      return new TextDecoder(encoding, { fatal: true }).decode(content);
    } catch { /* the next encoding */ }
  }
  throw notASpreadsheet('unknown text encoding');
}

function readCsv(content: Buffer): SheetRow[] {
  const source = decode(content);
  if (BINARY.test(source)) throw notASpreadsheet('binary content');
  const rows: SheetRow[] = [];
  let number = 0;
  let over = false;
  Papa.parse<string[]>(source, {
    step: ({ data }, parser) => {
      number += 1;
      const cells = data.map((value): Cell => {
        if (value.startsWith('=')) return FORMULA;
        return text(value.replace(NEUTRALISED, ''));
      });
      if (cells.every((cell) => cell === null)) return;
      if (rows.length > MAX_IMPORT_ROWS) {
        over = true;
        parser.abort();
        return;
      }
      rows.push({ row: number, cells });
    },
  });
  if (over) throw tooManyRows();
  return rows;
}

/** A control character no text file holds (all but tab, line feed, form feed and carriage return): a binary file. */
const BINARY = /(?![\t\n\v\f\r])\p{Cc}/u;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0]; // the old binary .xls

/**
 * The rows of a spreadsheet, recognised by its content, never its name: an .xlsx (a zip) or CSV
 * text (comma, semicolon or tab separated, papaparse finds which). The header row is rows[0].
 */
export async function readSheet(content: Buffer): Promise<Sheet> {
  const starts = (magic: number[]) => magic.every((byte, i) => content[i] === byte);
  if (starts(OLE)) throw notASpreadsheet('an old .xls workbook: save it as .xlsx');
  if (starts(ZIP)) return { format: 'xlsx', rows: await readXlsx(content) };
  return { format: 'csv', rows: readCsv(content) };
}
