import { stringify, type ColumnOption, type Options, type Stringifier } from 'csv-stringify';
import { stringify as stringifyAll } from 'csv-stringify/sync';

/** A cell Excel would run as a formula: it starts with = + - @ or a tab or carriage return, and is not a number. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** Text cells that would start a formula get a leading apostrophe, so a name like "=HYPERLINK(…)" stays text. */
export const neutraliseFormula = (value: string): string =>
  (FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value);

/** CSV for Excel: UTF-8 with a BOM (so Chinese text reads right), a header row, no formulas. */
const excelOptions = (columns: ColumnOption[]): Options => ({ bom: true, header: true, columns, cast: { string: neutraliseFormula } });

/** A CSV stream for Excel, to write rows into. */
export const excelCsv = (columns: ColumnOption[]): Stringifier => stringify(excelOptions(columns));

/** The same CSV as one text, for a file that is not streamed (a mail's attachment). */
export const excelCsvText = (columns: ColumnOption[], rows: Array<Record<string, unknown>>): string =>
  stringifyAll(rows, excelOptions(columns));
