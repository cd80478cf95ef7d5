import { parseMoney, type MoneyProblem } from './parseMoney';

/** The most rows one paste saves (docs/pricing.md#pasting-a-block): the server's limit and the grid's. */
export const MAX_PASTE_ROWS = 500;

/**
 * A block copied from a spreadsheet (Excel, Google Sheets, LibreOffice): rows by newline, cells by
 * tab. The newline a copied block ends with adds no row; a cell keeps its text as typed.
 */
export function readBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines.map((line) => line.split('\t'));
}

/** Currency signs and the spaces a spreadsheet's number formats add around and inside a number. */
const DECORATION = /[¥￥$\s\u00a0\u202f]/g;
/** Digits grouped by thousands: 1,234 or 1,234,567.50. */
const GROUPED = /^-?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * One pasted cell as a price: the text a spreadsheet shows for a number ("1,234.50", "¥1,234.50",
 * " 12 ") read as the exact amount, or why it is none. An empty cell is `undefined`: it leaves the
 * price as it is (a gap in a block never clears a typed price).
 */
export function readPastedAmount(cell: string): { amount: string } | { problem: MoneyProblem } | undefined {
  const bare = cell.replace(DECORATION, '');
  if (bare === '') return undefined;
  const plain = GROUPED.test(bare) ? bare.replace(/,/g, '') : bare;
  const parsed = parseMoney(plain);
  if ('problem' in parsed) return parsed;
  return { amount: parsed.amount! };
}
