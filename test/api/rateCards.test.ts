import { signedInAs } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';
import { createOrderReferences, placeIn, type OrderReferences } from '../helpers/orderReferences';
import { createOrder } from '../helpers/orders';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

// Rate cards (#24, docs/pricing.md#rate-cards): no overlapping live cards, the most specific card
// prices an order on its pickup date, at completion or by "Apply rate cards", never over typed prices.
const { app, admin, biller } = useSignedInApp({ admin: 'admin', biller: 'biller' });
let refs: OrderReferences & { userId: number; otherVehicle: number };

beforeAll(async () => {
  refs = { ...await createOrderReferences(app, admin), userId: (await admin.get('/api/user')).body.id,
    otherVehicle: (await admin.create('/api/vehicle-types', { code: 'T9', name: '9 t truck' })).id };
});

type Row = Record<string, any>;
const PRICES = { basePurchasePrice: '100.00', haulingBuyPrice: '10.00', foulTripBuyPrice: null,
  baseSalePrice: '150.00', haulingSalePrice: '15.00', foulTripSalePrice: null };
let serial = 0;

async function newSupplier(): Promise<number> {
  serial += 1;
  return (await admin.create('/api/suppliers', { name: `Card carrier ${serial}`, ...SUPPLIER_CONTACT })).id;
}

const card = (supplierId: number, overrides: Row = {}) => biller.post('/api/rate-cards', { name: `Card ${++serial}`, supplierId,
  validFrom: '2026-01-01', validTo: null, ...PRICES, ...overrides });

