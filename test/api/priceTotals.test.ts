import { PRICE_INPUTS, type PriceInput } from '@kernel/pricing/priceFields';
import { priceTotals } from '@kernel/pricing/priceTotals';
import { marginSql } from '../../api/src/pricing/margin';
import { signedInAs } from '../helpers/httpClient';
import { createOrderReferences, placeIn } from '../helpers/orderReferences';
import { createOrder } from '../helpers/orders';
import { startTestApp, type TestApp } from '../helpers/testApp';

let app: TestApp;
let orderId: number;

/** Price sets that reach every branch: none, one side, unset base prices, a loss, cents, the largest amounts. */
const SAMPLES: Array<Partial<Record<PriceInput, string>>> = [
  {},
  { haulingBuyPrice: '12.30' },
  { basePurchasePrice: '100.00' },
  { basePurchasePrice: '100.00', baseSalePrice: '100.05' },
  { basePurchasePrice: '0.10', haulingBuyPrice: '0.20', foulTripBuyPrice: '0.01', baseSalePrice: '0.00' },
  { haulingBuyPrice: '5.00', haulingSalePrice: '9.00', foulTripSalePrice: '1.50' },
  { basePurchasePrice: '250.00', foulTripBuyPrice: '20.00', baseSalePrice: '180.00', haulingSalePrice: '40.40' },
  { basePurchasePrice: '999999999.99', haulingBuyPrice: '999999999.99', foulTripBuyPrice: '0.01',
    baseSalePrice: '1000.00', foulTripSalePrice: '0.50' },
];

beforeAll(async () => {
  app = await startTestApp();
  const admin = await signedInAs(app.url, 'admin');
  const refs = await createOrderReferences(app, admin);
  orderId = (await createOrder(admin, placeIn(refs))).id;
});
afterAll(() => app?.close());

describe('the MTM prices and the margin, in SQL and in the kernel', () => {
  it.each(SAMPLES.map((prices) => [JSON.stringify(prices), prices] as const))(
    'sums %s alike in the generated columns, in margin.ts and in priceTotals', async (_name, prices) => {
      await app.db('orders').where({ id: orderId }).update(Object.fromEntries(PRICE_INPUTS.map((field) => [field, prices[field] ?? null])));
      const row = await app.db('orders').where({ id: orderId })
        .first('mtmBuyPrice', 'mtmSalePrice', app.db.raw(`(${marginSql('orders')})::text as margin`));
      const totals = priceTotals(prices);
      // The columns read 0.00 where the screen shows "—" (no price on that side yet).
      expect(row).toEqual({ mtmBuyPrice: totals.mtmBuyPrice ?? '0.00', mtmSalePrice: totals.mtmSalePrice ?? '0.00', margin: totals.margin });
    });
});
