/*
 * The one definition of "pricing set" and of the margin (docs/pricing.md#formula), as SQL over an
 * order row (`orders`, or the alias a query gives it). Pricing management shows and sums it; the
 * reports' materialisation sums it into the rollups: both count the same orders.
 */

/** "Pricing set": base purchase price and base sale price are both present. */
export const pricingSetSql = (orders = 'orders') =>
  `${orders}.base_purchase_price is not null and ${orders}.base_sale_price is not null`;

/**
 * An order's margin: MTM sale price − MTM buy price once its pricing is set, else null (no margin
 * yet). A sum of it counts the orders whose pricing is set only: an order without its purchase
 * price would otherwise add its whole sale as margin.
 */
export const marginSql = (orders = 'orders') =>
  `case when ${pricingSetSql(orders)} then ${orders}.mtm_sale_price - ${orders}.mtm_buy_price end`;
