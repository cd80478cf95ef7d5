/** What is wrong with a typed amount. */
export type MoneyProblem = 'amount' | 'negative' | 'precision' | 'max';

/** numeric(12,2): ten digits before the point, two after. */
const MAX_WHOLE_DIGITS = 10;
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
