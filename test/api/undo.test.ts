import { randomUUID } from 'node:crypto';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';
import { completedOrders, createOrderReferences, placeIn, type OrderReferences } from '../helpers/orderReferences';
import { createOrder } from '../helpers/orders';
import { statementsDuring } from '../helpers/statements';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

// Undo of an action by its id (docs/undo.md): one transaction, its own log rows, refused whole.
const { app, admin, leader, biller, manager } = useSignedInApp({ admin: 'admin', leader: 'team_leader', biller: 'biller', manager: 'manager' });
let refs: OrderReferences;
let dispatcher: HttpClient;

beforeAll(async () => {
  refs = await createOrderReferences(app, admin);
  dispatcher = await signedInAs(app.url, 'regional_dispatcher');
});

const undo = (client: HttpClient, actionId: string) => client.post(`/api/actions/${actionId}/undo`);

const lastAction = async (action: string, entityType: string, id: number) => (await app.db('activityLogs')
  .where({ action, entityType, entityId: String(id) }).orderBy('id', 'desc').first()).actionId as string;
const stored = (table: string, id: number) => app.db(table).where({ id }).first();


/** Deletes each record with one request, sharing an action id the server issued, as the admin's bulk delete does. */
async function bulkDelete(client: HttpClient, path: string, ids: number[]): Promise<string> {
  const { actionId } = (await client.post('/api/actions', {})).body;
  for (const id of ids) {
    const answer = await client.request('DELETE', `${path}/${id}`, undefined, { 'X-Action-Id': actionId });
    expect(answer.status).toBe(200);
  }
  return actionId;
}

const completionDates = async (ids: number[]) => (await app.db('orders').whereIn('id', ids).orderBy('id').select('completionDate'))
  .map((o) => new Date(o.completionDate).toISOString());

