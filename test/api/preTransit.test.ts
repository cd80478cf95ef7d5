import { CLOSED, PRE_TRANSIT } from '@kernel/orders/delayKinds';
import { ORDER_STATUSES } from '@kernel/orders/statusFlow';
import { signedInAs } from '../helpers/httpClient';
import { createOrderReferences, placeIn } from '../helpers/orderReferences';
import { orderBody } from '../helpers/orders';
import { startTestApp, type TestApp } from '../helpers/testApp';

let app: TestApp;
afterAll(() => app?.close());

describe('the statuses before in_transit, in the kernel and in the counting triggers', () => {
  it("counts as not pulled out yet exactly the kernel's PRE_TRANSIT statuses (migrations/20261126000110_open_order_dates.ts keeps its own copy)", async () => {
    app = await startTestApp();
    const admin = await signedInAs(app.url, 'admin');
    const refs = await createOrderReferences(app, admin);
    const open = ORDER_STATUSES.filter((status) => !CLOSED.includes(status));
    // One open order per status, each on its own pickup date, so each count names its status.
    await app.db('orders').insert(open.map((status, n) => orderBody({ ...placeIn(refs, refs.otherArea), status,
      pickupDate: `2026-10-${String(n + 1).padStart(2, '0')}`, mosDate: '2026-11-30' })));
    const counted: Array<{ pickupDate: string; preTransit: boolean }> = await app.db('openOrderDates')
      .where({ deliveryAreaId: refs.otherArea }).orderBy('pickupDate').select('pickupDate', 'preTransit');
    expect(counted.map((row) => row.preTransit)).toEqual(open.map((status) => PRE_TRANSIT.includes(status)));
  });
});
