import Papa from 'papaparse';
import { openEventStream } from '../helpers/eventStream';
import { signedInAs, type Answer, type HttpClient } from '../helpers/httpClient';
import { createOrderReferences, placeIn, type OrderReferences } from '../helpers/orderReferences';
import { createOrder, orderBody } from '../helpers/orders';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { useSignedInApp } from '../helpers/testApp';
import { grantFieldGroups, withdrawFieldGroups } from '../helpers/fieldGroups';

// One write path (DESIGN §14, docs/architecture.md#the-write-path): every way of writing an order
// or a rate card obeys the same rules. A cell per path × rule, each a request that must be refused
// (and change nothing) or must hold. The dispatcher holds every page a path needs, so that where
// it is refused, its areas refuse it.
const { app, admin, leader, biller } = useSignedInApp({ admin: 'admin', leader: 'team_leader', biller: 'biller' });
let refs: OrderReferences;
let dispatcher: HttpClient;
let stream: Awaited<ReturnType<typeof openEventStream>>;
let goneSupplier: number;

beforeAll(async () => {
  refs = await createOrderReferences(app, admin);
  for (const pageKey of ['batch_modification', 'pricing_management', 'trash']) {
    await app.db('pagePermissions').insert({ userId: refs.dispatcherId, pageKey, allowed: true });
  }
  // And every price (field groups), which a dispatcher does not see by default.
  await grantFieldGroups(app, 'regional_dispatcher');
  dispatcher = await signedInAs(app.url, 'regional_dispatcher');
  goneSupplier = (await admin.create('/api/suppliers', { name: 'Gone Haulage', ...SUPPLIER_CONTACT })).id;
  expect((await admin.delete(`/api/suppliers/${goneSupplier}`)).status).toBe(200);
  stream = await openEventStream(admin, app.url);
});
afterAll(() => stream.close());

/** An order made by one INSERT (status, area, prices as asked): its id. */
async function order({ status = 'booking_received', area = refs.ownArea, supplier = refs.supplier as number | null, priced = false } = {}) {
  const [{ id }] = await app.db('orders').insert(orderBody({ ...placeIn(refs, area), supplierId: supplier,
    pickupDate: '2026-10-01', mosDate: '2026-10-06', status, completionDate: status === 'completed' ? '2026-10-20T08:00:00Z' : null,
    ...(priced ? { basePurchasePrice: '10.00', baseSalePrice: '20.00' } : {}) })).returning('id');
  return id as number;
}
/** Runs `check` while billers do not see the purchase prices (field groups). */
async function withoutPurchasePrices(check: () => Promise<void>) {
  const giveBack = await withdrawFieldGroups(app, 'biller', ['order.purchase_prices']);
  try {
    await check();
  } finally {
    await giveBack();
  }
}
const stored = (id: number, table = 'orders') => app.db(table).where({ id }).first();
const logOf = (entityType: string, id: number) => app.db('activityLogs').where({ entityType, entityId: String(id) }).orderBy('id');

/** Refused with this status and code, and the order (when named) as it was. */
async function refused(answer: Answer, status: number, code: string, unchanged?: number) {
  expect({ status: answer.status, code: answer.body?.code }).toEqual({ status, code });
  if (unchanged !== undefined) expect((await stored(unchanged)).version).toBe(1);
}
/** Its log row, in the change's transaction, and its notice on the live stream. */
async function loggedAndHeard(entityType: string, id: number, action: string) {
  expect((await logOf(entityType, id)).map((row) => row.action)).toContain(action);
  await stream.waitFor((e) => e.event === 'change' && e.data.type === entityType && e.data.id === String(id) && e.data.action === action);
}
const withPod = (id: number) => app.db('orderAttachments').insert({ orderId: id, kind: 'pod', fileName: 'pod.pdf', contentType: 'application/pdf',
  size: 1, content: Buffer.from('%') });

