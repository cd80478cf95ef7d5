import type { DataProvider } from 'ra-core';
import { stockDataProvider } from '../helpers/raClient';
import { useSignedInApp } from '../helpers/testApp';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { demoUserName } from '../../seeds/demo';

const { app, admin } = useSignedInApp({ admin: 'admin' });
let ra: DataProvider;
beforeAll(() => { ra = stockDataProvider(admin); });

/** Three records per resource, sortable by `sortField`, plus the field an update changes. */
const CASES = [
  { resource: 'delivery-areas', sortField: 'code', search: 'north', records: [
    { code: 'N1', name: 'North Harbour', region: 'North' },
    { code: 'S1', name: 'South Gate', region: 'South' },
    { code: 'E1', name: 'East Park', region: 'East' },
  ], update: { name: 'North Harbour District' } },
  { resource: 'warehouses', sortField: 'code', search: 'pudong', records: [
    { code: 'WH-A', name: 'Pudong Central', address: '1 Dock Road', contactPhone: '+86 21 5555 0101' },
    { code: 'WH-B', name: 'Minhang West', address: '2 Rail Street' },
    { code: 'WH-C', name: 'Jiading North' },
  ], update: { contactPerson: 'Li Lei' } },
  { resource: 'vehicle-types', sortField: 'code', search: 'flatbed', records: [
    { code: 'VT-10', name: '10 t flatbed', capacityTons: 10, volumeCbm: 40.5 },
    { code: 'VT-05', name: '5 t box truck', capacityTons: 5 },
    { code: 'VT-02', name: 'Van', capacityTons: 1.25 },
  ], update: { capacityTons: 10.75 } },
  { resource: 'suppliers', sortField: 'name', search: 'swift', records: [
    { ...SUPPLIER_CONTACT, name: 'Swift Haulage', shortName: 'SWIFT', contactEmail: 'ops@swift.example',
      website: 'https://swift.example' },
    { ...SUPPLIER_CONTACT, name: 'Blue River Logistics', contactPerson: 'Zhang San' },
    { ...SUPPLIER_CONTACT, name: 'Atlas Freight' },
  ], update: { shortName: 'SH' } },
] as const;

