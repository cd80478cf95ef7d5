import { buffer } from 'node:stream/consumers';
import Joi from 'joi';
import type { Knex } from 'knex';
import { bundledCatalogs, LOCALES, type Catalog, type Locale } from '@kernel/i18n/catalogs';
import { fieldRefusal, problem } from '../foundation/httpError';
import { validate } from '../middleware/validate';
import type { Ctx } from '../foundation/appState';
import { csvStream, type RowOrder } from './csvRows';
import { excelCsv, neutraliseFormula } from './excelCsv';

/**
 * One column of a list's export: the column the list screen shows, headed by the same label and
 * with its value as the screen shows it (docs/api-conventions.md#list-exports).
 */
export interface ExportColumn {
  /** The list's field; the header is `resources.<resource>.fields.<field>` unless `label` names another key. */
  field: string;
  label?: string;
  /**
   * How the screen shows it: text (the default), a number as typed (12.5), money (12.50), a
   * calendar date, an instant with its time or only its day (in the reader's time zone), or the
   * calendar dates `<field>From` – `<field>To`; dates in the language's style.
   */
  as?: 'text' | 'number' | 'money' | 'date' | 'instant' | 'day' | 'dateRange';
  /** A value translated by the catalog branch under this key (`common.status`); unknown values as they are. */
  translate?: string;
  /** The value's SQL when it is not the row's own column, e.g. a reference's name read through a join. */
  sql?: string;
  /** A message holding the value as its placeholder `param` (`reports.old.duration`: "%{seconds} s"). */
  template?: { key: string; param: string };
}

/** What a list exports: the file's title (the list's menu label key), its columns, the joins they read. */
export interface ListExport {
  title: string;
  columns: readonly ExportColumn[];
  /** Joins the columns' `sql` reads, added to the list's own query. */
  join?: (query: Knex.QueryBuilder) => void;
  /** Filters of the list the file does not apply (the activity log's `grouped`: a file has every row, no entry to open). */
  ignores?: readonly string[];
}

/**
 * The texts of some message namespaces in a language, the translations' edits included: handed in
 * (translations/catalog.ts loadTranslator), as the csv layer names no domain.
 */
export type LoadTranslator = (db: Knex, locale: Locale, namespaces: string[]) => Promise<(id: string) => string>;

/** What the reader chose: the UI's language and the browser's time zone. */
export interface ExportReader {
  locale: Locale;
  tz: string;
}

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const exportQuery = Joi.object({
  filter: Joi.string(),
  sort: Joi.string(),
  locale: Joi.string().valid(...LOCALES).default('cn'),
  tz: Joi.string().max(64).custom((zone, helpers) => (isTimeZone(zone) ? zone : helpers.error('any.invalid'))).default('UTC'),
});

/** Reads the reader's choices; a zone the database does not know either is refused like an unknown one. */
export async function exportReader(ctx: Ctx): Promise<ExportReader> {
  const reader = validate<ExportReader>(exportQuery, ctx.query);
  if (reader.tz === 'UTC') return reader;
  const known = await ctx.state.db('pg_timezone_names').where('name', reader.tz).first('name');
  if (!known) throw fieldRefusal('invalid_query', `Unknown time zone "${reader.tz}"`, 'tz', problem('invalid_value'));
  return reader;
}

/**
 * The screen's date styles (kernel/i18n/dateText.ts: Intl's medium date, short time) as
 * PostgreSQL's to_char writes them, so that the database formats every row of a streamed export:
 * cn 2026年11月23日 14:02, en Nov 23, 2026, 2:02 PM.
 */
const DATE_PATTERN: Record<Locale, string> = { cn: 'FMYYYY"年"FMMM"月"FMDD"日"', en: 'Mon FMDD, FMYYYY' };
const TIME_PATTERN: Record<Locale, string> = { cn: ' HH24:MI', en: ', FMHH12:MI AM' };

/** A number, as neutraliseFormula reads one; [0-9], not \d: PostgreSQL's \d may take other scripts' digits. */
const NUMBER = '^[-+]?[0-9]+(\\.[0-9]+)?$';

/**
 * A text cell as the CSV shows it (csvRows.ts): neutraliseFormula (excelCsv.ts) in SQL, an
 * apostrophe before text that starts with = + - @ tab or CR (9, 13, 43, 45, 61, 64) and is not a
 * number, and null for an empty text, which COPY would write as "".
 */
const textCell = (db: Knex, value: Knex.Raw) => db.raw(
  `case when ascii(?) in (9, 13, 43, 45, 61, 64) and ? !~ ? then '''' || ? else nullif(?, '') end`,
  [value, value, NUMBER, value, value]);

/** The values a catalog branch names (`common.status` → active, inactive): the keys of the bundled catalog. */
function branchKeys(path: string): string[] {
  let node: Catalog | string | undefined = bundledCatalogs.cn;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'object' ? Object.keys(node) : [];
}