describe('undo of an action', () => {
  it('puts back the 3 warehouses of a bulk delete, with one undo row each naming the action', async () => {
    const ids = [];
    for (const n of [1, 2, 3]) ids.push((await admin.create('/api/warehouses', { code: `UW${n}`, name: `Undo DC ${n}` })).id);
    const actionId = await bulkDelete(admin, '/api/warehouses', ids);
    expect((await admin.get('/api/warehouses?filter={"q":"Undo DC"}')).body).toHaveLength(0);

    const answer = await undo(admin, actionId);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ actionId: expect.any(String), undone: 3, undoneActionId: actionId });
    expect((await admin.get('/api/warehouses?filter={"q":"Undo DC"}')).body.map((w: { id: number }) => w.id).sort()).toEqual([...ids].sort());
    const rows = await app.db('activityLogs').where({ actionId: answer.body.actionId }).orderBy('id');
    expect(rows.map((r) => [r.action, r.entityType, Number(r.entityId)])).toEqual(ids.map((id) => ['undo', 'warehouse', id]));
    expect(rows[0].changes).toEqual({ deletedAt: { before: expect.any(String), after: null },
      deletedBy: { before: expect.any(Number), after: null }, undoneAction: { before: null, after: actionId } });
    expect(rows[0].entityLabel).toBe('Undo DC 1');
    // Versions went up, as every write's do.
    expect((await app.db('warehouses').whereIn('id', ids)).every((w) => w.version === 3)).toBe(true);

    // The undo undone: back in the trash, dated and signed as the delete had them.
    expect((await undo(admin, answer.body.actionId)).body.undone).toBe(3);
    const trashed = await app.db('warehouses').whereIn('id', ids).orderBy('id');
    expect(trashed.map((w) => [new Date(w.deletedAt).toISOString(), w.deletedBy]))
      .toEqual(rows.map((r) => [r.changes.deletedAt.before, r.changes.deletedBy.before]));
  });

  it('puts back a single order delete, its own action', async () => {
    const order = await createOrder(admin, placeIn(refs));
    await admin.delete(`/api/orders/${order.id}`);
    const { actionId } = await app.db('activityLogs').where({ action: 'delete', entityType: 'order', entityId: String(order.id) }).first();
    expect((await undo(admin, actionId)).status).toBe(200);
    expect((await admin.get(`/api/orders/${order.id}`)).body).toMatchObject({ id: order.id, mtmNumber: order.mtmNumber });
  });

  it('puts back the completion dates of a batch, then an undo of the undo sets them again', async () => {
    const ids = await completedOrders(app, refs, 'BATCH', 3);
    const batch = await admin.post('/api/orders/batch-completion-date', { ids, completionDate: '2026-11-01T09:30:00Z' });
    expect(batch.body).toEqual({ updated: 3, actionId: expect.any(String) });
    const first = await undo(leader, batch.body.actionId);
    expect(first.body.undone).toBe(3);
    expect(await completionDates(ids)).toEqual(Array(3).fill('2026-10-20T08:00:00.000Z'));

    const again = await undo(admin, first.body.actionId);
    expect(again.status).toBe(200);
    expect(await completionDates(ids)).toEqual(Array(3).fill('2026-11-01T09:30:00.000Z'));
    expect((await app.db('orders').whereIn('id', ids)).every((o) => o.version === 4)).toBe(true);
  });

  it('moves a status back with its timeline event and its completion date as logged', async () => {
    const [id] = await completedOrders(app, refs, 'STATUS', 1);
    // Completing it again needs its proof of delivery, as any completion does.
    await app.db('orderAttachments').insert({ orderId: id, kind: 'pod', fileName: 'pod.pdf', contentType: 'application/pdf', size: 1, content: Buffer.from('%') });
    const moved = await admin.post(`/api/orders/${id}/transitions`, { to: 'awaiting_pod_upload' });
    expect(moved.body).toMatchObject({ status: 'awaiting_pod_upload', completionDate: null });
    const { actionId } = await app.db('activityLogs').where({ action: 'status_change', entityId: String(id) }).first();
    expect((await undo(admin, actionId)).status).toBe(200);
    const order = (await admin.get(`/api/orders/${id}`)).body;
    expect(order).toMatchObject({ status: 'completed', completionDate: '2026-10-20T08:00:00.000Z' });
    const events = await app.db('orderEvents').where({ orderId: id }).orderBy('id');
    expect(events.at(-1)).toMatchObject({ fromStatus: 'awaiting_pod_upload', toStatus: 'completed' });
  });

  it('is refused whole, naming the record, after someone edited one of its records; nothing changes', async () => {
    const ids = await completedOrders(app, refs, 'EDITED', 3);
    const batch = await admin.post('/api/orders/batch-completion-date', { ids, completionDate: '2026-11-02T09:30:00Z' });
    await leader.put(`/api/orders/${ids[1]}`, { notes: 'changed meanwhile' });
    const look = await admin.get(`/api/actions/${batch.body.actionId}`);
    expect(look.body).toMatchObject({ action: 'batch_update', count: 3, records: 3, entityTypes: ['order'], undoable: false,
      refusal: { code: 'changed_since', params: { records: 'EDITED-MTM-2', count: 1 } } });

    const answer = await undo(admin, batch.body.actionId);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'changed_since', params: { records: 'EDITED-MTM-2' } });
    expect(await completionDates(ids)).toEqual(Array(3).fill('2026-11-02T09:30:00.000Z'));
    expect(await app.db('activityLogs').where({ action: 'undo' }).whereIn('entityId', ids.map(String))).toHaveLength(0);
  });

  it('is refused once it has been undone, and for a purged record', async () => {
    const warehouse = await admin.create('/api/warehouses', { code: 'UPURGE', name: 'Purged DC' });
    const actionId = await bulkDelete(admin, '/api/warehouses', [warehouse.id]);
    const first = await undo(admin, actionId);
    expect((await undo(admin, actionId)).body).toMatchObject({ code: 'already_undone', params: { actionId: first.body.actionId } });

    const other = await admin.create('/api/warehouses', { code: 'UPURGE2', name: 'Purged DC 2' });
    const deleted = await bulkDelete(admin, '/api/warehouses', [other.id]);
    await app.db('warehouses').where({ id: other.id }).delete(); // gone without a trace (as if a purge left no log)
    expect((await undo(admin, deleted)).body).toMatchObject({ code: 'changed_since', params: { records: 'Purged DC 2' } });
  });

  it('is refused after 24 hours', async () => {
    const warehouse = await admin.create('/api/warehouses', { code: 'UOLD', name: 'Old DC' });
    const actionId = await bulkDelete(admin, '/api/warehouses', [warehouse.id]);
    await app.db('activityLogs').where({ actionId }).update({ at: app.db.raw(`now() - interval '25 hours'`) });
    const answer = await undo(admin, actionId);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'undo_expired', params: { hours: 24 } });
  });

  it('is refused for actions that cannot be undone (a sign-in)', async () => {
    const { actionId } = await app.db('activityLogs').where({ action: 'login' }).first();
    expect((await undo(admin, actionId)).body).toMatchObject({ code: 'not_undoable', params: { action: 'login' } });
  });

  it('needs the page of the change: 403 for a user without it', async () => {
    const order = await createOrder(admin, placeIn(refs));
    await admin.delete(`/api/orders/${order.id}`);
    const { actionId } = await app.db('activityLogs').where({ action: 'delete', entityId: String(order.id) }).first();
    const answer = await undo(biller, actionId);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'page_denied', params: { page: 'new_order' } });
    expect((await admin.get(`/api/orders/${order.id}`)).status).toBe(404);
  });

  it('refuses a dispatcher the orders of a foreign area', async () => {
    const own = await createOrder(admin, placeIn(refs));
    const foreign = await createOrder(admin, placeIn(refs, refs.otherArea));
    const actionId = await bulkDelete(admin, '/api/orders', [own.id, foreign.id]);
    const answer = await undo(dispatcher, actionId);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('area_denied');
    expect((await admin.get(`/api/orders/${own.id}`)).status).toBe(404);
    expect((await undo(admin, actionId)).status).toBe(200);
  });

  it('puts an undone create in the trash', async () => {
    const area = await admin.create('/api/delivery-areas', { code: 'UNEW', name: 'Undo new area' });
    const { actionId } = await app.db('activityLogs').where({ action: 'create', entityType: 'delivery_area', entityId: String(area.id) }).first();
    expect((await undo(admin, actionId)).status).toBe(200);
    expect((await admin.get(`/api/delivery-areas/${area.id}`)).status).toBe(404);
    expect((await app.db('deliveryAreas').where({ id: area.id }).first()).deletedAt).not.toBeNull();
  });

  it('puts back a supplier\'s service areas and name, and trashes again what a restore brought back', async () => {
    const supplier = await admin.create('/api/suppliers', { name: 'Undo Haulage', ...SUPPLIER_CONTACT, serviceAreaIds: [refs.ownArea] });
    expect((await admin.put(`/api/suppliers/${supplier.id}`, { name: 'Undo Haulage 2', serviceAreaIds: [refs.otherArea] })).status).toBe(200);
    const { actionId } = await app.db('activityLogs').where({ action: 'update', entityType: 'supplier', entityId: String(supplier.id) }).first();
    expect((await undo(admin, actionId)).status).toBe(200);
    expect((await admin.get(`/api/suppliers/${supplier.id}`)).body).toMatchObject({ name: 'Undo Haulage', serviceAreaIds: [refs.ownArea] });

    await admin.delete(`/api/suppliers/${supplier.id}`);
    const restored = await admin.post(`/api/trash/supplier/${supplier.id}/restore`);
    expect(restored.status).toBe(200);
    const restore = await app.db('activityLogs').where({ action: 'restore', entityType: 'supplier', entityId: String(supplier.id) }).first();
    expect((await undo(admin, restore.actionId)).status).toBe(200);
    expect((await admin.get(`/api/suppliers/${supplier.id}`)).status).toBe(404);
  });

  it('puts back translations a bulk delete took, with the served texts; an edit of one is no undo\'s', async () => {
    const ids = [];
    for (const key of ['first', 'second']) {
      ids.push((await admin.create('/api/translations', { namespace: 'undo_e2e', key, zh: `撤销${key}`, en: `Undo ${key}` })).id);
    }
    const served = async () => (await admin.get('/api/translations/catalog/en')).body.undo_e2e;
    expect(await served()).toEqual({ first: 'Undo first', second: 'Undo second' });
    const actionId = await bulkDelete(admin, '/api/translations', ids);
    expect(await served()).toBeUndefined();
    expect((await undo(admin, actionId)).body).toMatchObject({ undone: 2 });
    expect(await served()).toEqual({ first: 'Undo first', second: 'Undo second' });

    const { version } = (await admin.get(`/api/translations/${ids[0]}`)).body;
    expect((await admin.put(`/api/translations/${ids[0]}`, { version, en: 'Edited' })).status).toBe(200);
    const edit = await lastAction('update', 'translation', ids[0]);
    expect((await undo(admin, edit)).body).toMatchObject({ code: 'not_undoable', params: { action: 'update' } });
  });

  it('tells whoever may undo it what an action was; 403 to anyone else', async () => {
    const warehouse = await admin.create('/api/warehouses', { code: 'USEEN', name: 'Seen DC' });
    const actionId = await bulkDelete(admin, '/api/warehouses', [warehouse.id]);
    expect((await admin.get(`/api/actions/${actionId}`)).body).toEqual({ actionId, action: 'delete', actions: ['delete'], count: 1,
      records: 1, entityTypes: ['warehouse'], userId: expect.any(Number), username: 'admin', userName: expect.any(String),
      at: expect.any(String), undoableUntil: expect.any(String), undoable: true });
    expect((await biller.get(`/api/actions/${actionId}`)).body).toMatchObject({ code: 'page_denied', params: { page: 'warehouses' } });
  });

  it('undoes a batch of 10,000 orders in one request', async () => {
    const ids = await completedOrders(app, refs, 'TENK', 10_000);
    const batch = await admin.post('/api/orders/batch-completion-date', { ids, completionDate: '2026-11-04T09:30:00Z' });
    const answer = await undo(admin, batch.body.actionId);
    expect(answer.body.undone).toBe(10_000);
    expect(new Set(await completionDates(ids))).toEqual(new Set(['2026-10-20T08:00:00.000Z']));
    expect(Number((await app.db('activityLogs').where({ actionId: answer.body.actionId }).count({ n: '*' }))[0].n)).toBe(10_000);
  });

  it('answers 404 for an unknown action and 400 for a malformed id, never 500', async () => {
    for (const call of [(id: string) => undo(admin, id), (id: string) => admin.get(`/api/actions/${id}`)]) {
      expect((await call(randomUUID())).body).toMatchObject({ code: 'not_found' });
      const malformed = await call('not-an-id');
      expect(malformed.status).toBe(400);
      expect(malformed.body.fields).toHaveProperty('actionId');
      expect((await call('%27%3B--')).status).toBe(400);
    }
  });

  it('runs as many statements for 1,000 records as for 10', async () => {
    const undoOf = async (prefix: string, count: number) => {
      const ids = await completedOrders(app, refs, prefix, count);
      const batch = await admin.post('/api/orders/batch-completion-date', { ids, completionDate: '2026-11-03T09:30:00Z' });
      let answer;
      const statements = await statementsDuring(app.db, async () => { answer = await undo(admin, batch.body.actionId); });
      expect(answer!.body.undone).toBe(count);
      expect(await completionDates(ids)).toEqual(Array(count).fill('2026-10-20T08:00:00.000Z'));
      // The undo's own: the session's (read, and renewed when enough time has passed) are the request's.
      return statements.filter((sql) => !/"?sessions"?\b/.test(sql)).length;
    };
    const few = await undoOf('FEWU', 10);
    const many = await undoOf('MANYU', 1000);
    expect(many).toBe(few);
    expect(few).toBeLessThan(20);
  });
});