async function newCard(supplierId: number, overrides: Row = {}): Promise<Row> {
  const answer = await card(supplierId, overrides);
  if (answer.status !== 201) throw new Error(`card: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** An order waiting for its POD, ready to be completed. */
async function readyOrder(overrides: Row = {}): Promise<Row> {
  const order = await createOrder(admin, { ...placeIn(refs), assignedUserId: refs.userId, supplierId: refs.supplier,
    vehicleTypeId: refs.vehicleType, pickupDate: '2026-06-10', mosDate: '2026-06-12', ...overrides });
  await app.db('orders').where({ id: order.id }).update({ status: 'awaiting_pod_upload' });
  await app.db('orderAttachments').insert({ orderId: order.id, kind: 'pod', fileName: 'pod.pdf',
    contentType: 'application/pdf', size: 5, content: Buffer.from('%PDF-') });
  return order;
}

async function complete(order: Row): Promise<Row> {
  const done = await admin.post(`/api/orders/${order.id}/transitions`, { to: 'completed' });
  if (done.status !== 200) throw new Error(`complete: ${done.status} ${JSON.stringify(done.body)}`);
  return (await biller.get(`/api/pricing/${order.id}`)).body;
}

/** A completed order without prices and without a card (completed before any card of its supplier existed). */
async function unpricedOrder(overrides: Row = {}): Promise<Row> {
  return complete(await readyOrder(overrides));
}

describe('rate cards as a resource', () => {
  it('is pricing management\'s: a biller writes cards, a team leader may not read them', async () => {
    const supplier = await newSupplier();
    const created = await newCard(supplier);
    expect(created).toMatchObject({ supplierId: supplier, vehicleTypeId: null, basePurchasePrice: '100.00', version: 1 });
    const leader = await signedInAs(app.url, 'team_leader');
    expect((await leader.get('/api/rate-cards')).status).toBe(403);
    expect((await leader.post('/api/rate-cards/apply', { ids: [1], preview: true })).status).toBe(403);
    const updated = await biller.put(`/api/rate-cards/${created.id}`, { version: created.version, baseSalePrice: '160' });
    expect(updated.status).toBe(200);
    expect(updated.body.baseSalePrice).toBe('160.00');
    expect((await biller.put(`/api/rate-cards/${created.id}`, { version: created.version, baseSalePrice: '170' })).status).toBe(409);
  });

  it('needs the base prices and a period in order', async () => {
    const supplier = await newSupplier();
    const noBase = await card(supplier, { basePurchasePrice: null });
    expect(noBase.status).toBe(400);
    expect(noBase.body.fields.basePurchasePrice).toBeDefined();
    const backwards = await card(supplier, { validFrom: '2026-05-01', validTo: '2026-04-30' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields.validTo).toMatchObject({ code: 'too_early' });
    expect((await card(supplier, { validFrom: '2026-02-30' })).status).toBe(400);
    expect((await card(supplier, { basePurchasePrice: '-1' })).status).toBe(400);
    expect((await card(supplier, { supplierId: 999999 })).status).toBe(400);
  });

  it('refuses a live card that overlaps another of the same supplier, vehicle type and area, naming it', async () => {
    const supplier = await newSupplier();
    const first = await newCard(supplier, { name: 'Spring', validFrom: '2026-03-01', validTo: '2026-05-31' });
    const overlapping = await card(supplier, { validFrom: '2026-05-31', validTo: '2026-08-31' });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.fields.validFrom).toMatchObject({ code: 'overlaps', params: { name: 'Spring', from: '2026-03-01', to: '2026-05-31' } });
    // An open-ended card overlaps everything after its start.
    expect((await card(supplier, { validFrom: '2026-01-01', validTo: null })).status).toBe(400);
    // Another vehicle type, another area, or the days after: no overlap.
    expect((await card(supplier, { validFrom: '2026-04-01', vehicleTypeId: refs.vehicleType })).status).toBe(201);
    expect((await card(supplier, { validFrom: '2026-04-01', deliveryAreaId: refs.ownArea })).status).toBe(201);
    const summer = await newCard(supplier, { validFrom: '2026-06-01', validTo: '2026-08-31' });
    // Moving a card into another's period is refused too; a deleted card overlaps nothing, until restored.
    expect((await biller.put(`/api/rate-cards/${summer.id}`, { version: summer.version, validFrom: '2026-05-15' })).status).toBe(400);
    expect((await biller.delete(`/api/rate-cards/${first.id}`)).status).toBe(200);
    const moved = await biller.put(`/api/rate-cards/${summer.id}`, { version: summer.version, validFrom: '2026-05-15' });
    expect(moved.status).toBe(200);
    const restore = await admin.post(`/api/trash/rate_card/${first.id}/restore`, {});
    expect(restore.status).toBe(400);
    expect(restore.body.fields.validFrom.params.name).toBe(summer.name);
  });

  it('takes turns on parallel writes: of two overlapping cards sent at once, one is refused', async () => {
    const supplier = await newSupplier();
    const answers = await Promise.all([card(supplier, { validFrom: '2026-01-01' }), card(supplier, { validFrom: '2026-02-01' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
  });

  it('logs its changes and exports its list with names', async () => {
    const supplier = await newSupplier();
    const created = await newCard(supplier, { name: 'Logged card', vehicleTypeId: refs.vehicleType });
    const log = (await admin.get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify({ entityType: 'rate_card', entityId: String(created.id) }))}`)).body;
    expect(log).toEqual([expect.objectContaining({ action: 'create', entityLabel: 'Logged card' })]);
    const csv = await biller.get(`/api/rate-cards/export.csv?locale=en&tz=UTC&filter=${encodeURIComponent(JSON.stringify({ supplierId: supplier }))}`);
    expect(csv.status).toBe(200);
    const [header, row] = String(csv.body).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(header).toMatch(/^Name,Supplier,Vehicle type,Delivery area,Valid from,Valid to,/);
    expect(row).toMatch(/^Logged card,Card carrier \d+,5 t truck,,"Jan 1, 2026",,100\.00,10\.00,,150\.00,15\.00,,/);
  });

  it('lists by supplier, vehicle type, area and the day they are valid on, as the list and its export filter', async () => {
    const supplier = await newSupplier();
    const truck = await newCard(supplier, { name: 'Truck 2025', vehicleTypeId: refs.vehicleType, validFrom: '2025-01-01', validTo: '2025-12-31' });
    const area = await newCard(supplier, { name: 'Area from 2026', deliveryAreaId: refs.ownArea, validFrom: '2026-01-01' });
    const any = await newCard(supplier, { name: 'Any, first half of 2025', validFrom: '2025-01-01', validTo: '2025-06-30' });
    const listed = async (filter: Row) => {
      const answer = await biller.get(`/api/rate-cards?filter=${encodeURIComponent(JSON.stringify({ supplierId: supplier, ...filter }))}`);
      expect(answer.status).toBe(200);
      const csv = await biller.get(`/api/rate-cards/export.csv?locale=en&tz=UTC&filter=${encodeURIComponent(JSON.stringify({ supplierId: supplier, ...filter }))}`);
      expect(String(csv.body).trim().split(/\r?\n/).length - 1).toBe(answer.body.length);
      return (answer.body as Row[]).map((found) => found.name).sort();
    };
    expect(await listed({})).toEqual([any.name, area.name, truck.name].sort());
    expect(await listed({ vehicleTypeId: refs.vehicleType })).toEqual([truck.name]);
    expect(await listed({ deliveryAreaId: refs.ownArea })).toEqual([area.name]);
    expect(await listed({ validOn: '2025-03-01' })).toEqual([any.name, truck.name].sort());
    // Both ends of a period are days of it; an open-ended card is valid on any day from its start.
    expect(await listed({ validOn: '2025-06-30' })).toEqual([any.name, truck.name].sort());
    expect(await listed({ validOn: '2025-07-01' })).toEqual([truck.name]);
    expect(await listed({ validOn: '2031-01-01' })).toEqual([area.name]);
    expect(await listed({ validOn: '2024-12-31' })).toEqual([]);
    expect(await listed({ validOn: '2025-07-01', vehicleTypeId: refs.vehicleType })).toEqual([truck.name]);
    for (const validOn of ['2025-02-30', 'soon', 20250101]) {
      const refused = await biller.get(`/api/rate-cards?filter=${encodeURIComponent(JSON.stringify({ validOn }))}`);
      expect(refused.status).toBe(400);
      expect(refused.body.fields.validOn).toMatchObject({ code: 'invalid_format' });
    }
  });
});