/** A value's text, or the value itself where the catalog has none, as the screen shows it (`translate(key, { _: value })`). */
function translated(t: (id: string) => string, key: string, value: string): string {
  const text = t(key);
  return text === key ? value : text;
}

/**
 * The SQL of one cell of `table`'s rows, already as the CSV shows it. Labels and formats go in as
 * literals (toString() in csvRows.ts): COPY takes no parameters. Numbers, money and dates never
 * start with a formula character unless as a number, and are null, never '', when empty: no
 * neutralising.
 */
function cellSql(db: Knex, table: string, column: ExportColumn, reader: ExportReader, t: (id: string) => string): Knex.Raw {
  const value = column.sql ? db.raw(column.sql) : db.raw('??', [`${table}.${column.field}`]);
  const date = DATE_PATTERN[reader.locale];
  if (column.template) {
    return db.raw('replace(?, ?, ?::text)', [neutraliseFormula(t(column.template.key)), `%{${column.template.param}}`, value]);
  }
  if (column.translate) {
    const values = branchKeys(column.translate);
    return textCell(db, db.raw(`case ?::text ${values.map(() => 'when ? then ?').join(' ')} else ?::text end`,
      [value, ...values.flatMap((v) => [v, neutraliseFormula(translated(t, `${column.translate}.${v}`, v))]), value]));
  }
  switch (column.as) {
    case 'number': return db.raw('trim_scale(?)::text', [value]);
    case 'money': return db.raw('?::text', [value]);
    case 'date': return db.raw('to_char(?, ?)', [value, date]);
    case 'day': return db.raw('to_char(? at time zone ?, ?)', [value, reader.tz, date]);
    case 'instant': return db.raw('to_char(? at time zone ?, ?)', [value, reader.tz, `${date}${TIME_PATTERN[reader.locale]}`]);
    case 'dateRange': return db.raw(`to_char(??, ?) || ' – ' || to_char(??, ?)`,
      [`${table}.${column.field}From`, date, `${table}.${column.field}To`, date]);
    default: return textCell(db, db.raw('?::text', [value]));
  }
}

/** The file's name: what and when, in the reader's zone (`供应商_2026-11-27_0930.csv`). */
function exportFileName(title: string, tz: string, now = new Date()): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit',
    day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now).map((p) => [p.type, p.value]));
  return `${title}_${parts.year}-${parts.month}-${parts.day}_${parts.hour}${parts.minute}.csv`;
}

const namespacesOf = (keys: string[]) => [...new Set(keys.map((key) => key.split('.')[0]))];

const messageKeys = (def: ListExport, labels: string[]) => [def.title, ...labels,
  ...def.columns.flatMap((column) => [column.translate, column.template?.key].filter((key) => key !== undefined))];

const labelsOf = (def: ListExport & { resource: string }) =>
  def.columns.map((column) => column.label ?? `resources.${def.resource}.fields.${column.field}`);

/**
 * The cells of `rows` (a list's query, its rows under the alias `table`) as `def` declares them,
 * worked out by the database so that COPY writes the file without a line of JavaScript per row.
 */
export function csvCells(db: Knex, def: ListExport, table: string, rows: Knex.QueryBuilder, reader: ExportReader,
  t: (id: string) => string): Knex.QueryBuilder {
  def.join?.(rows);
  return rows.clearSelect()
    .select(def.columns.map((column, i) => db.raw('? as ??', [cellSql(db, table, column, reader, t), `c${i}`])));
}

/**
 * Answers `rows` (a list's query, filtered, scoped and permission-checked by its route; its rows
 * under the alias `table`) as the export `def` declares: UTF-8 with a BOM, the list's headers in
 * the reader's language (`loadTranslator`), the values as the screen shows them, streamed in the
 * list's `sort` order.
 */
export async function sendListCsv(ctx: Ctx, def: ListExport & { resource: string }, table: string, rows: Knex.QueryBuilder,
  sort: { field: string; order: RowOrder['order'] }, reader: ExportReader, loadTranslator: LoadTranslator): Promise<void> {
  const db = ctx.state.db;
  const labels = labelsOf(def);
  const t = await loadTranslator(db, reader.locale, namespacesOf(messageKeys(def, labels)));
  const cells = csvCells(db, def, table, rows, reader, t);
  // Fail on bad input before the first byte is sent.
  await cells.clone().limit(0);

  // The BOM and the header row exactly as csv-stringify writes them (neutralised, quoted).
  const head = await buffer(excelCsv(labels.map((label, i) => ({ key: `c${i}`, header: t(label) }))).end());
  ctx.type = 'text/csv; charset=utf-8';
  ctx.attachment(exportFileName(t(def.title), reader.tz));
  const order: RowOrder = { key: `${table}.${sort.field}`, id: `${table}.id`, order: sort.order };
  const body = await csvStream(db, head, cells, order);
  // koa-compress passes the body on with pipe(), which passes on no error: a failed export must
  // still cut the response off, not leave the download hanging.
  body.once('error', () => ctx.res.destroy());
  ctx.body = body;
}