// An undo is a write like any other (DESIGN §14, docs/undo.md#the-rules): it obeys who may write
// each field and every rule of its records; action ids belong to the server. Each case below is
// one of an outside attack's findings (issue #37), which passed before.
describe('undo obeys who may write each field', () => {
  it('lets the biller undo their paste over a card\'s prices, and refuses the team leader, who has no pricing page', async () => {
    const card = await admin.create('/api/rate-cards', { name: 'Paste card', supplierId: refs.supplier, validFrom: '2026-01-01',
      basePurchasePrice: '100.00', baseSalePrice: '150.00' });
    const [id] = await completedOrders(app, refs, 'PASTE', 1);
    await app.db('orders').where({ id }).update({ supplierId: refs.supplier });
    expect((await admin.post('/api/rate-cards/apply', { ids: [id] })).body.priced).toBe(1);
    const { version } = await stored('orders', id);
    const pasted = await biller.post('/api/pricing/paste', { rows: [{ id, version, baseSalePrice: '999' }] });
    expect(pasted.body.saved).toHaveLength(1);
    expect(await stored('orders', id)).toMatchObject({ baseSalePrice: '999.00', rateCardId: null });

    const refused = await undo(leader, pasted.body.actionId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'page_denied', params: { page: 'pricing_management' } });
    expect((await leader.get(`/api/actions/${pasted.body.actionId}`)).status).toBe(403);
    expect(await stored('orders', id)).toMatchObject({ baseSalePrice: '999.00', rateCardId: null });

    expect((await biller.get(`/api/actions/${pasted.body.actionId}`)).body).toMatchObject({ undoable: true });
    expect((await undo(biller, pasted.body.actionId)).status).toBe(200);
    expect(await stored('orders', id)).toMatchObject({ baseSalePrice: '150.00', rateCardId: card.id });
  });
});

