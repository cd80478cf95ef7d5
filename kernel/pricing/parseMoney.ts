/** What is wrong with a typed amount. */
export type MoneyProblem = 'amount' | 'negative' | 'precision' | 'max';

/** The largest price a person may type, as text. */
export const MAX_PRICE = '999999999.99';

/**
 * The server's English reason for each problem, after the field's name; the answer's field code
 * (api/src/middleware/validate.ts) is what the admin words in its language.
 */
export const MONEY_REASONS: Readonly<Record<MoneyProblem, string>> = {
  amount: 'must be an amount such as 12.50',
  negative: 'must not be negative',
  precision: 'has more than 2 decimals',
  max: `must be at most ${MAX_PRICE}`,
};

/**
 * The columns are numeric(12,2), ten whole digits, and an MTM price sums three of them: nine
 * whole digits each keeps even three maximal prices (2,999,999,999.97) inside the column.
 */
const MAX_WHOLE_DIGITS = MAX_PRICE.indexOf('.');
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Reads a typed money amount as exact decimal text, never through a float; '' is no amount.
 * Free of server code: the admin checks its inputs with the very same rule before a save.
 */
export function parseMoney(text: string): { amount: string | null } | { problem: MoneyProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { amount: null };
  const negative = trimmed.startsWith('-');
  const digits = negative ? trimmed.slice(1) : trimmed;
  const match = DECIMAL.exec(digits);
  if (!match) return { problem: 'amount' };
  if (negative && /[1-9]/.test(digits)) return { problem: 'negative' };
  if ((match[2] ?? '').length > 2) return { problem: 'precision' };
  if (match[1].replace(/^0+(?=\d)/, '').length > MAX_WHOLE_DIGITS) return { problem: 'max' };
  return { amount: digits };
}
