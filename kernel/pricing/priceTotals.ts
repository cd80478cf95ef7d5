import { parseMoney } from './parseMoney';
import { SIDES, type PriceInput } from './priceFields';

export type PriceTotal = (typeof SIDES)[number]['total'] | 'margin';

type Prices = Partial<Record<PriceInput, string | null>>;

const cents = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

const textOf = (total: number) => {
  const sign = total < 0 ? '-' : '';
  const abs = Math.abs(total);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** The sum of typed amounts in cents; null when none is there, undefined when one is not an amount. */
function sum(values: Array<string | null | undefined>): number | null | undefined {
  let total: number | null = null;
  for (const value of values) {
    const parsed = parseMoney(value ?? '');
    if ('problem' in parsed) return undefined;
    if (parsed.amount !== null) total = (total ?? 0) + cents(parsed.amount);
  }
  return total;
}

/**
 * The MTM prices and the margin as they read from the six prices, exactly (in cents, never through
 * a float). An MTM price is null ("—") until one of its side's prices is set (the database reads
 * 0.00 then); the margin is null until the pricing is set (both base prices). Used for saved
 * orders and for prices being typed alike. The database's generated columns
 * (migrations/20261123000060_orders.ts) and api/src/pricing/margin.ts state the same sums in SQL:
 * test/api/priceTotals.test.ts holds them equal.
 */
export function priceTotals(prices: Prices): Record<PriceTotal, string | null> {
  const [buy, sale] = SIDES.map(({ inputs }) => sum(inputs.map((field) => prices[field])));
  const set = sum([prices.basePurchasePrice]) != null && sum([prices.baseSalePrice]) != null;
  return {
    mtmBuyPrice: buy == null ? null : textOf(buy),
    mtmSalePrice: sale == null ? null : textOf(sale),
    margin: set && buy != null && sale != null ? textOf(sale - buy) : null,
  };
}