describe('undo obeys the rules of its records', () => {
  it('refuses to put back a rate card\'s period that another card now holds, naming it, and changes nothing', async () => {
    const supplier = (await admin.create('/api/suppliers', { name: 'Overlap Haulage', contactPerson: 'A', contactPhone: '13800000000',
      contactEmail: 'a@example.com', address: 'Road 1' })).id;
    const base = { supplierId: supplier, vehicleTypeId: refs.vehicleType, deliveryAreaId: refs.ownArea, basePurchasePrice: '1', baseSalePrice: '2' };
    const a = await admin.create('/api/rate-cards', { ...base, name: 'Card A', validFrom: '2032-01-01', validTo: '2032-06-30' });
    expect((await admin.put(`/api/rate-cards/${a.id}`, { validTo: '2032-03-31' })).status).toBe(200);
    const shortened = await lastAction('update', 'rate_card', a.id);
    await admin.create('/api/rate-cards', { ...base, name: 'Card B', validFrom: '2032-04-01', validTo: '2032-06-30' });
    // The form refuses the same change…
    expect((await admin.put(`/api/rate-cards/${a.id}`, { validTo: '2032-06-30' })).body.fields.validFrom.code).toBe('overlaps');
    // …and so does its undo.
    const answer = await undo(admin, shortened);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'undo_refused', params: { records: 'Card A', count: 1 },
      fields: { [`records.rate_card:${a.id}`]: { code: 'overlaps', params: { name: 'Card B', label: 'Card A' } } } });
    expect(await stored('rateCards', a.id)).toMatchObject({ validTo: '2032-03-31', version: 2 });
    expect((await admin.get(`/api/actions/${shortened}`)).body).toMatchObject({ undoable: false, refusal: { code: 'undo_refused' } });
  });

  it('refuses to point orders back at a supplier in the trash, as a bulk edit to it is refused', async () => {
    const other = await admin.create('/api/suppliers', { name: 'Second Haulage', contactPerson: 'B', contactPhone: '13800000001',
      contactEmail: 'b@example.com', address: 'Road 2' });
    const first = await admin.create('/api/suppliers', { name: 'First Haulage', contactPerson: 'C', contactPhone: '13800000002',
      contactEmail: 'c@example.com', address: 'Road 3' });
    const orders = [await createOrder(admin, placeIn(refs)), await createOrder(admin, placeIn(refs))];
    await app.db('orders').whereIn('id', orders.map((o) => o.id)).update({ supplierId: first.id });
    const edit = await admin.post('/api/orders/bulk-edit', { ids: orders.map((o) => o.id), changes: { supplierId: other.id } });
    expect(edit.body.updated).toBe(2);
    expect((await admin.delete(`/api/suppliers/${first.id}`)).status).toBe(200);
    expect((await admin.post('/api/orders/bulk-edit', { ids: [orders[0].id], changes: { supplierId: first.id } })).status).toBe(400);

    const answer = await undo(admin, edit.body.actionId);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'undo_refused', params: { count: 2 },
      fields: { [`records.order:${orders[0].id}`]: { code: 'unknown_id', params: { ids: String(first.id), field: 'supplierId' } } } });
    expect((await app.db('orders').whereIn('id', orders.map((o) => o.id))).map((o) => o.supplierId)).toEqual([other.id, other.id]);
  });

  it('lets no team leader take their own cancellation back; an admin may, within the undo\'s hours', async () => {
    const order = await createOrder(leader, placeIn(refs));
    expect((await leader.post(`/api/orders/${order.id}/transitions`, { to: 'cancelled' })).status).toBe(200);
    const cancelled = await lastAction('status_change', 'order', order.id);
    const answer = await undo(leader, cancelled);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'undo_refused',
      fields: { [`records.order:${order.id}`]: { code: 'not_allowed_from', params: { from: 'cancelled', to: 'booking_received' } } } });
    expect((await stored('orders', order.id)).status).toBe('cancelled');
    // A transition out of it is refused to everyone; the undo of the cancellation, to admins and managers.
    expect((await admin.post(`/api/orders/${order.id}/transitions`, { to: 'booking_received' })).status).toBe(409);
    expect((await undo(manager, cancelled)).status).toBe(200);
    expect((await stored('orders', order.id)).status).toBe('booking_received');
  });

  it('lets no dispatcher step their order back, which only admins and managers may', async () => {
    const order = await createOrder(dispatcher, placeIn(refs));
    expect((await dispatcher.post(`/api/orders/${order.id}/transitions`, { to: 'awaiting_supplier_confirmation' })).status).toBe(200);
    const moved = await lastAction('status_change', 'order', order.id);
    const answer = await undo(dispatcher, moved);
    expect(answer.status).toBe(409);
    expect(answer.body.fields[`records.order:${order.id}`]).toMatchObject({ code: 'not_allowed_from' });
    expect((await stored('orders', order.id)).status).toBe('awaiting_supplier_confirmation');
    expect((await undo(admin, moved)).status).toBe(200);
  });

  it('refuses an action whose log row is dated in the future', async () => {
    const area = await admin.create('/api/delivery-areas', { code: 'FUTURE', name: 'Future area' });
    const created = await lastAction('create', 'delivery_area', area.id);
    await app.db('activityLogs').where({ actionId: created }).update({ at: app.db.raw(`now() + interval '1 day'`) });
    expect((await undo(admin, created)).body).toMatchObject({ code: 'not_undoable' });
    expect((await admin.get(`/api/delivery-areas/${area.id}`)).status).toBe(200);
  });
});

