import { HttpClient, signedInAs } from '../helpers/httpClient';
import { createOrderReferences, placeIn, type OrderReferences } from '../helpers/orderReferences';
import { createOrder } from '../helpers/orders';
import { useSignedInApp } from '../helpers/testApp';

// Tracking links (DESIGN §15, docs/tracking-links.md): an order's public page, for its receiver.
const { app, admin } = useSignedInApp({ admin: 'admin' });
let refs: OrderReferences;
let anyone: HttpClient;

beforeAll(async () => {
  refs = await createOrderReferences(app, admin);
  anyone = new HttpClient(app.url);
});

const linkOf = (id: number, renew = false) => admin.post(`/api/orders/${id}/tracking-link`, renew ? { renew } : {});
const track = (token: string) => anyone.get(`/api/public/track/${token}`);

describe('a tracking link', () => {
  it('is made once, shows the order without prices, people, contacts or notes, and a new one stops the old', async () => {
    const order = await createOrder(admin, { ...placeIn(refs), supplierId: refs.supplier, notes: 'Ring Ms Wang on 139 0000 1111' });
    await app.db('orders').where({ id: order.id }).update({ basePurchasePrice: '812.00', baseSalePrice: '977.00' });
    await admin.post(`/api/orders/${order.id}/transitions`, { to: 'awaiting_supplier_confirmation' });
    const made = await linkOf(order.id);
    expect(made.status).toBe(200);
    expect(made.body.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await linkOf(order.id)).body.token).toBe(made.body.token);

    const seen = await track(made.body.token);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(Object.keys(seen.body).sort()).toEqual(['completionDate', 'deliveryAreaName', 'dnNumber', 'mosDate', 'papers', 'pickupDate',
      'status', 'timeline']);
    expect(seen.body).toMatchObject({ dnNumber: order.dnNumber, status: 'awaiting_supplier_confirmation', deliveryAreaName: 'Dispatcher area',
      pickupDate: order.pickupDate, mosDate: order.mosDate, completionDate: null, papers: [] });
    expect(seen.body.timeline.map((event: { toStatus: string }) => event.toStatus)).toEqual(['booking_received', 'awaiting_supplier_confirmation']);
    const text = JSON.stringify(seen.body);
    const person = await app.db('users').where({ id: refs.dispatcherId }).first('firstName', 'lastName', 'username', 'email', 'phone');
    for (const secret of ['812', '977', 'Ms Wang', '139', 'Carrier One', person.username, person.firstName, person.lastName]) {
      expect([secret, text.includes(secret)]).toEqual([secret, false]);
    }
    expect((await app.db('activityLogs').where({ action: 'tracking_link', entityId: String(order.id) })).map((row) => row.changes))
      .toEqual([{ trackingLink: 'made' }]);

    const renewed = await linkOf(order.id, true);
    expect(renewed.body.token).not.toBe(made.body.token);
    expect((await track(renewed.body.token)).status).toBe(200);
    const old = await track(made.body.token);
    expect(old.status).toBe(404);
    const unknown = await track('AAAAAAAAAAAAAAAAAAAAAA');
    const malformed = await track('x');
    expect([unknown.status, malformed.status]).toEqual([404, 404]);
    // The same answer but for the request's own id.
    const same = ({ requestId: _id, ...answer }: Record<string, unknown>) => answer;
    expect(same(unknown.body)).toEqual(same(old.body));
    expect(same(malformed.body)).toEqual(same(old.body));
  });

  it('stops 30 days after completion or cancellation, and with its order deleted', async () => {
    const done = await createOrder(admin, placeIn(refs));
    const cancelled = await createOrder(admin, placeIn(refs));
    const deleted = await createOrder(admin, placeIn(refs));
    const [doneLink, cancelledLink, deletedLink] = [(await linkOf(done.id)).body.token, (await linkOf(cancelled.id)).body.token,
      (await linkOf(deleted.id)).body.token];
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await app.db('orders').where({ id: done.id }).update({ status: 'completed', completionDate: daysAgo(29) });
    expect((await track(doneLink)).body).toMatchObject({ status: 'completed', completionDate: expect.any(String) });
    await app.db('orders').where({ id: done.id }).update({ completionDate: daysAgo(31) });
    expect((await track(doneLink)).status).toBe(404);

    await admin.post(`/api/orders/${cancelled.id}/transitions`, { to: 'cancelled' });
    expect((await track(cancelledLink)).status).toBe(200);
    await app.db('orderEvents').where({ orderId: cancelled.id, toStatus: 'cancelled' }).update({ at: daysAgo(31) });
    expect((await track(cancelledLink)).status).toBe(404);

    expect((await admin.delete(`/api/orders/${deleted.id}`)).status).toBe(200);
    expect((await track(deletedLink)).status).toBe(404);
  });

  it('is made only by those who may see the order, and tells no webhook', async () => {
    const dispatcher = await signedInAs(app.url, 'regional_dispatcher');
    const foreign = await createOrder(admin, placeIn(refs, refs.otherArea));
    expect((await dispatcher.post(`/api/orders/${foreign.id}/tracking-link`, {})).status).toBe(404);
    const own = await createOrder(admin, placeIn(refs));
    expect((await dispatcher.post(`/api/orders/${own.id}/tracking-link`, {})).status).toBe(200);
    expect((await anyone.post(`/api/orders/${own.id}/tracking-link`, {})).status).toBe(401);
    expect((await admin.post(`/api/orders/${own.id}/tracking-link`, { renew: 'soon' })).status).toBe(400);
    await admin.create('/api/webhooks', { url: 'https://hooks.example.com/t', events: ['order.updated'] });
    await linkOf(own.id, true);
    expect(await app.db('webhookDeliveries').where({ orderId: own.id })).toEqual([]);
  });

  it('is one link when ten ask for it at once', async () => {
    const order = await createOrder(admin, placeIn(refs));
    const answers = await Promise.all(Array.from({ length: 10 }, () => linkOf(order.id)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => answer.body.token)).size).toBe(1);
    expect(await app.db('trackingLinks').where({ orderId: order.id }).pluck('token')).toEqual([answers[0].body.token]);
    expect(Number((await app.db('activityLogs').where({ action: 'tracking_link', entityId: String(order.id) }).count('* as n').first())?.n)).toBe(1);
  });

  it('is made by printing delivery notes, in the print\'s action, and kept by the next print; labels make none', async () => {
    const linked = await createOrder(admin, placeIn(refs));
    const fresh = await createOrder(admin, placeIn(refs));
    const labelled = await createOrder(admin, placeIn(refs));
    const { token } = (await linkOf(linked.id)).body;
    const notes = await admin.get(`/api/orders/delivery-notes?ids=${linked.id},${fresh.id}`);
    expect(Object.fromEntries(notes.body.map((note: { id: number; trackingToken: string | null }) => [note.id, note.trackingToken])))
      .toEqual({ [linked.id]: token, [fresh.id]: null });

    const printed = await admin.post('/api/orders/print', { ids: [linked.id, fresh.id], layout: 'delivery_notes' });
    expect(printed.status).toBe(200);
    const made = await app.db('trackingLinks').where({ orderId: fresh.id }).first('token');
    expect(printed.body.trackingTokens).toEqual({ [linked.id]: token, [fresh.id]: made.token });
    expect((await track(made.token)).body.dnNumber).toBe(fresh.dnNumber);
    const logged = await app.db('activityLogs').where({ actionId: printed.body.actionId }).orderBy('id').select('action', 'entityId', 'changes');
    expect(logged).toEqual([
      { action: 'print', entityId: String(linked.id), changes: { layout: 'delivery_notes' } },
      { action: 'print', entityId: String(fresh.id), changes: { layout: 'delivery_notes' } },
      { action: 'tracking_link', entityId: String(fresh.id), changes: { trackingLink: 'made' } },
    ]);
    const again = await admin.post('/api/orders/print', { ids: [fresh.id], layout: 'delivery_notes' });
    expect(again.body.trackingTokens).toEqual({ [fresh.id]: made.token });

    const labels = await admin.post('/api/orders/print', { ids: [labelled.id], layout: 'labels' });
    expect(labels.body.trackingTokens).toEqual({});
    expect(await app.db('trackingLinks').where({ orderId: labelled.id })).toEqual([]);
  });

  it('answers an address at most 30 look-ups a minute (429 with Retry-After)', async () => {
    const order = await createOrder(admin, placeIn(refs));
    const { token } = (await linkOf(order.id)).body;
    const answers = [];
    for (let n = 0; n < 31; n += 1) answers.push(await track(token));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(30);
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused[0].body.code).toBe('throttled');
  });
});
