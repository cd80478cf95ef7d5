/**
 * The purchase side and the sale side of an order's prices (docs/pricing.md#fields): three typed
 * prices each, and the MTM price the database sums from them.
 */
export const SIDES = [
  { side: 'buy', inputs: ['basePurchasePrice', 'haulingBuyPrice', 'foulTripBuyPrice'], total: 'mtmBuyPrice' },
  { side: 'sale', inputs: ['baseSalePrice', 'haulingSalePrice', 'foulTripSalePrice'], total: 'mtmSalePrice' },
] as const;

/** The six prices a person types. */
export const PRICE_INPUTS = SIDES.flatMap((s) => s.inputs);
export type PriceInput = (typeof PRICE_INPUTS)[number];
