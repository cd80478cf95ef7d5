import Papa from 'papaparse';
import { Webhook as Verifier } from 'standardwebhooks';
import { sendDueWebhooks } from '../../api/src/webhooks/webhookWorker';
import { PAUSE_AFTER_MS } from '../../api/src/webhooks/pausing';
import { createOrderReferences, placeIn, type OrderReferences } from '../helpers/orderReferences';
import { createOrder, orderBody } from '../helpers/orders';
import { runNotificationJob } from '../../api/src/notifications/notificationJob';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { useSignedInApp } from '../helpers/testApp';
import { resealSecrets, unseal } from '../../api/src/db/sealedSecret';
import { startWebhookReceiver, type Received, type WebhookReceiver } from '../helpers/webhookReceiver';

// The receivers run on this machine: the app may send to 127.0.0.1 (and only by that name).
const { app, admin } = useSignedInApp({ admin: 'admin' }, { env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_MS: '1000' } });
let refs: OrderReferences;
let receiver: WebhookReceiver;

beforeAll(async () => {
  refs = await createOrderReferences(app, admin);
});
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
  await app.db('webhooks').update({ active: false });
});

interface Made { id: number; secret: string }
const newWebhook = (body: Record<string, unknown>) => admin.create<Made>('/api/webhooks', { url: receiver.url, ...body });

/** Runs the worker's passes until one has nothing left to do (`now` its clock). */
async function deliverAll(now = new Date()): Promise<void> {
  while (await sendDueWebhooks(app.db, app.config, now) > 0);
}

/** Standard Webhooks' own check of a received delivery: throws unless `secret` signed it. */
const verify = (secret: string, entry: Received) => new Verifier(secret).verify(entry.body, entry.headers as Record<string, string>);

const deliveriesOf = (webhookId: number) => app.db('webhookDeliveries').where({ webhookId }).orderBy('id');

