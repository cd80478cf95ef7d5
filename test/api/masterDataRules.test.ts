import { ROLES, type Role } from '@kernel/users/roles';
import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { ROLE_PAGES } from '../helpers/rolePages';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { useSignedInApp } from '../helpers/testApp';

const { app, admin } = useSignedInApp({ admin: 'admin' });

const count = async (table: string) => Number((await app.db(table).count({ n: '*' }))[0].n);

/** A valid body per resource, and the field whose duplicate the resource refuses. */
const RESOURCES = [
  { resource: 'suppliers', table: 'suppliers', pageKey: 'suppliers', valid: { name: 'Valid Supplier Co', ...SUPPLIER_CONTACT },
    unique: 'name', required: { name: 'Supplier name is required', contactPerson: 'This field is required',
      contactPhone: 'This field is required', contactEmail: 'This field is required', address: 'This field is required' },
    bad: { contactEmail: 'not-an-email', contactPhone: 'call me', website: 'ftp://x.example', serviceAreaIds: 'all' } },
  { resource: 'warehouses', table: 'warehouses', pageKey: 'warehouses', valid: { code: 'W-OK', name: 'Valid Warehouse' },
    unique: 'code', required: { code: 'This field is required', name: 'This field is required' },
    bad: { code: 'has spaces', contactPhone: 'x', status: 'closed' } },
  { resource: 'vehicle-types', table: 'vehicle_types', pageKey: 'vehicle_types', valid: { code: 'V-OK', name: 'Valid Truck' },
    unique: 'code', required: { code: 'This field is required', name: 'This field is required' },
    bad: { capacityTons: -1, volumeCbm: 1.234, status: 1 } },
  { resource: 'delivery-areas', table: 'delivery_areas', pageKey: 'delivery_areas', valid: { code: 'A-OK', name: 'Valid Area' },
    unique: 'code', required: { code: 'This field is required', name: 'This field is required' },
    bad: { code: '', region: 42 } },
] as const;

describe.each(RESOURCES)('$resource input rules', ({ resource, table, valid, unique, required, bad }) => {
  it('answers 400 naming every missing required field, and writes nothing', async () => {
    const before = await count(table);
    const answer = await admin.post(`/api/${resource}`, {});
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject(required);
    expect(await count(table)).toBe(before);
  });

  it.each(Object.entries(bad))('answers 400 for a bad %s, and writes nothing', async (field, value) => {
    const before = await count(table);
    const answer = await admin.post(`/api/${resource}`, { ...valid, [field]: value });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
    expect(await count(table)).toBe(before);
  });

  it('refuses unknown and oversized fields with 400 naming them', async () => {
    const unknown = await admin.post(`/api/${resource}`, { ...valid, colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('colour');
    const field = Object.keys(valid).find((f) => f !== 'code')!;
    const long = await admin.post(`/api/${resource}`, { ...valid, [field]: 'x'.repeat(5000) });
    expect(long.status).toBe(400);
    expect(long.body.errors[field]).toMatch(/At most \d+ characters/);
  });

  it('answers 409 naming the field when a live record already holds the value, in any letter case', async () => {
    const first = await admin.post(`/api/${resource}`, valid);
    expect(first.status).toBe(201);
    const clash = await admin.post(`/api/${resource}`, { ...valid, [unique]: String(valid[unique as keyof typeof valid]).toLowerCase() });
    expect(clash.status).toBe(409);
    expect(clash.body.errors).toHaveProperty(unique);
    expect(clash.body.message).toContain(unique);
  });

  it('refuses a bad update with 400 and leaves the record as it was', async () => {
    const { body: created } = await admin.post(`/api/${resource}`, { ...valid, [unique]: `${valid[unique as keyof typeof valid]}-2` });
    const answer = await admin.put(`/api/${resource}/${created.id}`, { ...created, [Object.keys(bad)[0]]: Object.values(bad)[0] });
    expect(answer.status).toBe(400);
    expect((await admin.get(`/api/${resource}/${created.id}`)).body).toEqual(created);
  });

  it('answers 400, never 500, for unknown sorts and filters and malformed list parameters', async () => {
    for (const query of ['sort=["password","ASC"]', 'filter={"secret":1}', 'range=[0,100000]', 'range=[5,1]',
      'sort=notjson', 'filter=[1]', 'filter={"status":{"$ne":1}}']) {
      const answer = await admin.get(`/api/${resource}?${encodeURI(query)}`);
      expect([query, answer.status]).toEqual([query, 400]);
    }
    expect((await admin.get(`/api/${resource}/abc`)).status).toBe(400);
    expect((await admin.get(`/api/${resource}/999999`)).status).toBe(404);
  });
});

describe('the contact fields of a supplier (only short name and website are optional: docs/admin-screens.md#forms-and-their-messages)', () => {
  const CONTACT_FIELDS = Object.keys(SUPPLIER_CONTACT);

  it.each(CONTACT_FIELDS)('refuses a supplier without %s (missing, blank or null) with 400 naming it, and writes nothing',
    async (field) => {
      const before = await count('suppliers');
      for (const value of [undefined, '', '   ', null]) {
        const answer = await admin.post('/api/suppliers', { name: `No ${field} Co`, ...SUPPLIER_CONTACT, [field]: value });
        expect([value, answer.status, answer.body.errors]).toEqual([value, 400, { [field]: 'This field is required' }]);
      }
      expect(await count('suppliers')).toBe(before);
    });

  it('still loads a supplier saved before they were required, and asks for them when they are cleared', async () => {
    const [{ id }] = await app.db('suppliers').insert({ name: 'Old Carrier Without Contact' }).returning('id');
    const { status, body: old } = await admin.get(`/api/suppliers/${id}`);
    expect(status).toBe(200);
    expect(old).toMatchObject({ contactPerson: null, contactPhone: null, contactEmail: null, address: null });
    expect((await admin.put(`/api/suppliers/${id}`, { status: 'inactive' })).status).toBe(200);
    const cleared = await admin.put(`/api/suppliers/${id}`, { ...old, status: 'inactive', version: old.version + 1 });
    expect(cleared.status).toBe(400);
    expect(Object.keys(cleared.body.errors).sort()).toEqual([...CONTACT_FIELDS].sort());
    const completed = await admin.put(`/api/suppliers/${id}`, { ...SUPPLIER_CONTACT, version: old.version + 1 });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject(SUPPLIER_CONTACT);
  });
});

describe('page permissions on the resource routes', () => {
  const clients = new Map<Role, HttpClient>();
  beforeAll(async () => {
    for (const role of ROLES) clients.set(role, await signedInAs(app.url, role));
  });

  const cases = RESOURCES.flatMap(({ resource, pageKey, valid }) => ROLES.map((role) => ({ resource, pageKey, valid, role })));
  it.each(cases)('$resource for $role: allowed only with the page', async ({ resource, pageKey, valid, role }) => {
    const client = clients.get(role)!;
    const allowed = ROLE_PAGES[role].includes(pageKey);
    const list = await client.get(`/api/${resource}`);
    expect(list.status).toBe(allowed ? 200 : 403);
    const create = await client.post(`/api/${resource}`, { ...valid, ...('code' in valid ? { code: `${role}-X` } : { name: `${role} Co` }) });
    expect(create.status).toBe(allowed ? 201 : 403);
    if (!allowed) expect(create.body.message).toMatch(/^Access denied/);
  });

  it('answers 401 to a visitor', async () => {
    const visitor = await fetch(`${app.url}/api/suppliers`);
    expect(visitor.status).toBe(401);
  });
});
