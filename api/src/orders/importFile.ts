import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as ExcelJS from 'exceljs';
import Papa from 'papaparse';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { MAX_IMPORT_ROWS } from '@kernel/orders/orderImport';
import { httpError } from '../foundation/httpError';
import { loadExcelJs } from './excelJs';

/**
 * A cell that holds a formula: refused, since its value is Excel's to work out, not ours. Its text
 * is kept for the file of the rows with errors.
 */
export interface Formula {
  formula: string;
}
export type Cell = string | null | Formula;
export const isFormula = (cell: Cell): cell is Formula => typeof cell === 'object' && cell !== null;

/** A non-blank row of the first sheet; `row` is its number as the spreadsheet shows it (from 1). */
export interface SheetRow {
  row: number;
  cells: Cell[];
}

export interface Sheet {
  format: 'xlsx' | 'csv';
  rows: SheetRow[];
}

/*
 * What a file may hold besides its size and data rows: each bound is far past a real order sheet
 * and is checked before the work it would make grow (docs/order-import.md#the-file).
 */
/** Entries of an .xlsx: a workbook has a few dozen (walking 60,000 empty ones took 11 s). */
export const MAX_ENTRIES = 1_000;
/** MiB that the parts of an .xlsx that are read (workbook, shared strings, styles, first sheet) unpack to together: 10,000 rows of the export's 16 columns take 7. */
export const MAX_PARTS_MIB = 20;
/** Rows read, blank ones too: a million empty rows cost as much to read as rows of data. */
export const MAX_ROWS_READ = 10 * MAX_IMPORT_ROWS;
/** Columns of a row: the template has 10, the export 16. */
export const MAX_COLUMNS = 100;
/** Characters of a cell: Excel's own limit. */
export const MAX_CELL_CHARS = 32_767;

/** An error already worded for the answer (httpError). */
const isAnswer = (err: unknown) => err instanceof Error && 'answer' in err;

const notASpreadsheet = (why: string) => httpError('not_a_spreadsheet', `The file is not an .xlsx or .csv spreadsheet (${why})`);
const tooManyRows = () => httpError('too_many_import_rows', `The file has more than ${MAX_IMPORT_ROWS} rows: split it into several files`,
  { params: { max: MAX_IMPORT_ROWS } });
const tooManyRowsRead = () => httpError('too_many_import_rows', `The sheet has more than ${MAX_ROWS_READ} rows, blank ones counted`,
  { params: { max: MAX_ROWS_READ } });
const tooWide = () => httpError('payload_too_large', `A row has more than ${MAX_COLUMNS} columns`);

function text(value: string): string | null {
  if (value.length > MAX_CELL_CHARS) throw httpError('payload_too_large', `A cell is longer than ${MAX_CELL_CHARS} characters`);
  return value.trim() || null;
}

/** An .xlsx cell's value as text: a date as YYYY-MM-DD, rich text and links as their text. */
function xlsxCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    // A shared formula's text is its first cell's: its result says what this cell showed.
    if ('formula' in value || 'sharedFormula' in value) {
      return { formula: 'formula' in value && value.formula ? `=${value.formula}` : String(value.result ?? '') };
    }
    if ('richText' in value) return text(value.richText.map((part) => part.text).join(''));
    if ('text' in value && typeof value.text === 'string') return text(value.text);
    if ('error' in value) return text(String(value.error));
    return null;
  }
  // A text cell is text by the file's own typing (Excel never runs it): only formula cells are refused.
  return text(String(value));
}

/** The parts of an .xlsx that exceljs reads, in the order it wants them: a sheet met before the shared strings goes to a temporary file. */
const PARTS = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];
const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * An archive of the checked parts alone (yazl), for exceljs's reader (unzipper) to read as it reads
 * a file: local headers in turn, each with its sizes. Packed at zlib's fastest level: exceljs read
 * a 10,000-row sheet of stored (unpacked) parts in twice the time (0.9 s against 0.45).
 */
function archiveOf(parts: Array<{ name: string; content: Buffer }>): Readable {
  const archive = new yazl.ZipFile();
  for (const { name, content } of parts) archive.addBuffer(content, name, { compressionLevel: 1 });
  archive.end();
  return archive.outputStream as Readable;
}

/**
 * The parts of an .xlsx that are read (PARTS and the first sheet), checked, as an archive of them
 * alone. The entries are the central directory's, counted before one is read: exceljs walks the
 * local headers instead, which may hold others. Each part is unpacked once, counting, and yauzl
 * checks that it unpacks to the size its header declares, so a zip bomb stops at the bound; the
 * other entries are never unpacked.
 */