describe('webhooks', () => {
  it('shows the secret once, and tells each change of an order once, signed, in order, whatever wrote it', async () => {
    const hook = await newWebhook({ events: ['order.created', 'order.status_changed', 'order.updated', 'order.deleted', 'order.restored'] });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const read = await admin.get(`/api/webhooks/${hook.id}`);
    expect(read.body).toMatchObject({ url: receiver.url, active: true, userName: expect.any(String) });
    expect(JSON.stringify(read.body)).not.toContain(hook.secret.slice(6));

    const order = await createOrder(admin, placeIn(refs));
    expect((await admin.post(`/api/orders/${order.id}/transitions`, { to: 'awaiting_supplier_confirmation' })).status).toBe(200);
    const edited = await admin.post('/api/orders/bulk-edit', { ids: [order.id], changes: { notes: 'Gate 4' } });
    expect(edited.status).toBe(200);
    // The undo of the bulk edit is a change like any other.
    expect((await admin.post(`/api/actions/${edited.body.actionId}/undo`)).status).toBe(200);
    expect((await admin.delete(`/api/orders/${order.id}`)).status).toBe(200);
    expect((await admin.post('/api/trash/restore', { type: 'order', ids: [order.id] })).status).toBe(200);
    // Nothing is sent before the worker runs, and a change that rolls back queues nothing.
    expect((await admin.post(`/api/orders/${order.id}/transitions`, { to: 'completed' })).status).toBe(409);
    expect(receiver.received).toHaveLength(0);

    await deliverAll();
    expect(receiver.types()).toEqual(['order.created', 'order.updated', 'order.status_changed', 'order.updated', 'order.updated',
      'order.deleted', 'order.restored']);
    for (const entry of receiver.received) {
      expect(verify(hook.secret, entry)).toMatchObject({ type: entry.json.type });
      expect(entry.json.data.order).toMatchObject({ id: order.id, dnNumber: order.dnNumber });
      expect(entry.headers['webhook-id']).toBe(entry.json.id);
    }
    expect(new Set(receiver.received.map((entry) => entry.json.id)).size).toBe(7);
    expect(receiver.received[1].json.data.changes).toEqual({ status: { before: 'booking_received', after: 'awaiting_supplier_confirmation' } });
    expect(receiver.received[3].json.data).toMatchObject({ changes: { notes: { before: null, after: 'Gate 4' } }, actionId: edited.body.actionId });
    expect(receiver.received[4].json.data.changes.notes).toEqual({ before: 'Gate 4', after: null });
    expect((await deliveriesOf(hook.id)).map((row) => row.status)).toEqual(Array(7).fill('delivered'));
    // Another pass sends nothing again.
    await deliverAll();
    expect(receiver.received).toHaveLength(7);
  });

  it('tells an import of 1,000 orders and a rate card\'s prices, each order once', async () => {
    const hook = await newWebhook({ events: ['order.created', 'order.priced'] });
    const header = ['MTM number', 'DN number', 'Supplier', 'Pickup warehouse', 'Delivery area', 'Assigned user', 'Pickup date', 'MOS date'];
    // Due in years: the notification job of the test below finds them not late.
    const rows = Array.from({ length: 1000 }, (_, n) => [`HOOK-${n}`, `HOOK-DN-${n}`, 'Carrier One', 'W1', 'OWN', 'regional_dispatcher',
      '2036-10-01', '2036-10-06']);
    const form = new FormData();
    form.append('dryRun', 'false');
    form.append('expect', '1000');
    form.append('file', new Blob([Papa.unparse([header, ...rows])]), 'orders.csv');
    expect((await admin.post('/api/orders/import', form)).status).toBe(201);
    const supplier = (await admin.create('/api/suppliers', { name: 'Hooked Haulage', ...SUPPLIER_CONTACT })).id;
    await admin.create('/api/rate-cards', { name: 'Hook card', supplierId: supplier, validFrom: '2026-01-01', basePurchasePrice: '1', baseSalePrice: '2' });
    const completed = await app.db('orders').insert([1, 2].map(() => orderBody({ ...placeIn(refs), supplierId: supplier, status: 'completed',
      completionDate: '2026-10-20T08:00:00Z' }))).returning('id');
    expect((await admin.post('/api/rate-cards/apply', { ids: completed.map((row) => row.id) })).body.priced).toBe(2);
    await deliverAll();
    const created = receiver.received.filter((entry) => entry.json.type === 'order.created');
    expect(created.map((entry) => entry.json.data.order.mtmNumber)).toEqual(rows.map((row) => row[0]));
    const priced = receiver.received.filter((entry) => entry.json.type === 'order.priced');
    expect(priced.map((entry) => [entry.json.data.order.id, entry.json.data.changes.basePurchasePrice]))
      .toEqual(completed.map((row) => [row.id, { before: null, after: '1.00' }]));
    expect(receiver.received).toHaveLength(1002);
    expect(await deliveriesOf(hook.id)).toHaveLength(1002);
  });

  it('tells only the events and the areas a webhook asks for', async () => {
    const hook = await newWebhook({ events: ['order.created'], deliveryAreaIds: [refs.otherArea] });
    const inArea = await createOrder(admin, placeIn(refs, refs.otherArea));
    await createOrder(admin, placeIn(refs, refs.ownArea));
    await admin.post(`/api/orders/${inArea.id}/transitions`, { to: 'awaiting_supplier_confirmation' });
    await deliverAll();
    expect(receiver.received.map((entry) => [entry.json.type, entry.json.data.order.id])).toEqual([['order.created', inArea.id]]);
    expect((await admin.get(`/api/webhooks/${hook.id}`)).body.deliveryAreaIds).toEqual([refs.otherArea]);
  });

  it('tells once of an order found late, per delay, however often the notification job runs', async () => {
    const hook = await newWebhook({ events: ['order.late'] });
    const [{ id }] = await app.db('orders').insert(orderBody({ ...placeIn(refs), pickupDate: '2020-01-01', mosDate: '2020-01-03' })).returning('id');
    await runNotificationJob(app.db, app.config);
    const queued = (await deliveriesOf(hook.id)).length;
    await runNotificationJob(app.db, app.config);
    expect(await deliveriesOf(hook.id)).toHaveLength(queued);
    await deliverAll();
    // The other tests' orders, picked up on 2026-11-20, are late too.
    expect(receiver.received.filter((entry) => entry.json.data.order.id === id).map((entry) => [entry.json.type, entry.json.data.changes]))
      .toEqual([['order.late', { delay: 'pulling_out' }], ['order.late', { delay: 'mos' }]]);
    expect(receiver.received).toHaveLength(queued);
  });

  it('retries a receiver that fails or hangs, keeps the order meanwhile, and delivers everything once it answers', async () => {
    const hook = await newWebhook({ events: ['order.created'] });
    const first = await createOrder(admin, placeIn(refs));
    const second = await createOrder(admin, placeIn(refs));
    receiver.answer(500);
    const start = new Date();
    await deliverAll(start);
    // Only the first was tried: the second waits behind it.
    expect(receiver.received).toHaveLength(1);
    let rows = await deliveriesOf(hook.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([['pending', 1], ['pending', 0]]);
    expect(rows[0]).toMatchObject({ responseStatus: 500, lastError: 'HTTP 500: receiver is down' });
    expect(rows[0].nextAttemptAt.getTime() - start.getTime()).toBeGreaterThanOrEqual(60_000);
    expect((await app.db('webhooks').where({ id: hook.id }).first()).failingSince).not.toBeNull();

    // Not due before its minute; then the receiver hangs past the timeout: a second failure, 2 minutes on.
    await deliverAll(new Date(start.getTime() + 30_000));
    expect(receiver.received).toHaveLength(1);
    receiver.answer('hang');
    const hanging = deliverAll(new Date(start.getTime() + 61_000));
    // The app answers meanwhile: a pass holds no connection while it waits for a receiver.
    const began = performance.now();
    expect((await admin.get('/api/orders')).status).toBe(200);
    console.info(`GET /api/orders while a delivery hangs: ${Math.round(performance.now() - began)} ms`);
    await hanging;
    rows = await deliveriesOf(hook.id);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 2, responseStatus: null, lastError: expect.stringMatching(/^timeout/) });

    receiver.answer(200);
    await deliverAll(new Date(start.getTime() + 61_000 + 120_000));
    const delivered = receiver.received.slice(1);
    expect(delivered.map((entry) => entry.json.data.order.id)).toEqual([first.id, second.id]);
    expect(delivered[0].json.id).toBe(receiver.received[0].json.id);
    expect((await deliveriesOf(hook.id)).map((row) => [row.status, row.attempts])).toEqual([['delivered', 3], ['delivered', 1]]);
    expect((await app.db('webhooks').where({ id: hook.id }).first()).failingSince).toBeNull();
  });

  it('delivers to a receiver that was down once it is up', async () => {
    const hook = await newWebhook({ events: ['order.created'] });
    const url = receiver.url;
    await receiver.close();
    await createOrder(admin, placeIn(refs));
    const start = new Date();
    await deliverAll(start);
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('ECONNREFUSED') });
    receiver = await startWebhookReceiver();
    await admin.put(`/api/webhooks/${hook.id}`, { url: receiver.url });
    expect(url).not.toBe(receiver.url);
    await deliverAll(new Date(start.getTime() + 61_000));
    expect(receiver.types()).toEqual(['order.created']);
  });

  it('gives up a delivery after 24 hours, and pauses a webhook failing for 3 days, in the log', async () => {
    const hook = await newWebhook({ events: ['order.created'] });
    await createOrder(admin, placeIn(refs));
    receiver.answer(503);
    const start = new Date();
    await deliverAll(start);
    await app.db('webhooks').where({ id: hook.id }).update({ failingSince: new Date(start.getTime() - PAUSE_AFTER_MS + 1000) });
    await deliverAll(new Date(start.getTime() + 25 * 3_600_000));
    const [row] = await deliveriesOf(hook.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    const paused = await app.db('webhooks').where({ id: hook.id }).first();
    expect(paused).toMatchObject({ active: false, pausedAt: expect.any(Date) });
    const logged = await app.db('activityLogs').where({ entityType: 'webhook', entityId: String(hook.id), action: 'pause' });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ userId: null, changes: { active: { before: true, after: false } } });
    // The admins are told, in the bell (and by mail, as each chose).
    const { body: [told] } = await admin.get('/api/notifications');
    expect(told).toMatchObject({ kind: 'webhook_paused', subjectWebhookId: hook.id, webhookUrl: receiver.url, readAt: null });
    // A paused webhook queues nothing; made active again, its failures start anew.
    await createOrder(admin, placeIn(refs));
    expect(await deliveriesOf(hook.id)).toHaveLength(1);
    const resumed = await admin.put(`/api/webhooks/${hook.id}`, { active: true });
    expect(resumed.body).toMatchObject({ active: true, pausedAt: null, failingSince: null });
  });

  it('sends again what a stopped instance left mid-delivery, once its claim has run out', async () => {
    const hook = await newWebhook({ events: ['order.created'] });
    await createOrder(admin, placeIn(refs));
    // As a pass claims it (webhookWorker.ts), and as a process stopped in the middle of sending leaves it.
    const start = new Date();
    await app.db('webhookDeliveries').where({ webhookId: hook.id }).update({ status: 'sending', nextAttemptAt: new Date(start.getTime() + 60_000) });
    await deliverAll(start);
    expect(receiver.received).toHaveLength(0);
    await deliverAll(new Date(start.getTime() + 61_000));
    expect(receiver.types()).toEqual(['order.created']);
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('redelivers the same message on request', async () => {
    const hook = await newWebhook({ events: ['order.created'] });
    await createOrder(admin, placeIn(refs));
    await deliverAll();
    const [row] = await deliveriesOf(hook.id);
    const again = await admin.post(`/api/webhook-deliveries/${row.id}/redeliver`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'pending', webhookId: hook.id });
    await deliverAll();
    expect(receiver.received.map((entry) => entry.json.id)).toEqual([row.messageId, row.messageId]);
    expect(receiver.received[1].body).toBe(receiver.received[0].body);
    const list = await admin.get(`/api/webhook-deliveries?filter=${encodeURIComponent(JSON.stringify({ webhookId: hook.id }))}`);
    expect(list.body).toEqual([expect.objectContaining({ id: row.id, status: 'delivered', attempts: 2, responseStatus: 200 })]);
    expect(await app.db('activityLogs').where({ action: 'redeliver', entityType: 'webhook', entityId: String(hook.id) })).toHaveLength(1);
    expect((await admin.post('/api/webhook-deliveries/999999/redeliver')).status).toBe(404);
  });

  it('keeps its signing secret sealed at rest; one kept as it was before still signs, and is sealed at the next start', async () => {
    const hook = await newWebhook({ events: ['order.created'] });
    const stored = async () => (await app.db('webhooks').where({ id: hook.id }).first('signingSecret')).signingSecret as string;
    // A copy of the database does not give the secret away: it could sign deliveries the receiver trusts.
    expect(await stored()).toMatch(/^v1\./);
    expect(await stored()).not.toContain(hook.secret.slice(6));
    await createOrder(admin, placeIn(refs));
    await deliverAll();
    // As kept before secrets were sealed.
    await app.db('webhooks').where({ id: hook.id }).update({ signingSecret: hook.secret });
    await createOrder(admin, placeIn(refs));
    await deliverAll();
    expect(await resealSecrets(app.db, app.config.sessionKeys)).toEqual({ resealed: 1, unreadable: 0 });
    expect(unseal(await stored(), app.config.sessionKeys, 'webhook')).toEqual({ plain: hook.secret, keyIndex: 0 });
    await createOrder(admin, placeIn(refs));
    await deliverAll();
    expect(receiver.types()).toEqual(['order.created', 'order.created', 'order.created']);
    for (const entry of receiver.received) expect(() => verify(hook.secret, entry)).not.toThrow();
  });

  it('rotates its secret: answered once, the old one signing beside it for 24 hours', async () => {
    const hook = await newWebhook({ events: ['order.created'] });
    const rotated = await admin.put(`/api/webhooks/${hook.id}`, { rotateSecret: true });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    expect((await admin.get(`/api/webhooks/${hook.id}`)).body.secret).toBeUndefined();
    const [log] = await app.db('activityLogs').where({ entityType: 'webhook', entityId: String(hook.id), action: 'update' });
    expect(JSON.stringify(log.changes)).not.toContain(rotated.body.secret.slice(6));
    await createOrder(admin, placeIn(refs));
    await deliverAll();
    const [entry] = receiver.received;
    expect(String(entry.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => verify(rotated.body.secret, entry)).not.toThrow();
    expect(() => verify(hook.secret, entry)).not.toThrow();
  });

  it('refuses private, loopback and metadata addresses, and a name resolving to one, unless allowed', async () => {
    for (const url of ['http://10.0.0.8/hook', 'http://169.254.169.254/latest/meta-data', 'http://[::1]:8080/', 'http://[::ffff:7f00:1]/',
      'https://100.100.100.200/']) {
      const refused = await admin.post('/api/webhooks', { url, events: ['order.created'] });
      expect([url, refused.status, refused.body.fields?.url?.code]).toEqual([url, 400, 'address_refused']);
    }
    expect((await admin.post('/api/webhooks', { url: 'ftp://example.com/x', events: ['order.created'] })).status).toBe(400);
    expect((await admin.post('/api/webhooks', { url: 'https://example.com/x', events: ['order.shipped'] })).status).toBe(400);
    // A name is checked when it is sent: localhost is 127.0.0.1, which only that name is allowed here.
    const hook = await newWebhook({ url: receiver.url.replace('127.0.0.1', 'localhost'), events: ['order.created'] });
    await createOrder(admin, placeIn(refs));
    await deliverAll();
    expect(receiver.received).toHaveLength(0);
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: 'pending', lastError: expect.stringMatching(/^address_refused: localhost is .*127\.0\.0\.1/) });
  });
});
