import { randomUUID } from 'node:crypto';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';
import { completedOrders, createOrderReferences, type OrderReferences } from '../helpers/orderReferences';
import { statementsDuring } from '../helpers/statements';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

// Undo of an action by its id (docs/undo.md): one transaction, its own log rows, refused whole.
const { app, admin, leader, biller } = useSignedInApp({ admin: 'admin', leader: 'team_leader', biller: 'biller' });
let refs: OrderReferences;
let dispatcher: HttpClient;

beforeAll(async () => {
  refs = await createOrderReferences(app, admin);
  dispatcher = await signedInAs(app.url, 'regional_dispatcher');
});

const undo = (client: HttpClient, actionId: string) => client.post(`/api/actions/${actionId}/undo`);

let made = 0;
/** An order in `area` (the dispatcher's own by default), made through the API. */
async function newOrder(area = refs.ownArea) {
  made += 1;
  return admin.create('/api/orders', { mtmNumber: `UNDO-${made}`, dnNumber: `UNDO-DN-${made}`, pickupWarehouseId: refs.warehouse,
    deliveryAreaId: area, assignedUserId: refs.dispatcherId, pickupDate: '2026-10-01', mosDate: '2026-10-06' });
}


/** Deletes each record with one request, sharing an action id as the admin's bulk delete does. */
async function bulkDelete(client: HttpClient, path: string, ids: number[]): Promise<string> {
  const actionId = randomUUID();
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
    const order = await newOrder();
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
    const order = await newOrder();
    await admin.delete(`/api/orders/${order.id}`);
    const { actionId } = await app.db('activityLogs').where({ action: 'delete', entityId: String(order.id) }).first();
    const answer = await undo(biller, actionId);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'page_denied', params: { page: 'new_order' } });
    expect((await admin.get(`/api/orders/${order.id}`)).status).toBe(404);
  });

  it('refuses a dispatcher the orders of a foreign area', async () => {
    const own = await newOrder();
    const foreign = await newOrder(refs.otherArea);
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

  it('tells its actor, and those who read the log, what an action was; 404 to anyone else', async () => {
    const warehouse = await admin.create('/api/warehouses', { code: 'USEEN', name: 'Seen DC' });
    const actionId = await bulkDelete(admin, '/api/warehouses', [warehouse.id]);
    expect((await admin.get(`/api/actions/${actionId}`)).body).toEqual({ actionId, action: 'delete', actions: ['delete'], count: 1,
      records: 1, entityTypes: ['warehouse'], userId: expect.any(Number), username: 'admin', userName: expect.any(String),
      at: expect.any(String), undoableUntil: expect.any(String), undoable: true });
    expect((await biller.get(`/api/actions/${actionId}`)).body).toMatchObject({ code: 'not_found' });
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
      return statements.length;
    };
    const few = await undoOf('FEWU', 10);
    const many = await undoOf('MANYU', 1000);
    expect(many).toBe(few);
    expect(few).toBeLessThan(20);
  });
});
