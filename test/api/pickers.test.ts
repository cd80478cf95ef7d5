import { ROLES } from '@kernel/users/roles';
import { HttpClient, signedInAs } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

const { app, admin } = useSignedInApp({ admin: 'admin' });
const areas = { own: 0, other: 0 };

beforeAll(async () => {
  await admin.post('/api/suppliers', { ...SUPPLIER_CONTACT, name: 'Carrier One', shortName: 'C1', contactPhone: '+86 21 5555 0101' });
  await admin.post('/api/warehouses', { code: 'W1', name: 'Main DC', contactPerson: 'Wei' });
  await admin.post('/api/vehicle-types', { code: 'T5', name: '5 t truck', capacityTons: 5 });
  areas.own = (await admin.post('/api/delivery-areas', { code: 'OWN', name: 'Dispatcher area' })).body.id;
  areas.other = (await admin.post('/api/delivery-areas', { code: 'OTHER', name: 'Someone else' })).body.id;
  const dispatcher = await signedInAs(app.url, 'regional_dispatcher');
  await app.db('userDeliveryAreas').insert({ userId: (await dispatcher.get('/api/user')).body.id, deliveryAreaId: areas.own });
});

const PICKERS: Array<[string, string[]]> = [
  ['supplier-options', ['id', 'name', 'shortName', 'status']],
  ['warehouse-options', ['id', 'code', 'name', 'status']],
  ['vehicle-type-options', ['id', 'code', 'name', 'status']],
  ['delivery-area-options', ['id', 'code', 'name', 'region', 'status']],
];
const cases = PICKERS.flatMap(([resource, fields]) => ROLES.map((role) => ({ resource, fields, role })));

describe('master-data pickers', () => {
  it.each(cases)('$resource lists names only to $role, whatever their pages', async ({ resource, fields, role }) => {
    const client = await signedInAs(app.url, role);
    const answer = await client.get(`/api/${resource}`);
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeGreaterThan(0);
    for (const row of answer.body) expect(Object.keys(row).sort()).toEqual([...fields].sort());
  });

  it('serves getMany, search and the status filter, and leaves deleted records out', async () => {
    const { body: gone } = await admin.post('/api/suppliers', { name: 'Closed Carrier', ...SUPPLIER_CONTACT });
    await admin.delete(`/api/suppliers/${gone.id}`);
    const names = async (filter: object) => (await admin.get(`/api/supplier-options?filter=${encodeURIComponent(JSON.stringify(filter))}`))
      .body.map((s: { name: string }) => s.name);
    expect(await names({ q: 'carrier' })).toEqual(['Carrier One']);
    expect(await names({ status: 'active' })).toEqual(['Carrier One']);
    const { body: [one] } = await admin.get('/api/supplier-options');
    expect(await names({ id: [one.id, gone.id] })).toEqual(['Carrier One']);
  });

  it('does not search or filter by the fields it hides', async () => {
    const answer = await admin.get(`/api/supplier-options?filter=${encodeURIComponent('{"q":"5555"}')}`);
    expect(answer.body).toEqual([]);
    expect((await admin.get('/api/warehouse-options?sort=["contactPerson","ASC"]')).status).toBe(400);
  });

  it('shows a regional dispatcher only their own delivery areas', async () => {
    const dispatcher = await signedInAs(app.url, 'regional_dispatcher');
    expect((await dispatcher.get('/api/delivery-area-options')).body.map((a: { id: number }) => a.id)).toEqual([areas.own]);
    expect((await dispatcher.get(`/api/delivery-area-options/${areas.other}`)).status).toBe(404);
    expect((await admin.get('/api/delivery-area-options')).body).toHaveLength(2);
  });

  it('answers 403 to a pending (self-registered, not yet activated) user, one by one and by id', async () => {
    const pending = new HttpClient(app.url);
    expect((await pending.post('/api/register', { username: 'pending.picker', password: 'tall ships 42',
      firstName: 'Pen', lastName: 'Ding' })).body.status).toBe('pending');
    for (const [resource] of PICKERS) {
      for (const answer of [await pending.get(`/api/${resource}`), await pending.get(`/api/${resource}/${areas.own}`)]) {
        expect(answer.status).toBe(403);
        expect(answer.body.message).toMatch(/^Access denied: /);
        expect(JSON.stringify(answer.body)).not.toMatch(/Carrier One|Main DC|5 t truck|Dispatcher area/);
      }
    }
  });

  it('cannot be written, and answers 401 to a visitor', async () => {
    expect([404, 405]).toContain((await admin.post('/api/warehouse-options', { code: 'X', name: 'X' })).status);
    expect([404, 405]).toContain((await admin.delete(`/api/delivery-area-options/${areas.own}`)).status);
    expect((await fetch(`${app.url}/api/vehicle-type-options`)).status).toBe(401);
  });
});