async function readParts(content: Buffer): Promise<Readable> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise((resolve, reject) => yauzl.fromBuffer(content, { lazyEntries: true, validateEntrySizes: true },
      (err, file) => (err ? reject(err) : resolve(file))));
  } catch {
    throw notASpreadsheet('not a readable archive');
  }
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
    if (zip.entryCount > MAX_ENTRIES) throw notASpreadsheet(`more than ${MAX_ENTRIES} entries`);
    const parts = new Map<string, Buffer>();
    let sheet: string | undefined;
    let unpacked = 0;
    for (let entry = await nextEntry(); entry; entry = await nextEntry()) {
      const name = entry.fileName;
      const used = PARTS.includes(name) || (!sheet && SHEET.test(name));
      if (!used || parts.has(name)) continue;
      if (SHEET.test(name)) sheet = name;
      unpacked += entry.uncompressedSize;
      if (unpacked > MAX_PARTS_MIB * 2 ** 20) {
        throw httpError('payload_too_large', `The sheet with its shared strings and styles unpacks to more than ${MAX_PARTS_MIB} MiB`,
          { params: { maxMb: MAX_PARTS_MIB } });
      }
      // Read to its end: yauzl fails the stream once it unpacks past its declared size.
      const chunks: Buffer[] = [];
      await pipeline(await zip.openReadStreamPromise(entry), new Writable({ write: (chunk: Buffer, _encoding, done) => {
        chunks.push(chunk);
        done();
      } }));
      parts.set(name, Buffer.concat(chunks));
    }
    if (!sheet) throw notASpreadsheet('an archive without a sheet');
    return archiveOf([...PARTS, sheet].flatMap((name) => (parts.has(name) ? [{ name, content: parts.get(name)! }] : [])));
  } catch (err) {
    if (isAnswer(err)) throw err;
    throw notASpreadsheet('a damaged archive');
  } finally {
    zip.close();
  }
}

/** The first sheet's rows, read as a stream that stops past the row limit. */
async function readXlsx(content: Buffer): Promise<SheetRow[]> {
  const parts = await readParts(content);
  const rows: SheetRow[] = [];
  let sheets = 0;
  let read = 0;
  const reader = new (await loadExcelJs()).stream.xlsx.WorkbookReader(parts,
    { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  try {
    for await (const sheet of reader) {
      sheets += 1;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        read += 1;
        if (read > MAX_ROWS_READ) throw tooManyRowsRead();
        // Its last cell's column, empty or not: row.values lists every column up to it.
        if (row.cellCount > MAX_COLUMNS) throw tooWide();
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

/** UTF-8 (with or without BOM), UTF-16 with its BOM (either byte order), else GBK as older Excel saves Chinese text. */
function decode(content: Buffer): string {
  if (content[0] === 0xff && content[1] === 0xfe) return new TextDecoder('utf-16le').decode(content);
  if (content[0] === 0xfe && content[1] === 0xff) return new TextDecoder('utf-16be').decode(content);
  for (const encoding of ['utf-8', 'gb18030']) {
    try {
      return new TextDecoder(encoding, { fatal: true }).decode(content);
    } catch { /* the next encoding */ }
  }
  throw notASpreadsheet('unknown text encoding');
}

/**
 * Text our export (csv/excelCsv.ts) kept from Excel's formulas with an apostrophe, Excel's own mark
 * of text: text, and the apostrophe goes (so export → import round-trips; any export marks it again).
 */
const NEUTRALISED = /^'(?=[=+\-@\t\r])/;
/** What Excel runs as a formula: = + - or @ first, after any blanks, unless it is a number (as the export reads one). */
const FORMULA_START = /^\s*[=+\-@]/;
const NUMBER = /^\s*[+-]?\d+(\.\d+)?\s*$/;

/** A CSV cell, untyped: one Excel would run as a formula is refused at its cell. */
function csvCell(value: string): Cell {
  if (NEUTRALISED.test(value)) return text(value.slice(1));
  return FORMULA_START.test(value) && !NUMBER.test(value) ? { formula: text(value)! } : text(value);
}

function readCsv(content: Buffer): SheetRow[] {
  const source = decode(content);
  if (BINARY.test(source)) throw notASpreadsheet('binary content');
  // papaparse finds the separator by parsing the first rows with each one it knows: from the
  // file's start only, so that a first "row" of megabytes is not parsed five times over.
  const { delimiter } = Papa.parse(source.slice(0, 64 * 1024), { preview: 10 }).meta;
  const rows: SheetRow[] = [];
  let read = 0;
  let refusal: unknown;
  Papa.parse<string[]>(source, {
    delimiter,
    step: ({ data }, parser) => {
      try {
        read += 1;
        if (read > MAX_ROWS_READ) throw tooManyRowsRead();
        if (data.length > MAX_COLUMNS) throw tooWide();
        const cells = data.map(csvCell);
        if (cells.every((cell) => cell === null)) return;
        if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
        rows.push({ row: read, cells });
      } catch (err) {
        refusal = err;
        parser.abort();
      }
    },
  });
  if (refusal) throw refusal;
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