describe('the card that prices an order', () => {
  it('is the most specific live card valid on the pickup date, written at completion with a log row naming it', async () => {
    const supplier = await newSupplier();
    await newCard(supplier, { name: 'Supplier only', basePurchasePrice: '1' });
    await newCard(supplier, { name: 'Supplier + area', deliveryAreaId: refs.ownArea, basePurchasePrice: '2' });
    await newCard(supplier, { name: 'Supplier + vehicle', vehicleTypeId: refs.vehicleType, basePurchasePrice: '3' });
    const exact = await newCard(supplier, { name: 'Supplier + vehicle + area', vehicleTypeId: refs.vehicleType,
      deliveryAreaId: refs.ownArea, basePurchasePrice: '4', validFrom: '2026-06-01', validTo: '2026-06-30' });
    const priced = (overrides: Row) => unpricedOrder({ supplierId: supplier, ...overrides });
    expect(await priced({})).toMatchObject({ rateCardId: exact.id, basePurchasePrice: '4.00', haulingBuyPrice: '10.00',
      mtmBuyPrice: '14.00', baseSalePrice: '150.00', mtmSalePrice: '165.00' });
    // Outside the exact card's period, the vehicle card; another vehicle, the area card; neither, the supplier's.
    expect((await priced({ pickupDate: '2026-07-01', mosDate: '2026-07-02' })).basePurchasePrice).toBe('3.00');
    expect((await priced({ vehicleTypeId: refs.otherVehicle })).basePurchasePrice).toBe('2.00');
    expect((await priced({ vehicleTypeId: null, deliveryAreaId: refs.otherArea })).basePurchasePrice).toBe('1.00');
    const order = await priced({});
    const log = (await admin.get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify({ entityType: 'order', entityId: String(order.id) }))}&sort=${encodeURIComponent('["id","ASC"]')}`)).body as Row[];
    const applied = log.find((row) => row.action === 'rate_card_apply')!;
    expect(applied.changes).toMatchObject({ rateCardId: { before: null, after: exact.id }, rateCard: 'Supplier + vehicle + area',
      basePurchasePrice: { before: null, after: '4.00' } });
    // The completion and the card's prices are one action: one undo takes both back.
    expect(applied.actionId).toBe(log.find((row) => row.action === 'status_change')!.actionId);
    expect((await admin.post(`/api/actions/${applied.actionId}/undo`, {})).status).toBe(200);
    expect((await biller.get(`/api/orders/${order.id}`)).body).toMatchObject({ status: 'awaiting_pod_upload', rateCardId: null,
      basePurchasePrice: null, baseSalePrice: null, completionDate: null });
  });

  it('is part of the completion: whoever may step the order back undoes both, without pricing management', async () => {
    const supplier = await newSupplier();
    await newCard(supplier);
    const order = await readyOrder({ supplierId: supplier });
    const leader = await signedInAs(app.url, 'team_leader');
    const done = await leader.post(`/api/orders/${order.id}/transitions`, { to: 'completed' });
    // A team leader sees the sale prices only (field groups): the card's purchase prices are set, not shown to them.
    expect(done.body).toMatchObject({ status: 'completed', baseSalePrice: '150.00' });
    expect(done.body).not.toHaveProperty('basePurchasePrice');
    expect(await app.db('orders').where({ id: order.id }).first('basePurchasePrice')).toEqual({ basePurchasePrice: '100.00' });
    const [{ actionId }] = await app.db('activityLogs').where({ action: 'rate_card_apply', entityId: String(order.id) }).select('actionId');
    // Its undo writes the purchase prices back, which the team leader may not see: refused before the flow is asked.
    expect((await leader.post(`/api/actions/${actionId}/undo`, {})).body).toMatchObject({ code: 'field_denied',
      params: { fields: expect.stringContaining('basePurchasePrice') } });
    // Its description says so as the undo dialog's refusal, not as an error: the log shows the team leader the action.
    expect(await leader.get(`/api/actions/${actionId}`)).toMatchObject({ status: 200,
      body: { action: 'rate_card_apply', undoable: false, refusal: { code: 'field_denied' } } });
    // Seeing both, its undo is a step back, which the flow gives admins and managers only (docs/undo.md#the-rules).
    await app.db('fieldGroupRoles').insert({ role: 'team_leader', fieldGroup: 'order.purchase_prices' });
    await app.heard();
    try {
      expect((await leader.post(`/api/actions/${actionId}/undo`, {})).body).toMatchObject({ code: 'undo_refused',
        fields: { [`records.order:${order.id}`]: { code: 'not_allowed_from', params: { from: 'completed', to: 'awaiting_pod_upload' } } } });
    } finally {
      await app.db('fieldGroupRoles').where({ role: 'team_leader', fieldGroup: 'order.purchase_prices' }).delete();
      await app.heard();
    }
    const manager = await signedInAs(app.url, 'manager');
    const managerId = (await app.db('users').where({ username: 'manager' }).first('id')).id;
    await app.db('pagePermissions').insert({ userId: managerId, pageKey: 'pricing_management', allowed: false });
    await app.heard();
    expect((await manager.post(`/api/actions/${actionId}/undo`, {})).status).toBe(200);
    expect((await admin.get(`/api/orders/${order.id}`)).body).toMatchObject({ status: 'awaiting_pod_upload', basePurchasePrice: null });
  });

  it('stops pricing once deleted to the trash', async () => {
    const supplier = await newSupplier();
    const doomed = await newCard(supplier);
    expect((await biller.delete(`/api/rate-cards/${doomed.id}`)).status).toBe(200);
    expect(await unpricedOrder({ supplierId: supplier })).toMatchObject({ rateCardId: null, basePurchasePrice: null });
  });

  it('never overwrites a typed price, and a typed price makes the order no longer the card\'s', async () => {
    const supplier = await newSupplier();
    const order = await readyOrder({ supplierId: supplier });
    // A price typed before completion stays; the card fills the empty ones.
    await app.db('orders').where({ id: order.id }).update({ basePurchasePrice: '77.00' });
    const cardRow = await newCard(supplier);
    const priced = await complete(order);
    expect(priced).toMatchObject({ rateCardId: cardRow.id, basePurchasePrice: '77.00', baseSalePrice: '150.00' });
    // An order whose pricing is set is left alone, at completion and by apply.
    const typed = await readyOrder({ supplierId: supplier });
    await app.db('orders').where({ id: typed.id }).update({ basePurchasePrice: '5.00', baseSalePrice: '6.00' });
    expect(await complete(typed)).toMatchObject({ rateCardId: null, basePurchasePrice: '5.00', baseSalePrice: '6.00', haulingBuyPrice: null });
    const apply = await biller.post('/api/rate-cards/apply', { ids: [typed.id] });
    expect(apply.body).toMatchObject({ chosen: 1, alreadyPriced: 1, priced: 0 });
    // Pasting over a card's prices makes them typed too; a paste that changes nothing leaves the card.
    const cardPriced = await unpricedOrder({ supplierId: supplier });
    expect(cardPriced.rateCardId).toBe(cardRow.id);
    const same = await biller.post('/api/pricing/paste', { rows: [{ id: cardPriced.id, version: cardPriced.version, baseSalePrice: '150.00' }] });
    expect(same.body.saved[0].rateCardId).toBe(cardRow.id);
    const pasted = await biller.post('/api/pricing/paste', { rows: [{ id: cardPriced.id, version: same.body.saved[0].version, baseSalePrice: '155' }] });
    expect(pasted.body.saved[0]).toMatchObject({ rateCardId: null, baseSalePrice: '155.00' });
    // Typing over a card's price: the order's prices are now typed.
    const edited = await biller.put(`/api/pricing/${priced.id}`, { version: priced.version, baseSalePrice: '151' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ rateCardId: null, baseSalePrice: '151.00' });
  });
});

describe('"Apply rate cards"', () => {
  it('previews, then prices the unpriced orders of a filter in one transaction, saying which cards and why not', async () => {
    const supplier = await newSupplier();
    const orders = [await unpricedOrder({ supplierId: supplier }), await unpricedOrder({ supplierId: supplier }),
      await unpricedOrder({ supplierId: supplier, vehicleTypeId: refs.otherVehicle })];
    const noSupplier = await unpricedOrder({ supplierId: null });
    const general = await newCard(supplier, { name: 'General' });
    const exact = await newCard(supplier, { name: 'T5 only', vehicleTypeId: refs.vehicleType, basePurchasePrice: '90' });
    const preview = await biller.post('/api/rate-cards/apply', { ids: [...orders.map((o) => o.id), noSupplier.id], preview: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ chosen: 4, unpriced: 4, alreadyPriced: 0, priced: 3,
      cards: [{ id: exact.id, name: 'T5 only', orders: 2 }, { id: general.id, name: 'General', orders: 1 }],
      noCard: { no_supplier: 1, no_card: 0 } });
    // The preview changed nothing.
    expect((await biller.get(`/api/pricing/${orders[0].id}`)).body.basePurchasePrice).toBeNull();
    const applied = await biller.post('/api/rate-cards/apply', { filter: { supplierId: supplier } });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ chosen: 3, priced: 3, actionId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const rows = (await biller.get(`/api/pricing?filter=${encodeURIComponent(JSON.stringify({ rateCardId: exact.id }))}`)).body as Row[];
    expect(rows.map((row) => row.id).sort()).toEqual([orders[0].id, orders[1].id].sort());
    const log = (await admin.get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify({ actionId: applied.body.actionId }))}`)).body as Row[];
    expect(log).toHaveLength(3);
    expect(log.every((row) => row.action === 'rate_card_apply')).toBe(true);
    // One undo takes the whole apply back.
    expect((await biller.post(`/api/actions/${applied.body.actionId}/undo`, {})).body).toMatchObject({ undone: 3 });
    expect((await biller.get(`/api/pricing/${orders[0].id}`)).body).toMatchObject({ rateCardId: null, basePurchasePrice: null });
    expect((await biller.post('/api/rate-cards/apply', { filter: { supplierId: supplier } })).body).toMatchObject({ priced: 3 });
    // Applied again: nothing left to price.
    expect((await biller.post('/api/rate-cards/apply', { filter: { supplierId: supplier }, preview: true })).body).toMatchObject({ chosen: 0, priced: 0 });
  });

  it('lists by source: card-priced and typed', async () => {
    const supplier = await newSupplier();
    const cardRow = await newCard(supplier);
    const byCard = await unpricedOrder({ supplierId: supplier });
    const listed = async (priceSource: string) => ((await biller.get(`/api/pricing?filter=${encodeURIComponent(JSON.stringify({ supplierId: supplier, priceSource }))}`)).body as Row[]).map((o) => o.id);
    expect(await listed('card')).toEqual([byCard.id]);
    expect(await listed('hand')).toEqual([]);
    await biller.put(`/api/pricing/${byCard.id}`, { version: byCard.version, baseSalePrice: '1' });
    expect(await listed('hand')).toEqual([byCard.id]);
    expect(cardRow.id).toBeGreaterThan(0);
  });

  it('keeps a dispatcher to their areas and refuses malformed requests with 400', async () => {
    const dispatcher = await signedInAs(app.url, 'regional_dispatcher');
    expect((await dispatcher.post('/api/rate-cards/apply', { ids: [1], preview: true })).status).toBe(403);
    for (const body of [{}, { ids: [] }, { ids: [1], filter: {} }, { ids: ['x'] }, { filter: 'x' }, { ids: [1], preview: 'maybe' },
      { ids: Array.from({ length: 10_001 }, (_, i) => i + 1) }, { filter: { nope: 1 } }, [], null]) {
      const answer = await biller.post('/api/rate-cards/apply', body);
      expect([answer.status, body]).toEqual([400, body]);
    }
  });
});
