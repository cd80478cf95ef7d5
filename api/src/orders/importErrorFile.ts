import type { Knex } from 'knex';
import type { Locale } from '@kernel/i18n/catalogs';
import { readableDates } from '@kernel/i18n/dateText';
import { importErrorText, type Translate } from '@kernel/orders/importErrorText';
import type { OrderImportError } from '@kernel/orders/orderImport';
import { excelCsv } from '../csv/excelCsv';
import type { Ctx } from '../resources/resource';
import { loadExcelJs } from './excelJs';
import { loadFillingTranslator } from '../translations/catalog';
import { isFormula, type Cell, type Sheet } from './importFile';

/** The live catalog's texts with their %{placeholders} filled, dates as the admin shows them. */
async function translator(db: Knex, locale: Locale): Promise<Translate> {
  const t = await loadFillingTranslator(db, locale, ['resources', 'order_import', 'order_validation', 'errors']);
  return (key, args) => t(key, args && readableDates(args, locale));
}

const cellText = (cell: Cell | undefined): string => (cell === null || cell === undefined ? '' : isFormula(cell) ? cell.formula : cell);

/**
 * Answers the rows of an import's file that have errors, as .xlsx or as CSV for Excel (BOM, no
 * formulas: csv/excelCsv.ts): each with its number, its cells as read and every problem of the
 * row in `locale`. Corrected, the file imports again: the row and error columns are left aside.
 */
export async function sendErrorFile(ctx: Ctx, { sheet, errors, format, locale }: {
  sheet: Sheet; errors: OrderImportError[]; format: 'xlsx' | 'csv'; locale: Locale;
}): Promise<void> {
  const t = await translator(ctx.state.db, locale);
  const problems = new Map<number, string[]>();
  for (const error of errors) {
    const problem = t('order_import.error_item', { field: t(`resources.orders.fields.${error.field}`), problem: importErrorText(error, t) });
    problems.set(error.row, [...problems.get(error.row) ?? [], problem]);
  }
  const [header, ...rows] = sheet.rows;
  const failed = rows.filter(({ row }) => problems.has(row));
  const width = Math.max(header.cells.length, ...failed.map(({ cells }) => cells.length));
  const cellsOf = (cells: Cell[]) => Array.from({ length: width }, (_, n) => cellText(cells[n]));
  const head = [t('order_import.column_row'), ...cellsOf(header.cells), t('order_import.column_errors')];
  const body = failed.map(({ row, cells }) => [row, ...cellsOf(cells), problems.get(row)!.join(t('order_import.error_separator'))]);
  ctx.attachment(`${t('order_import.errors_file')}.${format}`);
  if (format === 'csv') {
    const csv = excelCsv(head.map((title, n) => ({ key: String(n), header: title })));
    for (const cells of body) csv.write(Object.fromEntries(cells.map((cell, n) => [String(n), cell])));
    csv.end();
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = csv;
    return;
  }
  const workbook = new (await loadExcelJs()).Workbook();
  // Named as the template's first sheet: the corrected file is an order sheet again.
  const table = workbook.addWorksheet(t('order_import.template_sheets.orders'), { views: [{ state: 'frozen', ySplit: 1 }] });
  table.addRow(head).font = { bold: true };
  table.addRows(body);
  table.columns.forEach((column, n) => { column.width = n === 0 ? 8 : 18; });
  const errorColumn = table.getColumn(head.length);
  errorColumn.width = 60;
  errorColumn.alignment = { wrapText: true, vertical: 'top' };
  ctx.type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  ctx.body = Buffer.from(await workbook.xlsx.writeBuffer());
}