describe.each(CASES)('$resource through the stock ra-data-simple-rest client', ({ resource, sortField, search, records, update }) => {
  const ids: number[] = [];

  it('creates records and answers them with id and version', async () => {
    for (const data of records) {
      const { data: created } = await ra.create(resource, { data });
      expect(created).toMatchObject({ ...data, version: 1 });
      expect(created).not.toHaveProperty('deletedAt');
      ids.push(created.id as number);
    }
  });

  it('lists with sort, range and the Content-Range total', async () => {
    const sorted = [...records].map((r) => String(r[sortField as keyof typeof r])).sort((a, b) => a.localeCompare(b));
    const page = await ra.getList(resource, { sort: { field: sortField, order: 'ASC' }, pagination: { page: 1, perPage: 2 }, filter: {} });
    expect(page.total).toBe(3);
    expect(page.data.map((r) => r[sortField])).toEqual(sorted.slice(0, 2));
    const next = await ra.getList(resource, { sort: { field: sortField, order: 'ASC' }, pagination: { page: 2, perPage: 2 }, filter: {} });
    expect(next.data.map((r) => r[sortField])).toEqual(sorted.slice(2));
    const desc = await ra.getList(resource, { sort: { field: sortField, order: 'DESC' }, pagination: { page: 1, perPage: 10 }, filter: {} });
    expect(desc.data.map((r) => r[sortField])).toEqual([...sorted].reverse());
  });

  it('filters with q (case-insensitive) and by id', async () => {
    const found = await ra.getList(resource, { sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 10 }, filter: { q: search } });
    expect(found.total).toBe(1);
    expect(found.data[0].id).toBe(ids[0]);
    const byId = await ra.getList(resource, { sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 10 }, filter: { id: [ids[1], ids[2]] } });
    expect(byId.data.map((r) => r.id)).toEqual([ids[1], ids[2]]);
  });

  it('gets one and many', async () => {
    expect((await ra.getOne(resource, { id: ids[0] })).data).toMatchObject(records[0]);
    const many = await ra.getMany(resource, { ids: [ids[2], ids[0]] });
    expect(many.data.map((r) => r.id).sort()).toEqual([ids[0], ids[2]].sort());
  });

  it('updates with the version check, and a stale version answers 409 and changes nothing', async () => {
    const { data: current } = await ra.getOne(resource, { id: ids[0] });
    const { data: updated } = await ra.update(resource, { id: ids[0], data: { ...current, ...update }, previousData: current });
    expect(updated).toMatchObject({ ...update, version: 2 });
    await expect(ra.update(resource, { id: ids[0], data: { ...current, ...update }, previousData: current }))
      .rejects.toMatchObject({ status: 409 });
    expect((await ra.getOne(resource, { id: ids[0] })).data.version).toBe(2);
  });

  it('updates many with a partial body, and logs each change', async () => {
    const { data } = await ra.updateMany(resource, { ids: [ids[1], ids[2]], data: { status: 'inactive' } });
    expect(data!.sort()).toEqual([ids[1], ids[2]].sort());
    const inactive = await ra.getList(resource, { sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 10 }, filter: { status: 'inactive' } });
    expect(inactive.data.map((r) => r.id)).toEqual([ids[1], ids[2]]);
    const log = await admin.get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify({ action: 'update', entityId: String(ids[1]) }))}`);
    expect(log.body.some((row: any) => row.changes?.status?.after === 'inactive')).toBe(true);
  });

  it('deletes one and many softly: gone from lists, waiting in the trash', async () => {
    const { data: deleted } = await ra.delete(resource, { id: ids[0], previousData: { id: ids[0] } });
    expect(deleted.id).toBe(ids[0]);
    const { data: gone } = await ra.deleteMany(resource, { ids: [ids[1], ids[2]] });
    expect(gone!.sort()).toEqual([ids[1], ids[2]].sort());
    expect((await ra.getList(resource, { sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 10 }, filter: {} })).total).toBe(0);
    await expect(ra.getOne(resource, { id: ids[0] })).rejects.toMatchObject({ status: 404 });
    const trash = await admin.get('/api/trash?filter=' + encodeURIComponent(JSON.stringify({ id: ids.map((id) => `${resourceType(resource)}:${id}`) })));
    expect(trash.body).toHaveLength(3);
    expect(trash.body[0]).toMatchObject({ deletedByName: demoUserName('admin') });
  });
});

const resourceType = (resource: string) => resource.replace(/-/g, '_').replace(/s$/, '');

describe('reference lists', () => {
  it('finds the suppliers serving a delivery area (getManyReference on serviceAreaIds)', async () => {
    const { data: area } = await ra.create('delivery-areas', { data: { code: 'REF-1', name: 'Reference Area' } });
    const { data: other } = await ra.create('delivery-areas', { data: { code: 'REF-2', name: 'Other Area' } });
    const { data: serving } = await ra.create('suppliers', { data: { name: 'Serving Co', ...SUPPLIER_CONTACT, serviceAreaIds: [area.id, other.id] } });
    await ra.create('suppliers', { data: { name: 'Elsewhere Co', ...SUPPLIER_CONTACT, serviceAreaIds: [other.id] } });
    const refs = await ra.getManyReference('suppliers', { target: 'serviceAreaIds', id: area.id,
      sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 10 }, filter: {} });
    expect(refs.data.map((r) => r.id)).toEqual([serving.id]);
    expect(refs.data[0].serviceAreaIds).toEqual([area.id, other.id].sort((a, b) => a - b));
  });
});

describe('soft-deleted references', () => {
  it('drop out of the id lists that point at them, and come back on restore', async () => {
    const { data: area } = await ra.create('delivery-areas', { data: { code: 'GONE-1', name: 'Soon deleted' } });
    const { data: supplier } = await ra.create('suppliers', { data: { name: 'Loyal Co', ...SUPPLIER_CONTACT, serviceAreaIds: [area.id] } });
    await ra.delete('delivery-areas', { id: area.id });
    expect((await ra.getOne('suppliers', { id: supplier.id })).data.serviceAreaIds).toEqual([]);
    expect((await admin.post(`/api/trash/delivery_area/${area.id}/restore`)).status).toBe(200);
    expect((await ra.getOne('suppliers', { id: supplier.id })).data.serviceAreaIds).toEqual([area.id]);
  });
});

describe('concurrent updates of one record', () => {
  it('applies 20 parallel updates without a version (updateMany) one after another: all 200, version +20', async () => {
    const supplier = await admin.create('/api/suppliers', { name: 'Busy Co', ...SUPPLIER_CONTACT });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) =>
      admin.put(`/api/suppliers/${supplier.id}`, { shortName: `B${n}` })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const after = (await admin.get(`/api/suppliers/${supplier.id}`)).body;
    expect(after.version).toBe(supplier.version + 20);
    expect(answers.map((answer) => answer.body.version).sort((a, b) => a - b))
      .toEqual(Array.from({ length: 20 }, (_, n) => supplier.version + 1 + n));
    const logged = await app.db('activityLogs').where({ entityType: 'supplier', entityId: String(supplier.id), action: 'update' });
    expect(logged).toHaveLength(20);
  });

  it('still refuses a stale version with 409 and changes nothing', async () => {
    const supplier = await admin.create('/api/suppliers', { name: 'Careful Co', ...SUPPLIER_CONTACT });
    expect((await admin.put(`/api/suppliers/${supplier.id}`, { shortName: 'C1', version: supplier.version })).status).toBe(200);
    const stale = await admin.put(`/api/suppliers/${supplier.id}`, { shortName: 'C2', version: supplier.version });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual({ version: 'Stale version' });
    expect((await admin.get(`/api/suppliers/${supplier.id}`)).body).toMatchObject({ shortName: 'C1', version: supplier.version + 1 });
  });
});
