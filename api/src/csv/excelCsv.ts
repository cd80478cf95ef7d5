import { stringify, type ColumnOption, type Stringifier } from 'csv-stringify';

/** A cell Excel would run as a formula: it starts with = + - @ or a tab or carriage return, and is not a number. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** Text cells that would start a formula get a leading apostrophe, so a name like "=HYPERLINK(…)" stays text. */
export const neutraliseFormula = (value: string): string =>
  (FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value);

/** A CSV stream for Excel: UTF-8 with a BOM (so Chinese text reads right), a header row, no formulas. */
export const excelCsv = (columns: ColumnOption[]): Stringifier =>
  stringify({ bom: true, header: true, columns, cast: { string: neutraliseFormula } });
