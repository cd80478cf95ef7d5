import { bundledCatalogs, LOCALES, type Catalog } from '@kernel/i18n/catalogs';
import { MAX_IMPORT_ROWS } from '@kernel/translations/translationRules';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/**
 * The import and export file formats of the translations.
 *
 * CSV (RFC 4180, UTF-8, a BOM is skipped): a header row naming the columns `namespace`, `key`,
 * `zh`, `en`, `description` (the last three optional, any order), or as the list's export heads
 * them in either language (its "updated" column is left aside), then one entry per row.
 * JSON: either an array of rows `[{ "namespace": "app", "key": "subtitle", "zh": "…", "en": "…" }]`
 * or an object keyed by the full message id `{ "app.subtitle": { "zh": "…", "en": "…" } }`.
 * An empty or absent text leaves the current text as it is.
 */

export const CSV_COLUMNS = ['namespace', 'key', 'zh', 'en', 'description'] as const;
type Column = (typeof CSV_COLUMNS)[number];
export type ImportRow = Partial<Record<Column, string>>;

/** Why a file cannot be read, as a message key and its arguments. */
export class FileProblem extends Error {
  constructor(readonly messageKey: string, readonly args: Record<string, unknown> = {}) {
    super(messageKey);
  }
}

/**
 * Splits CSV text into rows of cells by RFC 4180 (csv-parse): quotes, doubled quotes, and CRLF, LF
 * or CR line ends, mixed in one file too (a file pasted together); blank lines are left out.
 */
export function parseCsv(text: string): string[][] {
  try {
    // relax_quotes: a quote inside an unquoted cell is a character of it (`5" tube`).
    const rows = parse(text, { record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true, relax_quotes: true }) as string[][];
    return rows.filter((cells) => cells.some((c) => c !== ''));
  } catch (error) {
    // With relax_quotes every stray quote is a character; an open quoted cell at the end is what is left.
    if ((error as { code?: string }).code === 'CSV_QUOTE_NOT_CLOSED') throw new FileProblem('translation_import.problems.unclosed_quote');
    throw error;
  }
}

/** The translation list's labels of a field, as its export heads them (the bundled texts of both languages). */
const listLabels = (field: string) => LOCALES.map((locale) =>
  String(((bundledCatalogs[locale].resources as Catalog).translations as Catalog & { fields: Catalog }).fields[field]).toLowerCase());
const COLUMN_OF_LABEL = new Map(CSV_COLUMNS.flatMap((column) => listLabels(column).map((label) => [label, column] as const)));
/** The export's column that the import does not write. */
const SKIPPED = new Set(listLabels('updatedAt'));
/** The apostrophe the export puts before a text Excel would run as a formula (api/src/csv/excelCsv.ts). */
const NEUTRALISED = /^'(?=[=+\-@\t\r])/;

function rowsOfCsv(text: string): ImportRow[] {
  const [header, ...lines] = parseCsv(text);
  if (!header) throw new FileProblem('translation_import.problems.empty');
  const names = header.map((name) => name.trim().toLowerCase());
  const columns = names.map((name) => COLUMN_OF_LABEL.get(name) ?? (SKIPPED.has(name) ? '' : name));
  const unknown = columns.find((name) => name !== '' && !(CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown !== undefined) throw new FileProblem('translation_import.problems.unknown_column', { column: unknown });
  for (const needed of ['namespace', 'key']) {
    if (!columns.includes(needed)) throw new FileProblem('translation_import.problems.missing_column', { column: needed });
  }
  return lines.map((cells, n) => {
    if (cells.length > columns.length) throw new FileProblem('translation_import.problems.extra_cells', { line: n + 2 });
    const row: ImportRow = {};
    columns.forEach((column, i) => {
      if (column !== '' && cells[i]) row[column as Column] = cells[i].replace(NEUTRALISED, '');
    });
    return row;
  });
}

function rowsOfJson(text: string): unknown[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new FileProblem('translation_import.problems.bad_json');
  }
  if (Array.isArray(data)) return data;
  if (data === null || typeof data !== 'object') throw new FileProblem('translation_import.problems.bad_shape');
  return Object.entries(data).map(([id, texts]) => {
    const dot = id.indexOf('.');
    if (texts === null || typeof texts !== 'object' || Array.isArray(texts)) {
      throw new FileProblem('translation_import.problems.bad_entry', { id });
    }
    return { ...texts, namespace: dot < 0 ? id : id.slice(0, dot), key: dot < 0 ? '' : id.slice(dot + 1) };
  });
}

/** The rows of a CSV or JSON file (by its name, else by its first character); the server checks each. */
export function readTranslationFile(name: string, content: string): unknown[] {
  const text = content.replace(/^\uFEFF/, '');
  const json = /\.json$/i.test(name) || (!/\.csv$/i.test(name) && /^\s*[[{]/.test(text));
  const rows = json ? rowsOfJson(text) : rowsOfCsv(text);
  if (rows.length === 0) throw new FileProblem('translation_import.problems.empty');
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new FileProblem('translation_import.problems.too_many_rows', { count: rows.length, max: MAX_IMPORT_ROWS });
  }
  return rows;
}

/** Entries as CSV in the import's own format (csv-stringify), with a BOM so Excel reads the Chinese right. */
export function formatCsv(entries: ImportRow[]): string {
  return stringify(entries, {
    bom: true, header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows',
    // A text that starts or ends with blanks keeps them: quoted, as the import reads them back.
    quoted_match: /^\s|\s$/,
  });
}
