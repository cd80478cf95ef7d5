import type { Row } from '../resources/resource';

/** MTM numbers for a refusal: the first twenty, then how many more (no words: the admin shows them in its language). */
export function namedOrders(orders: Row[]): string {
  const shown = orders.slice(0, 20).map((o) => o.mtmNumber).join(', ');
  return orders.length > 20 ? `${shown}, … (+${orders.length - 20})` : shown;
}
