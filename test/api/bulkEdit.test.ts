import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { createOrderReferences, type OrderReferences } from '../helpers/orderReferences';
import { statementsDuring } from '../helpers/statements';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { useSignedInApp } from '../helpers/testApp';

// The order list's bulk edit (docs/order-status-flow.md#bulk-edit): all or nothing, one log row per order.
const { app, admin } = useSignedInApp({ admin: 'admin' });
let refs: OrderReferences;
let dispatcher: HttpClient;

beforeAll(async () => {
  refs = await createOrderReferences(app, admin);
  dispatcher = await signedInAs(app.url, 'regional_dispatcher');
});

interface Made {
  area?: number;
  status?: string;
  pickupDate?: string;
  mosDate?: string;
  vehicleTypeId?: number | null;
}

/** `count` orders made by one set-based INSERT, MTM numbers `<prefix>-MTM-<n>`; their ids, ascending. */
async function orders(prefix: string, count: number, made: Made = {}): Promise<number[]> {
  const { area = refs.ownArea, status = 'booking_received', pickupDate = '2026-10-01', mosDate = '2026-10-06',
    vehicleTypeId = null } = made;
  const { rows } = await app.db.raw(`
    insert into orders (mtm_number, dn_number, pickup_warehouse_id, delivery_area_id, assigned_user_id, vehicle_type_id,
      pickup_date, mos_date, status, completion_date)
    select ? || g, ? || g, ?, ?, (select id from users where username = 'admin'), ?, ?, ?, ?,
      case when ? = 'completed' then '2026-10-20T08:00:00Z'::timestamptz end
    from generate_series(1, ?) g
    returning id`, [`${prefix}-MTM-`, `${prefix}-DN-`, refs.warehouse, area, vehicleTypeId, pickupDate, mosDate, status, status, count]);
  return rows.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);
}

const bulkEdit = (client: HttpClient, body: unknown) => client.post('/api/orders/bulk-edit', body);

const snapshot = (ids: number[]) => app.db('orders').whereIn('id', ids).orderBy('id')
  .select('id', 'version', 'vehicleTypeId', 'supplierId', 'deliveryAreaId', 'pickupDate', 'mosDate', 'notes', 'updatedAt');

const logsOf = (ids: number[]) => app.db('activityLogs').where({ action: 'bulk_edit', entityType: 'order' })
  .whereIn('entityId', ids.map(String)).orderBy('id');

