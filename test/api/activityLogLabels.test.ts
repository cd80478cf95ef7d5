import { FIELD_KINDS } from '@kernel/activity/fieldKinds';
import { RESOURCES } from '../../api/src/registry';
import { idListsOf, referencesOf } from '../../api/src/resources/relations';
import { createOrder } from '../helpers/orders';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { useSignedInApp } from '../helpers/testApp';

// The activity log names records and people as a person reads them (#22): the name a record had
// at the time of each change, the actor's name, IPv4 addresses without their IPv6 wrapping.
const { app, admin } = useSignedInApp({ admin: 'admin' });

type LogRow = { actionId?: string | null; action: string; entityId: string; entityLabel: string | null; userName: string | null; username: string; ip: string };
const logOf = async (entityType: string, entityId: number): Promise<LogRow[]> => (await admin.get(
  `/api/activity-logs?filter=${encodeURIComponent(JSON.stringify({ entityType, entityId: String(entityId) }))}&sort=${encodeURIComponent('["id","ASC"]')}`)).body;

describe('a readable activity log', () => {
  it('keeps the name each change left a record with, and names the actor', async () => {
    const supplier = await admin.create('/api/suppliers', { name: '甲物流', ...SUPPLIER_CONTACT });
    expect((await admin.put(`/api/suppliers/${supplier.id}`, { version: supplier.version, name: '乙物流' })).status).toBe(200);
    const rows = await logOf('supplier', supplier.id);
    expect(rows.map((row) => [row.action, row.entityLabel])).toEqual([['create', '甲物流'], ['update', '乙物流']]);
    const adminUser = await app.db('users').where({ username: 'admin' }).first('firstName', 'lastName');
    expect(rows[0].userName).toContain(adminUser.lastName);
    expect(rows[0].username).toBe('admin');
  });

  it('names an order by its MTM number, also once it is deleted', async () => {
    const refs = { warehouse: (await admin.create('/api/warehouses', { code: 'W9', name: '九号仓' })).id,
      area: (await admin.create('/api/delivery-areas', { code: 'A9', name: '九区' })).id,
      user: (await app.db('users').where({ username: 'admin' }).first('id')).id };
    const order = await createOrder(admin, { mtmNumber: 'MTM-LABEL-1', pickupWarehouseId: refs.warehouse,
      deliveryAreaId: refs.area, assignedUserId: refs.user });
    expect((await admin.delete(`/api/orders/${order.id}`)).status).toBe(200);
    expect((await logOf('order', order.id)).map((row) => [row.action, row.entityLabel])).toEqual([['create', 'MTM-LABEL-1'], ['delete', 'MTM-LABEL-1']]);
  });

  it('groups the rows of one action on many records into one entry, each record keeping its row', async () => {
    const ids = [];
    for (const name of ['一号仓', '二号仓', '三号仓']) ids.push((await admin.create('/api/warehouses', { code: `G${ids.length}`, name })).id);
    // The admin's bulk delete: one request per record, with one action id the server issued.
    const batch = (await admin.post('/api/actions', {})).body.actionId;
    for (const id of ids) {
      expect((await admin.request('DELETE', `/api/warehouses/${id}`, undefined, { 'X-Action-Id': batch })).status).toBe(200);
    }
    const grouped = (await admin.get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify({ grouped: true, action: 'delete', entityType: 'warehouse' }))}`))
      .body as Array<LogRow & { actionId: string; actionSize: string | number }>;
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ actionId: batch, entityId: String(ids[0]), entityLabel: '一号仓' });
    expect(Number(grouped[0].actionSize)).toBe(3);
    const rows = (await admin.get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify({ actionId: batch }))}`)).body as LogRow[];
    expect(rows.map((row) => row.entityLabel).sort()).toEqual(['一号仓', '三号仓', '二号仓'].sort());
    // Without a header each single change is an action of its own.
    const single = await admin.create('/api/warehouses', { code: 'G9', name: '九号' });
    await admin.delete(`/api/warehouses/${single.id}`);
    const [created, deleted] = await logOf('warehouse', single.id);
    expect(deleted.actionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(deleted.actionId).not.toBe(created.actionId);
  });

  it('writes an IPv4 address as people do', async () => {
    const [row] = (await admin.get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify({ action: 'login' }))}`)).body as LogRow[];
    expect(row.ip).toBe('127.0.0.1');
  });
});

describe('the values of a change, as the form shows them (#39)', () => {
  it('knows every reference a record type writes, and no other', () => {
    const typeOf = (model: unknown) => RESOURCES.find((def) => def.model === model && def.write)!.entityType;
    for (const def of RESOURCES.filter((one) => one.write)) {
      const kinds = Object.entries(FIELD_KINDS[def.entityType] ?? {});
      expect(Object.fromEntries(kinds.filter(([, kind]) => 'ref' in kind || 'refs' in kind)))
        .toEqual(Object.fromEntries([...referencesOf(def).map((ref) => [ref.field, { ref: typeOf(ref.related) }]),
          ...idListsOf(def).map((list) => [list.field, { refs: typeOf(list.related) }])]));
    }
  });

  it('names the records a change refers to by the names they had then', async () => {
    const east = await admin.create('/api/delivery-areas', { code: 'NE1', name: '东区' });
    const west = await admin.create('/api/delivery-areas', { code: 'NW1', name: '西区' });
    const supplier = await admin.create('/api/suppliers', { name: '名称物流', ...SUPPLIER_CONTACT, serviceAreaIds: [east.id] });
    await admin.put(`/api/suppliers/${supplier.id}`, { version: supplier.version, serviceAreaIds: [east.id, west.id] });
    // Renamed after the change: the change still reads with the name the area had.
    await admin.put(`/api/delivery-areas/${east.id}`, { version: east.version, name: '东区（新）' });
    const rows = (await logOf('supplier', supplier.id)) as Array<LogRow & { referenceNames: Record<string, Record<string, string>> | null }>;
    expect(rows.map((row) => row.referenceNames)).toEqual([
      { serviceAreaIds: { [east.id]: '东区' } },
      { serviceAreaIds: { [east.id]: '东区', [west.id]: '西区' } },
    ]);
    const later = await admin.get(`/api/suppliers/${supplier.id}`);
    await admin.put(`/api/suppliers/${supplier.id}`, { version: later.body.version, serviceAreaIds: [west.id] });
    expect(((await logOf('supplier', supplier.id)).at(-1) as unknown as { referenceNames: unknown }).referenceNames)
      .toEqual({ serviceAreaIds: { [east.id]: '东区（新）', [west.id]: '西区' } });
    // A change that names no record has none.
    await admin.put(`/api/suppliers/${supplier.id}`, { version: later.body.version + 1, shortName: '名称' });
    expect(((await logOf('supplier', supplier.id)).at(-1) as unknown as { referenceNames: unknown }).referenceNames).toBeNull();
  });
});

describe('the name of each record type, as its entry in the list of record types reads it (kernel/resources/recordTypes.ts)', () => {
  const nameNow = async (type: string, id: number): Promise<string | null> =>
    (await app.db.raw('select activity_log_entity_label(?, ?) as label', [type, String(id)])).rows[0].label;

  it('names a person by their name, else their username; a translation by namespace and key; a rate card by its name', async () => {
    const password = 'a-long-enough-password-1';
    const zhou = await admin.create('/api/users', { username: 'label.zhou', firstName: '婷', lastName: '周', role: 'biller', password });
    const lee = await admin.create('/api/users', { username: 'label.lee', firstName: 'Tom', lastName: 'Lee', role: 'biller', password });
    expect((await logOf('user', zhou.id)).map((row) => [row.action, row.entityLabel])).toEqual([['create', '周婷']]);
    expect(await nameNow('user', lee.id)).toBe('Tom Lee');
    await app.db('users').where({ id: lee.id }).update({ firstName: '', lastName: '' });
    expect(await nameNow('user', lee.id)).toBe('label.lee');
    const text = await admin.create('/api/translations', { namespace: 'label_check', key: 'a.b', zh: '甲', en: 'A' });
    expect(await nameNow('translation', text.id)).toBe('label_check.a.b');
    const supplier = await admin.create('/api/suppliers', { name: '卡片物流', ...SUPPLIER_CONTACT });
    const card = await admin.create('/api/rate-cards', { name: '标准卡', supplierId: supplier.id, validFrom: '2026-01-01',
      basePurchasePrice: '100.00', baseSalePrice: '150.00' });
    expect(await nameNow('rate_card', card.id)).toBe('标准卡');
    // A record gone for good, or of no record type, has no name: the log shows its id.
    expect(await nameNow('supplier', 999_999)).toBeNull();
    expect(await nameNow('report_run', supplier.id)).toBeNull();
  });
});