const transition = (client: HttpClient, id: number, to: string) => client.post(`/api/orders/${id}/transitions`, { to });
const bulkEdit = (client: HttpClient, ids: number[], changes: object) => client.post('/api/orders/bulk-edit', { ids, changes });
const batchDate = (client: HttpClient, ids: number[], completionDate = '2026-10-25T08:00:00Z') =>
  client.post('/api/orders/batch-completion-date', { ids, completionDate });
const paste = (client: HttpClient, rows: object[]) => client.post('/api/pricing/paste', { rows });
const apply = (client: HttpClient, ids: number[]) => client.post('/api/rate-cards/apply', { ids });
const restore = (client: HttpClient, type: string, id: number) => client.post(`/api/trash/${type}/${id}/restore`, {});
const undo = (client: HttpClient, actionId: string) => client.post(`/api/actions/${actionId}/undo`);
const actionOf = async (entityType: string, id: number) => (await logOf(entityType, id)).at(-1)!.actionId as string;

const IMPORT_HEADER = ['MTM number', 'DN number', 'Supplier', 'Pickup warehouse', 'Delivery area', 'Assigned user', 'Pickup date', 'MOS date'];
let made = 0;
/** An import of one row (POST /api/orders/import): previewed, then committed when the preview found it valid. */
async function importRow(client: HttpClient, change: Record<string, string> = {}) {
  made += 1;
  const values: Record<string, string> = { 'MTM number': `WPI-${made}`, 'DN number': `WPI-DN-${made}`, Supplier: 'Carrier One',
    'Pickup warehouse': 'W1', 'Delivery area': 'OWN', 'Assigned user': 'regional_dispatcher', 'Pickup date': '2026-10-01',
    'MOS date': '2026-10-06', ...change };
  const file = Buffer.from(Papa.unparse([IMPORT_HEADER, IMPORT_HEADER.map((column) => values[column])]));
  const send = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new Blob([new Uint8Array(file)]), 'orders.csv');
    return client.post('/api/orders/import', form);
  };
  const preview = await send({ dryRun: 'true' });
  if (preview.status !== 200 || preview.body.valid === 0) return { preview, mtm: values['MTM number'] };
  return { preview, committed: await send({ dryRun: 'false', expect: '1' }), mtm: values['MTM number'] };
}
const importedId = async (mtm: string) => (await app.db('orders').where({ mtmNumber: mtm }).first('id'))?.id as number | undefined;

/** A rate card of refs' supplier, vehicle type and own area. */
const card = (name: string, validFrom: string, validTo: string | null, client = admin) => client.create('/api/rate-cards', {
  name, supplierId: refs.supplier, vehicleTypeId: refs.vehicleType, deliveryAreaId: refs.ownArea, validFrom, validTo,
  basePurchasePrice: '100.00', baseSalePrice: '150.00' });

const RULES = ['who may write each field', 'validation', 'the invariants', 'references only to live records',
  "the dispatcher's areas before and after", 'the version', 'the log row and its live notice'] as const;
type Rule = (typeof RULES)[number];