describe('bulk edit of orders', () => {
  it('sets several fields on many orders, with one log row each holding what changed on it', async () => {
    const bare = await orders('SEV', 30);
    const holding = await orders('SEV-HAS', 10, { vehicleTypeId: refs.vehicleType });
    const ids = [...bare, ...holding];
    const answer = await bulkEdit(admin, { ids, changes: { vehicleTypeId: refs.vehicleType, supplierId: refs.supplier,
      pickupDate: '2026-10-02', notes: 'Re-planned' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ updated: 40, actionId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const after = await snapshot(ids);
    expect(after.every((o) => o.version === 2 && o.vehicleTypeId === refs.vehicleType && o.supplierId === refs.supplier
      && o.pickupDate === '2026-10-02' && o.mosDate === '2026-10-06' && o.notes === 'Re-planned')).toBe(true);

    const logs = await logsOf(ids);
    expect(logs.map((l) => Number(l.entityId))).toEqual(ids);
    expect(new Set(logs.map((l) => l.actionId))).toEqual(new Set([answer.body.actionId]));
    expect(logs[0].changes).toEqual({
      supplierId: { before: null, after: refs.supplier },
      vehicleTypeId: { before: null, after: refs.vehicleType },
      pickupDate: { before: '2026-10-01', after: '2026-10-02' },
      notes: { before: null, after: 'Re-planned' },
    });
    // An order that already held the vehicle type logs no change of it.
    expect(logs.at(-1).changes).toEqual({
      supplierId: { before: null, after: refs.supplier },
      pickupDate: { before: '2026-10-01', after: '2026-10-02' },
      notes: { before: null, after: 'Re-planned' },
    });
  });

  it('leaves alone the orders that already hold every value, and clears notes and a supplier with null', async () => {
    const ids = await orders('SAME', 4, { vehicleTypeId: refs.vehicleType });
    await app.db('orders').whereIn('id', ids.slice(0, 2)).update({ notes: 'Keep out', supplierId: refs.supplier });
    const answer = await bulkEdit(admin, { ids, changes: { vehicleTypeId: refs.vehicleType, notes: '', supplierId: null } });
    expect(answer.body).toMatchObject({ updated: 2 });
    expect((await snapshot(ids)).map((o) => [o.version, o.notes, o.supplierId])).toEqual([[2, null, null], [2, null, null],
      [1, null, null], [1, null, null]]);
    expect((await logsOf(ids)).map((l) => l.changes)).toEqual(Array(2).fill({
      notes: { before: 'Keep out', after: null }, supplierId: { before: refs.supplier, after: null } }));
  });

  it('moves orders to another area, and the live stream hears of the area they left and the one they joined', async () => {
    const ids = await orders('MOVE', 3);
    expect((await bulkEdit(admin, { ids, changes: { deliveryAreaId: refs.otherArea } })).body).toMatchObject({ updated: 3 });
    expect((await logsOf(ids)).map((l) => [l.orderAreaIds, l.changes])).toEqual(Array(3).fill(
      [[refs.otherArea, refs.ownArea], { deliveryAreaId: { before: refs.ownArea, after: refs.otherArea } }]));
  });

  it('refuses more than 10,000 ids for their number and changes nothing', async () => {
    const ids = Array.from({ length: 10_001 }, (_, i) => i + 1);
    const answer = await bulkEdit(admin, { ids, changes: { notes: 'Too many' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'invalid_input', fields: { ids: { code: 'too_many', params: { max: 10_000 } } } });
    expect(await app.db('orders').where({ notes: 'Too many' }).first()).toBeUndefined();
  });

  it('refuses a dispatcher\'s move into an area that is not theirs, whole', async () => {
    const ids = await orders('DISP', 5);
    const before = await snapshot(ids);
    const answer = await bulkEdit(dispatcher, { ids, changes: { deliveryAreaId: refs.otherArea, notes: 'Moved away' } });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'bulk_edit_refused', params: { orders: ids.map((_, i) => `DISP-MTM-${i + 1}`).join(', ') },
      fields: { 'changes.deliveryAreaId': { code: 'area_denied' } } });
    expect(await snapshot(ids)).toEqual(before);
    expect(await logsOf(ids)).toEqual([]);
    // Into their own area, or leaving the area alone, they may.
    expect((await bulkEdit(dispatcher, { ids, changes: { deliveryAreaId: refs.ownArea, notes: 'Mine' } })).body)
      .toMatchObject({ updated: 5 });
  });

  it('answers 404 naming ids unknown, deleted or out of a dispatcher\'s scope, changing nothing', async () => {
    const [mine, gone] = await orders('SCOPE', 2);
    const [theirs] = await orders('SCOPE-ELSE', 1, { area: refs.otherArea });
    await app.db('orders').where({ id: gone }).update({ deletedAt: new Date() });
    const unknown = await bulkEdit(admin, { ids: [mine, gone, 99_999_999], changes: { notes: 'Nope' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'not_found', params: { ids: `${gone}, 99999999` },
      fields: { ids: { code: 'unknown_id' } } });
    const foreign = await bulkEdit(dispatcher, { ids: [mine, theirs], changes: { notes: 'Nope' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.params).toMatchObject({ ids: String(theirs) });
    expect(await app.db('orders').where({ notes: 'Nope' }).first()).toBeUndefined();
  });

  it('refuses a completed order\'s new dates, naming its MTM number, but lets its other fields change', async () => {
    const open = await orders('DONE-OPEN', 2);
    const [completed] = await orders('DONE', 1, { status: 'completed' });
    const ids = [...open, completed];
    const answer = await bulkEdit(admin, { ids, changes: { mosDate: '2026-10-09' } });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'bulk_edit_refused', params: { orders: 'DONE-MTM-1' },
      fields: { 'changes.mosDate': { code: 'order_completed', params: { orders: 'DONE-MTM-1' } } } });
    expect((await snapshot(ids)).map((o) => o.mosDate)).toEqual(['2026-10-06', '2026-10-06', '2026-10-06']);
    // The date it already has is no change of it.
    expect((await bulkEdit(admin, { ids, changes: { mosDate: '2026-10-06', notes: 'Checked' } })).body).toMatchObject({ updated: 3 });
  });

  it('refuses dates out of order on any order after the change', async () => {
    const early = await orders('ORDER-EARLY', 2, { pickupDate: '2026-10-01', mosDate: '2026-10-03' });
    const late = await orders('ORDER-LATE', 1, { pickupDate: '2026-10-05', mosDate: '2026-10-08' });
    const mos = await bulkEdit(admin, { ids: [...early, ...late], changes: { mosDate: '2026-10-04' } });
    expect(mos.status).toBe(409);
    expect(mos.body.fields).toEqual({ 'changes.mosDate': { code: 'dates_out_of_order', params: { orders: 'ORDER-LATE-MTM-1' } } });
    const pickup = await bulkEdit(admin, { ids: [...early, ...late], changes: { pickupDate: '2026-10-04' } });
    expect(pickup.body.fields).toEqual({ 'changes.pickupDate': { code: 'dates_out_of_order',
      params: { orders: 'ORDER-EARLY-MTM-1, ORDER-EARLY-MTM-2' } } });
    expect(await logsOf([...early, ...late])).toEqual([]);
    expect((await bulkEdit(admin, { ids: [...early, ...late], changes: { pickupDate: '2026-10-02', mosDate: '2026-10-09' } })).body)
      .toMatchObject({ updated: 3 });
  });

  it('refuses a referenced record in the trash on its field', async () => {
    const ids = await orders('REF', 2);
    const gone = await admin.create('/api/suppliers', { name: 'Gone Carrier', ...SUPPLIER_CONTACT });
    await admin.delete(`/api/suppliers/${gone.id}`);
    const answer = await bulkEdit(admin, { ids, changes: { supplierId: gone.id } });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ 'changes.supplierId': { code: 'unknown_id', params: { ids: String(gone.id) } } });
  });

  it('is refused to a user without the new-order page', async () => {
    const ids = await orders('VIEW', 1);
    const biller = await signedInAs(app.url, 'biller');
    expect((await bulkEdit(biller, { ids, changes: { notes: 'Viewer' } })).status).toBe(403);
  });

  it.each([
    ['no body', undefined, 'ids'],
    ['a list for a body', [1, 2], '_'],
    ['no changes', { ids: [1] }, 'changes'],
    ['empty changes', { ids: [1], changes: {} }, 'changes'],
    ['a field one cannot bulk edit', { ids: [1], changes: { status: 'completed' } }, 'changes.status'],
    ['no ids', { changes: { notes: 'x' } }, 'ids'],
    ['an empty selection', { ids: [], changes: { notes: 'x' } }, 'ids'],
    ['an id twice', { ids: [1, 1], changes: { notes: 'x' } }, 'ids.1'],
    ['an id that is no number', { ids: ['one'], changes: { notes: 'x' } }, 'ids.0'],
    ['a text for an id', { ids: [1], changes: { supplierId: 'Carrier One' } }, 'changes.supplierId'],
    ['a required reference cleared', { ids: [1], changes: { deliveryAreaId: null } }, 'changes.deliveryAreaId'],
    ['a date that is none', { ids: [1], changes: { pickupDate: '2026-02-30' } }, 'changes.pickupDate'],
    ['a MOS date before the pickup date sent with it', { ids: [1], changes: { pickupDate: '2026-10-05', mosDate: '2026-10-01' } },
      'changes.mosDate'],
    ['notes too long', { ids: [1], changes: { notes: 'x'.repeat(2001) } }, 'changes.notes'],
  ])('answers 400 naming the field for %s', async (_case, body, field) => {
    const answer = await bulkEdit(admin, body);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields)).toContain(field);
  });

  it('runs as many statements for 500 orders as for 5', async () => {
    const changes = { vehicleTypeId: refs.vehicleType, deliveryAreaId: refs.ownArea, mosDate: '2026-10-07' };
    const run = async (ids: number[]) => {
      let answer: Awaited<ReturnType<typeof bulkEdit>> | undefined;
      const statements = await statementsDuring(app.db, async () => { answer = await bulkEdit(admin, { ids, changes }); });
      expect(answer!.body.updated).toBe(ids.length);
      return statements;
    };
    const few = await run(await orders('FEW', 5));
    const many = await run(await orders('MANY', 500));
    expect(many.length).toBe(few.length);
    expect(few.length).toBeLessThan(12);
  });
});
