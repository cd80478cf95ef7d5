import { createOrderReferences, placeIn, type OrderReferences } from '../helpers/orderReferences';
import { createOrder, orderBody } from '../helpers/orders';
import { useSignedInApp } from '../helpers/testApp';

// An order's dates in their order (docs/order-status-flow.md#dates): the MOS date and the
// completion date are never before the pickup date, on every path that writes them.
const { app, admin } = useSignedInApp({ admin: 'admin' });
let refs: OrderReferences;
let adminId: number;

beforeAll(async () => {
  refs = await createOrderReferences(app, admin);
  adminId = (await app.db('users').where({ username: 'admin' }).first('id')).id;
});

/** This file's orders: refs' warehouse and own area, assigned to the admin. */
const place = () => ({ ...placeIn(refs), assignedUserId: adminId });

const tooEarly = (field: string, min: string) => ({ code: 'invalid_input',
  fields: { [field]: { code: 'too_early', params: expect.objectContaining({ min }) } } });

/** A completed order (with its POD) picked up on `pickupDate`. */
async function completedOrder(dn: string, pickupDate: string): Promise<number> {
  const [{ id }] = await app.db('orders').insert(orderBody({ ...place(), mtmNumber: `MTM-${dn}`, dnNumber: dn,
    pickupDate, mosDate: pickupDate, status: 'completed', completionDate: new Date(`${pickupDate}T12:00:00Z`) })).returning('id');
  return id;
}

describe('order dates in their order', () => {
  it('refuses a new order whose MOS date is before its pickup date, and takes the same day', async () => {
    const refused = await admin.post('/api/orders', orderBody({ ...place(), dnNumber: 'D-1', pickupDate: '2026-11-20', mosDate: '2026-11-19' }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject(tooEarly('mosDate', '2026-11-20'));
    expect(await app.db('orders').where({ dnNumber: 'D-1' }).first()).toBeUndefined();
    expect((await admin.post('/api/orders', orderBody({ ...place(), dnNumber: 'D-1', pickupDate: '2026-11-20', mosDate: '2026-11-20' }))).status)
      .toBe(201);
  });

  it('checks an edit that sends one date against the record\'s other date, and changes nothing', async () => {
    const created = await createOrder(admin, { ...place(), pickupDate: '2026-11-20', mosDate: '2026-11-25' });
    const mosOnly = await admin.put(`/api/orders/${created.id}`, { version: created.version, mosDate: '2026-11-10' });
    expect(mosOnly.status).toBe(400);
    expect(mosOnly.body).toMatchObject(tooEarly('mosDate', '2026-11-20'));
    const pickupOnly = await admin.put(`/api/orders/${created.id}`, { version: created.version, pickupDate: '2026-11-30' });
    expect(pickupOnly.body).toMatchObject(tooEarly('mosDate', '2026-11-30'));
    expect(await app.db('orders').where({ id: created.id }).first('pickupDate', 'mosDate', 'version'))
      .toEqual({ pickupDate: '2026-11-20', mosDate: '2026-11-25', version: created.version });
    expect((await admin.put(`/api/orders/${created.id}`, { version: created.version, mosDate: '2026-11-20' })).status).toBe(200);
  });

  it('says the import row whose MOS date is before its pickup date', async () => {
    const header = 'MTM number,DN number,Pickup warehouse,Delivery area,Assigned user,Pickup date,MOS date';
    const file = `${header}\nMTM-I1,I-1,W1,OWN,admin,2026-11-20,2026-11-18\nMTM-I2,I-2,W1,OWN,admin,2026-11-20,2026-11-21\n`;
    const form = new FormData();
    form.append('dryRun', 'true');
    form.append('file', new Blob([file]), 'orders.csv');
    const checked = await admin.post('/api/orders/import', form);
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ rows: 2, valid: 1 });
    expect(checked.body.errors).toEqual([expect.objectContaining({ row: 2, field: 'mosDate', code: 'too_early', params: { min: '2026-11-20' } })]);
  });

  it('refuses a batch completion date before any selected order\'s pickup date, all or nothing', async () => {
    const early = await completedOrder('B-1', '2026-11-10');
    const late = await completedOrder('B-2', '2026-11-15');
    const refused = await admin.post('/api/orders/batch-completion-date', { ids: [early, late], completionDate: '2026-11-12T10:00:00Z' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject(tooEarly('completionDate', '2026-11-15'));
    expect(refused.body.fields.completionDate.params.orders).toBe('MTM-B-2');
    const dates: Array<{ completionDate: Date }> = await app.db('orders').whereIn('id', [early, late]).orderBy('id').select('completionDate');
    expect(dates.map((d) => d.completionDate.toISOString())).toEqual(['2026-11-10T12:00:00.000Z', '2026-11-15T12:00:00.000Z']);
    const taken = await admin.post('/api/orders/batch-completion-date', { ids: [early, late], completionDate: '2026-11-16T10:00:00Z' });
    expect(taken.body).toEqual({ updated: 2, actionId: expect.any(String) });
  });

  it('takes the completion date\'s day where the person is (X-Time-Zone), whatever the server\'s zone', async () => {
    // 2026-11-19 11:00 UTC is the 20th in Kiritimati (UTC+14) and still the 19th in Pago Pago (UTC-11).
    const ids = [await completedOrder('Z-1', '2026-11-20')];
    const at = (zone: string) => admin.request('POST', '/api/orders/batch-completion-date', { ids, completionDate: '2026-11-19T11:00:00Z' },
      { 'X-Time-Zone': zone });
    const west = await at('Pacific/Pago_Pago');
    expect(west.status).toBe(400);
    expect(west.body).toMatchObject(tooEarly('completionDate', '2026-11-20'));
    expect((await at('Pacific/Kiritimati')).body).toEqual({ updated: 1, actionId: expect.any(String) });
    // A zone that is none is the server's: no 500.
    expect((await at('Not/A_Zone')).status).not.toBe(500);
  });

  it('refuses completing an order with a completion date before its pickup date', async () => {
    const created = await createOrder(admin, { ...place(), pickupDate: '2026-11-20', mosDate: '2026-11-22' });
    await app.db('orders').where({ id: created.id }).update({ status: 'awaiting_pod_upload' });
    await app.db('orderAttachments').insert({ orderId: created.id, kind: 'pod', fileName: 'pod.pdf', contentType: 'application/pdf',
      size: 4, content: Buffer.from('%PDF'), uploadedBy: adminId });
    const refused = await admin.post(`/api/orders/${created.id}/transitions`, { to: 'completed', completionDate: '2026-11-01T08:00:00Z' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject(tooEarly('completionDate', '2026-11-20'));
    expect((await app.db('orders').where({ id: created.id }).first('status')).status).toBe('awaiting_pod_upload');
  });
});