const PATHS: Record<string, Record<Rule, () => Promise<void>>> = {
  'the order form, creating (POST /api/orders)': {
    'who may write each field': async () => {
      await refused(await biller.post('/api/orders', orderBody(placeIn(refs))), 403, 'page_denied');
      // Prices are pricing management's, never the form's.
      expect((await leader.post('/api/orders', orderBody({ ...placeIn(refs), basePurchasePrice: '1.00' }))).status).toBe(400);
    },
    validation: async () => {
      const answer = await leader.post('/api/orders', orderBody({ ...placeIn(refs), pickupDate: 'soon' }));
      await refused(answer, 400, 'invalid_input');
      expect(answer.body.fields.pickupDate.code).toBe('invalid_format');
    },
    'the invariants': async () => {
      const taken = await createOrder(leader, placeIn(refs));
      await refused(await leader.post('/api/orders', orderBody({ ...placeIn(refs), dnNumber: taken.dnNumber })), 409, 'unique_violation');
      expect((await leader.post('/api/orders', orderBody({ ...placeIn(refs), mosDate: '2026-09-01' }))).body.fields.mosDate.code).toBe('too_early');
    },
    'references only to live records': async () => {
      const answer = await leader.post('/api/orders', orderBody({ ...placeIn(refs), supplierId: goneSupplier }));
      await refused(answer, 400, 'invalid_input');
      expect(answer.body.fields.supplierId.code).toBe('unknown_id');
    },
    "the dispatcher's areas before and after": async () => {
      await refused(await dispatcher.post('/api/orders', orderBody(placeIn(refs, refs.otherArea))), 403, 'area_denied');
      expect((await dispatcher.post('/api/orders', orderBody(placeIn(refs)))).status).toBe(201);
    },
    'the version': async () => {
      expect((await createOrder(leader, placeIn(refs))).version).toBe(1);
    },
    'the log row and its live notice': async () => {
      await loggedAndHeard('order', (await createOrder(leader, placeIn(refs))).id, 'create');
    },
  },

  'the order form, editing (PUT /api/orders/:id)': {
    'who may write each field': async () => {
      const id = await order();
      const answer = await leader.put(`/api/orders/${id}`, { basePurchasePrice: '1.00' });
      await refused(answer, 400, 'invalid_input', id);
      expect(answer.body.fields.basePurchasePrice.code).toBe('read_only');
      await refused(await biller.put(`/api/orders/${id}`, { notes: 'x' }), 403, 'page_denied', id);
    },
    validation: async () => {
      const id = await order();
      await refused(await leader.put(`/api/orders/${id}`, { mosDate: '2026-13-45' }), 400, 'invalid_input', id);
    },
    'the invariants': async () => {
      const id = await order();
      expect((await leader.put(`/api/orders/${id}`, { mosDate: '2026-09-01' })).body.fields.mosDate.code).toBe('too_early');
      const done = await order({ status: 'completed' });
      const answer = await leader.put(`/api/orders/${done}`, { pickupDate: '2026-10-02' });
      await refused(answer, 400, 'invalid_input', done);
      expect(answer.body.fields.pickupDate.code).toBe('order_completed');
    },
    'references only to live records': async () => {
      const id = await order();
      const answer = await leader.put(`/api/orders/${id}`, { supplierId: goneSupplier });
      await refused(answer, 400, 'invalid_input', id);
      expect(answer.body.fields.supplierId.code).toBe('unknown_id');
    },
    "the dispatcher's areas before and after": async () => {
      const own = await order();
      await refused(await dispatcher.put(`/api/orders/${own}`, { deliveryAreaId: refs.otherArea }), 403, 'area_denied', own);
      const foreign = await order({ area: refs.otherArea });
      await refused(await dispatcher.put(`/api/orders/${foreign}`, { notes: 'mine now' }), 404, 'not_found', foreign);
    },
    'the version': async () => {
      const id = await order();
      expect((await leader.put(`/api/orders/${id}`, { version: 1, notes: 'first' })).body.version).toBe(2);
      await refused(await leader.put(`/api/orders/${id}`, { version: 1, notes: 'stale' }), 409, 'version_conflict');
      expect((await stored(id)).notes).toBe('first');
    },
    'the log row and its live notice': async () => {
      const id = await order();
      await leader.put(`/api/orders/${id}`, { notes: 'logged' });
      await loggedAndHeard('order', id, 'update');
    },
  },

  'a status transition (POST /api/orders/:id/transitions)': {
    'who may write each field': async () => {
      const id = await order();
      await refused(await transition(biller, id, 'awaiting_supplier_confirmation'), 403, 'page_denied', id);
    },
    validation: async () => {
      const id = await order();
      await refused(await transition(leader, id, 'teleported'), 400, 'invalid_input', id);
    },
    'the invariants': async () => {
      const cancelled = await order({ status: 'cancelled' });
      await refused(await transition(admin, cancelled, 'booking_received'), 409, 'transition_not_allowed', cancelled);
      const ready = await order({ status: 'awaiting_pod_upload' });
      await refused(await transition(leader, ready, 'completed'), 409, 'pod_required', ready);
      const moved = await order({ status: 'awaiting_supplier_confirmation' });
      await refused(await transition(leader, moved, 'booking_received'), 409, 'transition_not_allowed', moved);
    },
    'references only to live records': async () => {
      // A transition sets no reference: an order of a supplier in the trash still moves.
      const id = await order({ supplier: goneSupplier });
      expect((await transition(leader, id, 'awaiting_supplier_confirmation')).status).toBe(200);
    },
    "the dispatcher's areas before and after": async () => {
      const foreign = await order({ area: refs.otherArea });
      await refused(await transition(dispatcher, foreign, 'cancelled'), 404, 'not_found', foreign);
    },
    'the version': async () => {
      const id = await order();
      expect((await transition(leader, id, 'awaiting_supplier_confirmation')).body.version).toBe(2);
    },
    'the log row and its live notice': async () => {
      const id = await order();
      await transition(leader, id, 'awaiting_supplier_confirmation');
      await loggedAndHeard('order', id, 'status_change');
      expect(await app.db('orderEvents').where({ orderId: id, toStatus: 'awaiting_supplier_confirmation' })).toHaveLength(1);
    },
  },

  'a bulk edit (POST /api/orders/bulk-edit)': {
    'who may write each field': async () => {
      const id = await order();
      await refused(await bulkEdit(biller, [id], { notes: 'x' }), 403, 'page_denied', id);
      await refused(await bulkEdit(leader, [id], { baseSalePrice: '1.00' }), 400, 'invalid_input', id);
    },
    validation: async () => {
      const id = await order();
      await refused(await bulkEdit(leader, [id], { pickupDate: 'soon' }), 400, 'invalid_input', id);
    },
    'the invariants': async () => {
      const [open, done] = [await order(), await order({ status: 'completed' })];
      const answer = await bulkEdit(leader, [open, done], { pickupDate: '2026-10-02' });
      await refused(answer, 409, 'bulk_edit_refused', open);
      expect(answer.body.fields['changes.pickupDate'].code).toBe('order_completed');
      const late = await bulkEdit(leader, [open], { mosDate: '2026-09-01' });
      await refused(late, 409, 'bulk_edit_refused', open);
      expect(late.body.fields['changes.mosDate'].code).toBe('dates_out_of_order');
    },
    'references only to live records': async () => {
      const id = await order();
      const answer = await bulkEdit(leader, [id], { supplierId: goneSupplier });
      await refused(answer, 400, 'invalid_input', id);
      expect(answer.body.fields['changes.supplierId'].code).toBe('unknown_id');
    },
    "the dispatcher's areas before and after": async () => {
      const own = await order();
      const answer = await bulkEdit(dispatcher, [own], { deliveryAreaId: refs.otherArea });
      await refused(answer, 409, 'bulk_edit_refused', own);
      expect(answer.body.fields['changes.deliveryAreaId'].code).toBe('area_denied');
      const foreign = await order({ area: refs.otherArea });
      await refused(await bulkEdit(dispatcher, [own, foreign], { notes: 'x' }), 404, 'not_found', own);
    },
    'the version': async () => {
      const [a, b] = [await order(), await order()];
      await app.db('orders').where({ id: b }).update({ notes: 'same' });
      expect((await bulkEdit(leader, [a, b], { notes: 'same' })).body.updated).toBe(1);
      expect([(await stored(a)).version, (await stored(b)).version]).toEqual([2, 1]);
    },
    'the log row and its live notice': async () => {
      const id = await order();
      await bulkEdit(leader, [id], { notes: 'bulk' });
      await loggedAndHeard('order', id, 'bulk_edit');
    },
  },

  'the batch completion date (POST /api/orders/batch-completion-date)': {
    'who may write each field': async () => {
      const id = await order({ status: 'completed' });
      await refused(await batchDate(biller, [id]), 403, 'page_denied', id);
    },
    validation: async () => {
      const id = await order({ status: 'completed' });
      await refused(await batchDate(leader, [id], 'someday'), 400, 'invalid_input', id);
    },
    'the invariants': async () => {
      const [done, open] = [await order({ status: 'completed' }), await order()];
      await refused(await batchDate(leader, [done, open]), 409, 'not_completed', done);
      const early = await batchDate(leader, [done], '2026-09-01T08:00:00Z');
      await refused(early, 400, 'invalid_input', done);
      expect(early.body.fields.completionDate.code).toBe('too_early');
    },
    'references only to live records': async () => {
      // It sets no reference: a completed order of a supplier in the trash is dated all the same.
      const id = await order({ status: 'completed', supplier: goneSupplier });
      expect((await batchDate(leader, [id])).body.updated).toBe(1);
    },
    "the dispatcher's areas before and after": async () => {
      const [own, foreign] = [await order({ status: 'completed' }), await order({ status: 'completed', area: refs.otherArea })];
      await refused(await batchDate(dispatcher, [own, foreign]), 404, 'not_found', own);
      expect((await batchDate(dispatcher, [own])).body.updated).toBe(1);
    },
    'the version': async () => {
      const id = await order({ status: 'completed' });
      await batchDate(leader, [id]);
      expect((await stored(id)).version).toBe(2);
    },
    'the log row and its live notice': async () => {
      const id = await order({ status: 'completed' });
      await batchDate(leader, [id]);
      await loggedAndHeard('order', id, 'batch_update');
    },
  },

  'a price paste (POST /api/pricing/paste)': {
    'who may write each field': async () => {
      const id = await order({ status: 'completed' });
      await refused(await paste(leader, [{ id, version: 1, baseSalePrice: '5' }]), 403, 'page_denied', id);
      // A price of a group the role does not hold (field groups), whatever its page.
      await withoutPurchasePrices(async () =>
        refused(await paste(biller, [{ id, version: 1, basePurchasePrice: '5' }]), 403, 'field_denied', id));
    },
    validation: async () => {
      const id = await order({ status: 'completed' });
      const answer = await paste(biller, [{ id, version: 1, baseSalePrice: '12x' }]);
      expect(answer.body.refused).toEqual([{ id, fields: { baseSalePrice: expect.objectContaining({ code: 'invalid_format' }) } }]);
      expect((await stored(id)).version).toBe(1);
    },
    'the invariants': async () => {
      // Pricing prices completed orders only.
      const id = await order();
      expect((await paste(biller, [{ id, version: 1, baseSalePrice: '5' }])).body.refused[0].fields.id.code).toBe('not_completed');
      expect((await stored(id)).version).toBe(1);
    },
    'references only to live records': async () => {
      // It sets no reference but the card's, which a typed price clears.
      const id = await order({ status: 'completed', supplier: goneSupplier });
      expect((await paste(biller, [{ id, version: 1, baseSalePrice: '5' }])).body.saved).toHaveLength(1);
      expect((await stored(id)).rateCardId).toBeNull();
    },
    "the dispatcher's areas before and after": async () => {
      const foreign = await order({ status: 'completed', area: refs.otherArea });
      expect((await paste(dispatcher, [{ id: foreign, version: 1, baseSalePrice: '5' }])).body.refused[0].fields.id.code).toBe('unknown_id');
      expect((await stored(foreign)).version).toBe(1);
    },
    'the version': async () => {
      const id = await order({ status: 'completed' });
      expect((await paste(biller, [{ id, version: 1, baseSalePrice: '5' }])).body.saved[0].version).toBe(2);
      expect((await paste(biller, [{ id, version: 1, baseSalePrice: '6' }])).body.refused[0].fields.version.code).toBe('stale_version');
      expect((await stored(id)).baseSalePrice).toBe('5.00');
    },
    'the log row and its live notice': async () => {
      const id = await order({ status: 'completed' });
      await paste(biller, [{ id, version: 1, baseSalePrice: '5' }]);
      await loggedAndHeard('order', id, 'update');
    },
  },

  'rate-card pricing (POST /api/rate-cards/apply)': {
    'who may write each field': async () => {
      const id = await order({ status: 'completed' });
      await refused(await apply(leader, [id]), 403, 'page_denied', id);
      // A card sets both sides: not for a role that does not see one of them (field groups).
      await withoutPurchasePrices(async () => refused(await apply(biller, [id]), 403, 'field_denied', id));
    },
    validation: async () => {
      await refused(await biller.post('/api/rate-cards/apply', { ids: [1], filter: {} }), 400, 'invalid_input');
    },
    'the invariants': async () => {
      // A card never writes over typed prices.
      const id = await order({ status: 'completed', priced: true });
      expect((await apply(biller, [id])).body).toMatchObject({ priced: 0, alreadyPriced: 1 });
      expect((await stored(id)).version).toBe(1);
    },
    'references only to live records': async () => {
      const supplier = (await admin.create('/api/suppliers', { name: 'Card Haulage', ...SUPPLIER_CONTACT })).id;
      const gone = await admin.create('/api/rate-cards', { name: 'Trashed card', supplierId: supplier, validFrom: '2026-01-01',
        basePurchasePrice: '1', baseSalePrice: '2' });
      await admin.delete(`/api/rate-cards/${gone.id}`);
      const id = await order({ status: 'completed', supplier });
      expect((await apply(biller, [id])).body).toMatchObject({ priced: 0, noCard: { no_card: 1 } });
    },
    "the dispatcher's areas before and after": async () => {
      const foreign = await order({ status: 'completed', area: refs.otherArea });
      expect((await apply(dispatcher, [foreign])).body).toMatchObject({ chosen: 0, priced: 0 });
      expect((await stored(foreign)).version).toBe(1);
    },
    'the version': async () => {
      const supplier = (await admin.create('/api/suppliers', { name: 'Versioned Haulage', ...SUPPLIER_CONTACT })).id;
      await admin.create('/api/rate-cards', { name: 'Versioned card', supplierId: supplier, validFrom: '2026-01-01', basePurchasePrice: '1', baseSalePrice: '2' });
      const id = await order({ status: 'completed', supplier });
      expect((await apply(biller, [id])).body.priced).toBe(1);
      expect(await stored(id)).toMatchObject({ version: 2, basePurchasePrice: '1.00' });
    },
    'the log row and its live notice': async () => {
      const supplier = (await admin.create('/api/suppliers', { name: 'Logged Haulage', ...SUPPLIER_CONTACT })).id;
      await admin.create('/api/rate-cards', { name: 'Logged card', supplierId: supplier, validFrom: '2026-01-01', basePurchasePrice: '1', baseSalePrice: '2' });
      const id = await order({ status: 'completed', supplier });
      await apply(biller, [id]);
      await loggedAndHeard('order', id, 'rate_card_apply');
    },
  },

  'the order import (POST /api/orders/import)': {
    'who may write each field': async () => {
      const { preview, mtm } = await importRow(biller);
      await refused(preview, 403, 'page_denied');
      expect(await importedId(mtm)).toBeUndefined();
    },
    validation: async () => {
      const { preview, mtm } = await importRow(leader, { 'Pickup date': 'soon' });
      expect(preview.body.errors[0]).toMatchObject({ field: 'pickupDate', code: 'invalid_format' });
      expect(await importedId(mtm)).toBeUndefined();
    },
    'the invariants': async () => {
      const { preview, mtm } = await importRow(leader, { 'MOS date': '2026-09-01' });
      expect(preview.body.errors[0]).toMatchObject({ field: 'mosDate', code: 'too_early' });
      const first = await importRow(leader);
      const again = await importRow(leader, { 'DN number': first.preview.body.sample[0].values.dnNumber });
      expect(again.preview.body.errors[0]).toMatchObject({ field: 'dnNumber', code: 'already_exists' });
      expect(await importedId(mtm)).toBeUndefined();
    },
    'references only to live records': async () => {
      const { preview, mtm } = await importRow(leader, { Supplier: 'Gone Haulage' });
      expect(preview.body.errors[0]).toMatchObject({ field: 'supplierId', code: 'unknown_name' });
      expect(await importedId(mtm)).toBeUndefined();
    },
    "the dispatcher's areas before and after": async () => {
      const { preview, mtm } = await importRow(dispatcher, { 'Delivery area': 'OTHER' });
      expect(preview.body.errors[0]).toMatchObject({ field: 'deliveryAreaId', code: 'area_denied' });
      expect(await importedId(mtm)).toBeUndefined();
    },
    'the version': async () => {
      const { committed, mtm } = await importRow(leader);
      expect(committed!.status).toBe(201);
      expect((await stored((await importedId(mtm))!)).version).toBe(1);
    },
    'the log row and its live notice': async () => {
      const { mtm } = await importRow(leader);
      await loggedAndHeard('order', (await importedId(mtm))!, 'import');
    },
  },

  'a trash restore (POST /api/trash/:type/:id/restore)': {
    'who may write each field': async () => {
      const id = await order();
      await admin.delete(`/api/orders/${id}`);
      await refused(await restore(leader, 'order', id), 403, 'page_denied');
      expect((await stored(id)).deletedAt).not.toBeNull();
    },
    validation: async () => {
      await refused(await restore(admin, 'order', 'x' as unknown as number), 400, 'invalid_input');
    },
    'the invariants': async () => {
      const first = await card('Restored spring', '2033-03-01', '2033-05-31');
      await admin.delete(`/api/rate-cards/${first.id}`);
      await card('Later spring', '2033-05-01', '2033-06-30');
      const answer = await restore(admin, 'rate_card', first.id);
      await refused(answer, 400, 'invalid_input');
      expect(answer.body.fields.validFrom).toMatchObject({ code: 'overlaps', params: { name: 'Later spring' } });
      const id = await order();
      await admin.delete(`/api/orders/${id}`);
      await createOrder(leader, { ...placeIn(refs), dnNumber: (await stored(id)).dnNumber });
      await refused(await restore(admin, 'order', id), 409, 'restore_conflict');
    },
    'references only to live records': async () => {
      // A restore sets no reference: an order of a supplier in the trash comes back as it was.
      const id = await order({ supplier: goneSupplier });
      await admin.delete(`/api/orders/${id}`);
      expect((await restore(admin, 'order', id)).status).toBe(200);
    },
    "the dispatcher's areas before and after": async () => {
      const foreign = await order({ area: refs.otherArea });
      await admin.delete(`/api/orders/${foreign}`);
      await refused(await restore(dispatcher, 'order', foreign), 404, 'not_found');
      expect((await stored(foreign)).deletedAt).not.toBeNull();
    },
    'the version': async () => {
      const id = await order();
      await admin.delete(`/api/orders/${id}`);
      await restore(admin, 'order', id);
      expect((await stored(id)).version).toBe(3);
    },
    'the log row and its live notice': async () => {
      const id = await order();
      await admin.delete(`/api/orders/${id}`);
      await restore(admin, 'order', id);
      await loggedAndHeard('order', id, 'restore');
    },
  },

  'an undo (POST /api/actions/:actionId/undo)': {
    'who may write each field': async () => {
      const id = await order({ status: 'completed' });
      const pasted = await paste(biller, [{ id, version: 1, baseSalePrice: '5' }]);
      await refused(await undo(leader, pasted.body.actionId), 403, 'page_denied');
      expect((await stored(id)).baseSalePrice).toBe('5.00');
      // Putting back a price of a group the role does not hold (field groups).
      const typed = await paste(admin, [{ id, version: 2, basePurchasePrice: '7' }]);
      await withoutPurchasePrices(async () => refused(await undo(biller, typed.body.actionId), 403, 'field_denied'));
      expect((await stored(id)).basePurchasePrice).toBe('7.00');
    },
    validation: async () => {
      await refused(await undo(admin, 'not-an-action'), 400, 'invalid_input');
      // A value from the log is checked by the field's rule as a form's would be.
      const id = await order();
      const edit = await bulkEdit(leader, [id], { notes: 'short' });
      await app.db('activityLogs').where({ actionId: edit.body.actionId })
        .update({ changes: { notes: { before: 'x'.repeat(2001), after: 'short' } } });
      const answer = await undo(leader, edit.body.actionId);
      await refused(answer, 409, 'undo_refused');
      expect(answer.body.fields[`records.order:${id}`]).toMatchObject({ code: 'too_long', params: { field: 'notes' } });
      expect((await stored(id)).notes).toBe('short');
    },
    'the invariants': async () => {
      const spring = await card('Undone spring', '2034-03-01', '2034-06-30');
      await admin.put(`/api/rate-cards/${spring.id}`, { validTo: '2034-04-30' });
      const shortened = await actionOf('rate_card', spring.id);
      await card('Undone summer', '2034-05-01', '2034-08-31');
      const answer = await undo(admin, shortened);
      await refused(answer, 409, 'undo_refused');
      expect(answer.body.fields[`records.rate_card:${spring.id}`].code).toBe('overlaps');
      const ready = await order({ status: 'awaiting_pod_upload' });
      await withPod(ready);
      await transition(leader, ready, 'completed');
      expect((await undo(leader, await actionOf('order', ready))).body.fields[`records.order:${ready}`].code).toBe('not_allowed_from');
    },
    'references only to live records': async () => {
      const supplier = (await admin.create('/api/suppliers', { name: 'Undone Haulage', ...SUPPLIER_CONTACT })).id;
      const id = await order({ supplier });
      const edit = await bulkEdit(leader, [id], { supplierId: refs.supplier });
      await admin.delete(`/api/suppliers/${supplier}`);
      const answer = await undo(leader, edit.body.actionId);
      await refused(answer, 409, 'undo_refused');
      expect(answer.body.fields[`records.order:${id}`].code).toBe('unknown_id');
      expect((await stored(id)).supplierId).toBe(refs.supplier);
    },
    "the dispatcher's areas before and after": async () => {
      const own = await order();
      const moved = await bulkEdit(admin, [own], { deliveryAreaId: refs.otherArea });
      await refused(await undo(dispatcher, moved.body.actionId), 403, 'area_denied');
      expect((await stored(own)).deliveryAreaId).toBe(refs.otherArea);
    },
    'the version': async () => {
      const id = await order();
      const edit = await bulkEdit(leader, [id], { notes: 'one' });
      await leader.put(`/api/orders/${id}`, { notes: 'two' });
      await refused(await undo(leader, edit.body.actionId), 409, 'changed_since');
      const again = await order();
      const other = await bulkEdit(leader, [again], { notes: 'one' });
      expect((await undo(leader, other.body.actionId)).status).toBe(200);
      expect(await stored(again)).toMatchObject({ version: 3, notes: null });
    },
    'the log row and its live notice': async () => {
      const id = await order();
      const edit = await bulkEdit(leader, [id], { notes: 'one' });
      await undo(leader, edit.body.actionId);
      await loggedAndHeard('order', id, 'undo');
    },
  },
};

describe.each(Object.keys(PATHS))('%s', (path) => {
  it.each(RULES)('obeys %s', (rule) => PATHS[path][rule]());
});
