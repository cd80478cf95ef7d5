import { priceTotals } from '@kernel/pricing/priceTotals';

describe('the MTM prices and margin shown for an order', () => {
  it('shows none until a price exists, where the database reads 0.00', () => {
    expect(priceTotals({})).toEqual({ mtmBuyPrice: null, mtmSalePrice: null, margin: null });
    expect(priceTotals({ basePurchasePrice: null, haulingBuyPrice: '' })).toEqual(
      { mtmBuyPrice: null, mtmSalePrice: null, margin: null });
  });

  it('sums each side exactly, and a margin only once both base prices are set', () => {
    expect(priceTotals({ basePurchasePrice: '0.10', haulingBuyPrice: '0.20' }))
      .toEqual({ mtmBuyPrice: '0.30', mtmSalePrice: null, margin: null });
    expect(priceTotals({ basePurchasePrice: '999999999.99', haulingBuyPrice: '999999999.99', foulTripBuyPrice: '0.01',
      baseSalePrice: '1000', foulTripSalePrice: '0.5' }))
      .toEqual({ mtmBuyPrice: '1999999999.99', mtmSalePrice: '1000.50', margin: '-1999998999.49' });
    expect(priceTotals({ basePurchasePrice: '100', baseSalePrice: '100.05' }).margin).toBe('0.05');
  });

  it('follows prices as they are typed, showing nothing for a side with an unreadable amount', () => {
    expect(priceTotals({ basePurchasePrice: '12.', baseSalePrice: '1.234' }))
      .toEqual({ mtmBuyPrice: null, mtmSalePrice: null, margin: null });
    expect(priceTotals({ basePurchasePrice: ' 12.5 ', baseSalePrice: '20' }))
      .toEqual({ mtmBuyPrice: '12.50', mtmSalePrice: '20.00', margin: '7.50' });
  });
});
