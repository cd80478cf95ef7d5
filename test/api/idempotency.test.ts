import http from 'node:http';
import { eventually } from '../helpers/eventually';
import { newToken, signedInAs, tokenClient } from '../helpers/httpClient';
import { createOrderReferences, placeIn, type OrderReferences } from '../helpers/orderReferences';
import { createOrder, orderBody } from '../helpers/orders';
import { useSignedInApp } from '../helpers/testApp';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

// A short wait for the first call of a key, so that "still running" shows within a test: under the 5 s each of
// the first call's statements may wait for its lock (db/deadline.ts), long enough for ten orders at once on a slow machine.
const { app, admin, manager } = useSignedInApp({ admin: 'admin', manager: 'manager' }, { env: { IDEMPOTENCY_WAIT_MS: '4000' } });
const onServer = process.env.TEST_DB_KIND === 'postgres';

const keyed = (key: string) => ({ 'Idempotency-Key': key });
/** A POST as the admin with an Idempotency-Key written byte for byte. */
function rawPost(path: string, body: object, key: string): Promise<{ status: number; body: { fields?: object } }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${app.url}${path}`, { method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookieHeader, 'idempotency-key': key } }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => { text += chunk; });
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

let made: OrderReferences | undefined;
const references = async () => (made ??= await createOrderReferences(app, admin));

const count = async (table: string, where: object) => Number((await app.db(table).where(where).count({ n: '*' }).first())!.n);

describe('Idempotency-Key', () => {
  it('answers a repeated write with its first answer, writing once', async () => {
    const body = { name: 'Once Freight', ...SUPPLIER_CONTACT };
    const first = await admin.request('POST', '/api/suppliers', body, keyed('supplier-once'));
    const again = await admin.request('POST', '/api/suppliers', body, keyed('supplier-once'));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await count('suppliers', { name: 'Once Freight' })).toBe(1);
    expect(await count('activityLogs', { entityType: 'supplier', entityId: String(first.body.id) })).toBe(1);
  });

  it('gives ten identical calls at once one order and ten equal answers', async () => {
    const body = orderBody({ ...placeIn(await references()), mtmNumber: 'IDEM-10' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => admin.request('POST', '/api/orders', body, keyed('order-ten'))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect(await count('orders', { mtmNumber: 'IDEM-10' })).toBe(1);
  });

  it('refuses the key for another body (422), keeps keys apart per user and token, and refuses a bad key (400)', async () => {
    const path = '/api/warehouses';
    expect((await admin.request('POST', path, { code: 'W-K1', name: 'Key one' }, keyed('shared-key'))).status).toBe(201);
    const reused = await admin.request('POST', path, { code: 'W-K2', name: 'Key two' }, keyed('shared-key'));
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('idempotency_key_reused');
    expect(await count('warehouses', { code: 'W-K2' })).toBe(0);
    // The same key is another user's own, and a token's own.
    expect((await manager.request('POST', path, { code: 'W-K3', name: 'Key three' }, keyed('shared-key'))).status).toBe(201);
    const managerId = (await app.db('users').where({ username: 'manager' }).first('id')).id;
    const token = tokenClient(app.url, await newToken(admin, managerId));
    expect((await token.request('POST', path, { code: 'W-K4', name: 'Key four' }, keyed('shared-key'))).status).toBe(201);
    // Longer than 255, a tab inside, a Latin-1 letter: not printable ASCII (sent by node:http, as fetch refuses the last two).
    for (const bad of ['x'.repeat(256), 'tab\there', 'café']) {
      const answer = await rawPost(path, { code: 'W-BAD', name: 'Bad key' }, bad);
      expect({ bad, status: answer.status, field: Object.keys(answer.body.fields ?? {}) }).toEqual({ bad, status: 400, field: ['Idempotency-Key'] });
    }
    expect(await count('warehouses', { code: 'W-BAD' })).toBe(0);
  });

  it('takes a repeated upload as the same call, though its multipart boundary is new', async () => {
    const order = await createOrder(admin, placeIn(await references()));
    const upload = () => {
      const form = new FormData();
      form.append('kind', 'receipt');
      form.append('file', new Blob(['%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n'], { type: 'application/pdf' }), 'receipt.pdf');
      return admin.request('POST', `/api/orders/${order.id}/attachments`, form, keyed('upload-once'));
    };
    const first = await upload();
    const again = await upload();
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await count('orderAttachments', { orderId: order.id })).toBe(1);
  });

  it('forgets a first answer after 24 hours: the key then makes a new write', async () => {
    const body = { code: 'W-DAY', name: 'Day one' };
    // More leftovers of other keys than two writes' cleaning takes (20 each): this key's own is still forgotten.
    await app.db('idempotencyKeys').insert(Array.from({ length: 60 }, (_, n) => ({ holder: 'user:0', key: `old-${n}`, fingerprint: 'x',
      status: 201, answer: 'null', createdAt: new Date(Date.now() - 30 * 60 * 60 * 1000) })));
    expect((await admin.request('POST', '/api/warehouses', body, keyed('a-day-ago'))).status).toBe(201);
    await app.db('idempotencyKeys').where({ key: 'a-day-ago' }).update({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    await app.db('warehouses').where({ code: 'W-DAY' }).delete();
    const later = await admin.request('POST', '/api/warehouses', body, keyed('a-day-ago'));
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await count('warehouses', { code: 'W-DAY' })).toBe(1);
  });

  it('keeps nothing of a refused write: its retry with the same key runs anew', async () => {
    const refused = await admin.request('POST', '/api/vehicle-types', { code: 'T-IDEM' }, keyed('fix-and-retry'));
    expect(refused.status).toBe(400);
    const fixed = await admin.request('POST', '/api/vehicle-types', { code: 'T-IDEM' }, keyed('fix-and-retry'));
    expect(fixed.status).toBe(400);
    const other = await admin.request('POST', '/api/vehicle-types', { code: 'T-IDEM', name: 'Idem truck' }, keyed('fix-and-retry'));
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
  });

  it('is not read without a signed-in user: sign-in takes no key', async () => {
    const client = await signedInAs(app.url, 'team_leader');
    const answer = await client.request('POST', '/api/login', { username: 'team_leader', password: 'wrong password' }, keyed('login'));
    expect(answer.status).toBe(401);
    expect(await count('idempotencyKeys', { key: 'login' })).toBe(0);
  });

  (onServer ? it : it.skip)('answers 409 with Retry-After while the first call still runs, then its answer', async () => {
    const supplier = await admin.create('/api/suppliers', { name: 'Slow Freight', ...SUPPLIER_CONTACT });
    const holder = await app.db.transaction();
    try {
      await holder('suppliers').where({ id: supplier.id }).forUpdate().first();
      const first = admin.request('PUT', `/api/suppliers/${supplier.id}`, { shortName: 'SLOW' }, keyed('slow-one'));
      // The first has taken the key (and waits for the row) before the second comes.
      await eventually(async () => expect(await count('idempotencyKeys', { key: 'slow-one' })).toBe(1));
      const waiting = await admin.request('PUT', `/api/suppliers/${supplier.id}`, { shortName: 'SLOW' }, keyed('slow-one'));
      expect(waiting.status).toBe(409);
      expect(waiting.body.code).toBe('idempotency_in_progress');
      expect(waiting.headers.get('retry-after')).toBe('1');
      await holder.commit();
      expect((await first).status).toBe(200);
    } finally {
      if (!holder.isCompleted()) await holder.rollback();
    }
    const replayed = await admin.request('PUT', `/api/suppliers/${supplier.id}`, { shortName: 'SLOW' }, keyed('slow-one'));
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body.version).toBe(supplier.version + 1);
  });
});
