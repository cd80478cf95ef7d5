import { withheldFields, withoutWithheld } from '@kernel/permissions/fieldGroups';

const PURCHASE = ['basePurchasePrice', 'haulingBuyPrice', 'foulTripBuyPrice', 'mtmBuyPrice', 'buyTotal'];
const SALE = ['baseSalePrice', 'haulingSalePrice', 'foulTripSalePrice', 'mtmSalePrice', 'saleTotal'];
const BOTH_SIDES = ['margin', 'pricingNotSet', 'pricingComplete', 'priceSource'];

describe('what a person holding some field groups may not see (docs/roles-and-permissions.md#field-groups)', () => {
  it.each([
    { held: ['order.purchase_prices', 'order.sale_prices'] as const, type: 'order', withheld: [] },
    { held: ['order.sale_prices'] as const, type: 'order', withheld: [...PURCHASE, ...BOTH_SIDES] },
    { held: ['order.purchase_prices'] as const, type: 'order', withheld: [...SALE, ...BOTH_SIDES] },
    { held: [] as const, type: 'order', withheld: [...PURCHASE, ...SALE, ...BOTH_SIDES] },
    // A rate card carries the prices it gives orders, under the same names.
    { held: ['order.sale_prices'] as const, type: 'rate_card', withheld: [...PURCHASE, ...BOTH_SIDES] },
    // A record type with no groups withholds nothing, whatever is held.
    { held: [] as const, type: 'supplier', withheld: [] },
  ])('$type, holding $held', ({ held, type, withheld }) => {
    expect(new Set(withheldFields(type, held))).toEqual(new Set(withheld));
  });
});

describe('figures without what their reader may not see', () => {
  it('leaves out the withheld names and keeps the rest as they are', () => {
    const figures = { orders: 3, buyTotal: '10.00', saleTotal: '15.00', margin: '5.00' };
    expect(withoutWithheld(figures, new Set(withheldFields('order', ['order.sale_prices'])))).toEqual({ orders: 3, saleTotal: '15.00' });
    expect(withoutWithheld(figures, new Set(withheldFields('order', ['order.purchase_prices', 'order.sale_prices'])))).toEqual(figures);
  });
});