describe('action ids belong to the server', () => {
  const deleteAs = (client: HttpClient, path: string, actionId: string) => client.request('DELETE', path, undefined, { 'X-Action-Id': actionId });
  const issue = async (client: HttpClient) => {
    const answer = await client.post('/api/actions', {});
    expect(answer.status).toBe(201);
    return answer.body.actionId as string;
  };

  it('issues one to a session for 10 minutes, which ties a bulk delete\'s requests together', async () => {
    const answer = await admin.post('/api/actions', {});
    expect(answer.body).toEqual({ actionId: expect.stringMatching(/^[0-9a-f-]{36}$/), expiresAt: expect.any(String) });
    expect(new Date(answer.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const ids = [];
    for (const code of ['ID1', 'ID2']) ids.push((await admin.create('/api/warehouses', { code, name: `Issued ${code}` })).id);
    for (const id of ids) expect((await deleteAs(admin, `/api/warehouses/${id}`, answer.body.actionId)).status).toBe(200);
    expect((await admin.get(`/api/actions/${answer.body.actionId}`)).body).toMatchObject({ count: 2, undoable: true });
  });

  it('refuses an id it did not issue, one issued to another session, and one expired: 400 unknown_action, nothing deleted', async () => {
    const warehouse = await admin.create('/api/warehouses', { code: 'NOID', name: 'Not issued' });
    const theirs = await issue(admin);
    const expired = await issue(manager);
    await app.db('issuedActions').where({ id: expired }).update({ expiresAt: app.db.raw(`now() - interval '1 second'`) });
    for (const [client, actionId] of [[admin, randomUUID()], [admin, 'not-a-uuid'], [manager, theirs], [manager, expired]] as const) {
      const answer = await deleteAs(client, `/api/warehouses/${warehouse.id}`, actionId);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('unknown_action');
    }
    expect((await admin.get(`/api/warehouses/${warehouse.id}`)).status).toBe(200);
    expect(await app.db('activityLogs').where({ entityType: 'warehouse', entityId: String(warehouse.id), action: 'delete' })).toHaveLength(0);
  });

  it('never lets a sign-in, a failed one or a print join an action, which stays undoable', async () => {
    const order = await createOrder(admin, placeIn(refs, refs.otherArea));
    const actionId = await issue(admin);
    expect((await deleteAs(admin, `/api/orders/${order.id}`, actionId)).status).toBe(200);
    const stranger = await signedInAs(app.url, 'regional_dispatcher');
    const printed = await createOrder(admin, placeIn(refs));
    expect((await stranger.request('POST', '/api/orders/print', { ids: [printed.id], layout: 'delivery_notes' }, { 'X-Action-Id': actionId })).status).toBe(200);
    await stranger.request('POST', '/api/login', { username: 'admin', password: 'wrong-password' }, { 'X-Action-Id': actionId });
    expect((await app.db('activityLogs').where({ actionId })).map((row) => row.action)).toEqual(['delete']);
    // The printer sees nothing of it: another area's order, and no right to undo it.
    expect((await dispatcher.get(`/api/actions/${actionId}`)).status).toBe(403);
    expect((await undo(admin, actionId)).status).toBe(200);
  });
});

it('logs a change of the mail language once, however many requests send it at once', async () => {
  const answers = await Promise.all(Array.from({ length: 8 }, () => biller.put('/api/me/mail-language', { language: 'en' })));
  expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
  const user = (await app.db('users').where({ username: 'biller' }).first('id')).id;
  expect(await app.db('activityLogs').where({ entityType: 'mail_settings', entityId: String(user) })).toHaveLength(1);
});
