import type { Role } from '@kernel/users/roles';
import { HttpClient, signedInAs } from '../helpers/httpClient';
import { createOrder } from '../helpers/orders';
import { useSignedInApp } from '../helpers/testApp';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { statementsDuring } from '../helpers/statements';
import { demoUserName } from '../../seeds/demo';

const { app, admin, manager } = useSignedInApp({ admin: 'admin', manager: 'manager' });

const filter = (value: object) => encodeURIComponent(JSON.stringify(value));
const trashRow = async (id: string) => (await admin.get(`/api/trash?filter=${filter({ id: [id] })}`)).body[0];
const logsOf = (entityType: string, entityId: number) =>
  app.db('activityLogs').where({ entityType, entityId: String(entityId) }).orderBy('id').select('action', 'username', 'changes');

async function createSupplier(name: string, extra: object = {}) {
  const answer = await admin.post('/api/suppliers', { name, ...SUPPLIER_CONTACT, ...extra });
  expect(answer.status).toBe(201);
  return answer.body;
}

async function deletedSupplier(name: string, extra: object = {}) {
  const supplier = await createSupplier(name, extra);
  expect((await manager.delete(`/api/suppliers/${supplier.id}`)).status).toBe(200);
  return supplier;
}

describe('soft delete, trash and restore', () => {
  it('shows a deleted record in the trash and restores the same record with its version moved on', async () => {
    const { body: area } = await admin.post('/api/delivery-areas', { code: 'TR-1', name: 'Trash Area' });
    const supplier = await createSupplier('Phoenix Carriers', { shortName: 'PHX', contactPerson: 'Wang Wu',
      contactEmail: 'ops@phoenix.example', serviceAreaIds: [area.id] });
    expect((await manager.delete(`/api/suppliers/${supplier.id}`)).status).toBe(200);
    expect((await admin.get(`/api/suppliers/${supplier.id}`)).status).toBe(404);

    const row = await trashRow(`supplier:${supplier.id}`);
    expect(row).toMatchObject({ id: `supplier:${supplier.id}`, type: 'supplier', entityId: supplier.id,
      name: 'Phoenix Carriers', deletedByName: demoUserName('manager') });
    expect(new Date(row.deletedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const restore = await manager.post(`/api/trash/supplier/${supplier.id}/restore`);
    expect(restore.status).toBe(200);
    expect(restore.body).toMatchObject({ id: `supplier:${supplier.id}`, type: 'supplier', entityId: supplier.id });
    const back = (await admin.get(`/api/suppliers/${supplier.id}`)).body;
    const { version, updatedAt, ...fields } = supplier;
    expect(back).toMatchObject(fields);
    expect(back.version).toBe(version + 2); // one for the delete, one for the restore
    expect(await trashRow(`supplier:${supplier.id}`)).toBeUndefined();
  });

  it('refuses to restore over a live record with the same name (409) and changes nothing', async () => {
    const gone = await deletedSupplier('Twin Freight');
    const live = await createSupplier('twin freight');
    const clash = await admin.post(`/api/trash/supplier/${gone.id}/restore`);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/Cannot restore "Twin Freight"/);
    expect(await trashRow(`supplier:${gone.id}`)).toMatchObject({ name: 'Twin Freight' });
    expect((await app.db('suppliers').where({ id: gone.id }).first()).version).toBe(gone.version + 1);
    expect((await admin.get(`/api/suppliers/${live.id}`)).body).toMatchObject({ name: 'twin freight', version: 1 });
    expect((await logsOf('supplier', gone.id)).map((log) => log.action)).toEqual(['create', 'delete']);
  });

  it('answers 404 for a record that is not in the trash, and for an unknown type', async () => {
    const live = await createSupplier('Still Here Ltd');
    expect((await admin.post(`/api/trash/supplier/${live.id}/restore`)).status).toBe(404);
    expect((await admin.delete(`/api/trash/supplier/${live.id}`)).status).toBe(404);
    expect((await admin.post('/api/trash/spaceship/1/restore')).status).toBe(404);
    expect((await admin.post('/api/trash/supplier/abc/restore')).status).toBe(400);
    expect((await admin.get(`/api/suppliers/${live.id}`)).status).toBe(200);
  });
});

describe('purge', () => {
  it('removes the record for good when an administrator asks', async () => {
    const gone = await deletedSupplier('Ghost Transport');
    const purge = await admin.delete(`/api/trash/supplier/${gone.id}`);
    expect(purge.status).toBe(200);
    expect(purge.body).toMatchObject({ id: `supplier:${gone.id}`, name: 'Ghost Transport' });
    expect(await trashRow(`supplier:${gone.id}`)).toBeUndefined();
    expect(await app.db('suppliers').where({ id: gone.id }).first()).toBeUndefined();
    expect((await admin.post(`/api/trash/supplier/${gone.id}/restore`)).status).toBe(404);
  });

  it('refuses a manager with 403, although the manager may restore', async () => {
    const gone = await deletedSupplier('Kept Logistics');
    const refused = await manager.delete(`/api/trash/supplier/${gone.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Access denied/);
    expect(await trashRow(`supplier:${gone.id}`)).toMatchObject({ name: 'Kept Logistics' });
  });
});

describe('the activity log', () => {
  it('records the delete, the restore and the purge of a record, each with who and what', async () => {
    const supplier = await deletedSupplier('Logged Lines', { shortName: 'LL' });
    await manager.post(`/api/trash/supplier/${supplier.id}/restore`);
    await manager.delete(`/api/suppliers/${supplier.id}`);
    await admin.delete(`/api/trash/supplier/${supplier.id}`);
    const logs = await logsOf('supplier', supplier.id);
    expect(logs.map((log) => [log.action, log.username])).toEqual([
      ['create', 'admin'], ['delete', 'manager'], ['restore', 'manager'], ['delete', 'manager'], ['purge', 'admin']]);
    expect(logs[1].changes).toEqual({ name: { before: 'Logged Lines', after: null } });
    expect(logs[2].changes).toEqual({ name: { before: null, after: 'Logged Lines' } });
    expect(logs[4].changes.record.before).toMatchObject({ id: supplier.id, name: 'Logged Lines', shortName: 'LL' });
    expect(logs[4].changes.record.after).toBeNull();
    const api = await admin.get(`/api/activity-logs?filter=${filter({ entityType: 'supplier', entityId: String(supplier.id),
      action: 'purge' })}`);
    expect(api.body).toHaveLength(1);
  });
});

describe('the trash list', () => {
  let ids: number[];
  beforeAll(async () => {
    await app.db('suppliers').whereNotNull('deletedAt').delete();
    ids = [];
    for (const name of ['Alpha Lines', 'Charlie Cargo', 'Bravo Boats']) ids.push((await deletedSupplier(name)).id);
    const { body: area } = await admin.post('/api/delivery-areas', { code: 'ZZ-9', name: 'Zulu Zone' });
    await admin.delete(`/api/delivery-areas/${area.id}`);
  });
  afterAll(() => app.db('deliveryAreas').whereNotNull('deletedAt').delete());

  it('filters by type and by search text', async () => {
    const suppliers = await admin.get(`/api/trash?filter=${filter({ type: 'supplier' })}&sort=["name","ASC"]`);
    expect(suppliers.body.map((row: { name: string }) => row.name)).toEqual(['Alpha Lines', 'Bravo Boats', 'Charlie Cargo']);
    const areas = await admin.get(`/api/trash?filter=${filter({ type: 'delivery_area' })}`);
    expect(areas.body.map((row: { name: string }) => row.name)).toContain('Zulu Zone');
    const search = await admin.get(`/api/trash?filter=${filter({ q: 'cargo' })}`);
    expect(search.body.map((row: { name: string }) => row.name)).toEqual(['Charlie Cargo']);
  });

  it('sorts by deletion time, type and name and pages with Content-Range', async () => {
    const latest = await admin.get('/api/trash?sort=["deletedAt","DESC"]&range=[0,1]');
    expect(latest.body.map((row: { name: string }) => row.name)).toEqual(['Zulu Zone', 'Bravo Boats']);
    expect(latest.headers.get('content-range')).toMatch(/^trash 0-1\/\d+$/);
    const byType = await admin.get('/api/trash?sort=["type","ASC"]&range=[0,0]');
    expect(byType.body[0].type).toBe('delivery_area');
    const byName = await admin.get('/api/trash?sort=["name","DESC"]&range=[0,0]');
    expect(byName.body[0].name).toBe('Zulu Zone');
    // Each page as the whole list sorted has it: each table's part reads only up to the page's end.
    for (const order of ['DESC', 'ASC']) {
      const all = (await admin.get(`/api/trash?sort=["deletedAt","${order}"]&range=[0,99]`)).body.map((row: { id: string }) => row.id);
      const pages = [];
      for (let start = 0; start < all.length; start += 2) {
        pages.push(...(await admin.get(`/api/trash?sort=["deletedAt","${order}"]&range=[${start},${start + 1}]`)).body.map((row: { id: string }) => row.id));
      }
      expect(pages).toEqual(all);
    }
    expect((await admin.get('/api/trash?sort=["colour","ASC"]')).status).toBe(400);
    expect((await admin.get(`/api/trash?filter=${filter({ colour: 'red' })}`)).status).toBe(400);
  });
});

describe('a trash of years', () => {
  it('counts up to 10,000 items, then says more, with the newest page as ever', async () => {
    // Deleted in one statement, at one instant: the newest come by id, highest first.
    await app.db.raw(`insert into warehouses (code, name, deleted_at) select 'OLD-' || g, 'Old depot ' || g, now() + interval '1 minute'
      from generate_series(1, 10005) g`);
    const page = await admin.get('/api/trash?sort=["deletedAt","DESC"]&range=[0,2]');
    expect(page.headers.get('content-range')).toBe('trash 0-2/10001');
    expect(page.headers.get('x-total-estimated')).toBe('true');
    expect(page.body.map((row: { name: string }) => row.name)).toEqual(['Old depot 10005', 'Old depot 10004', 'Old depot 10003']);
    const few = await admin.get(`/api/trash?filter=${filter({ q: 'Old depot 1000' })}`);
    expect(few.headers.get('content-range')).toMatch(/\/7$/);
    expect(few.headers.get('x-total-estimated')).toBeNull();
    await app.db('warehouses').where('code', 'like', 'OLD-%').delete();
  });
});

describe('who may use the trash', () => {
  it.each(['director', 'team_leader', 'biller', 'regional_dispatcher'] as Role[])(
    'refuses %s with 403 on the list, restore and purge', async (role) => {
      const gone = await deletedSupplier(`Refused by ${role}`);
      const client = await signedInAs(app.url, role);
      for (const answer of [await client.get('/api/trash'), await client.post(`/api/trash/supplier/${gone.id}/restore`),
        await client.delete(`/api/trash/supplier/${gone.id}`)]) {
        expect(answer.status).toBe(403);
        expect(answer.body.message).toMatch(/^Access denied/);
      }
      expect(await trashRow(`supplier:${gone.id}`)).toMatchObject({ name: `Refused by ${role}` });
    });

  it('answers 401 to a visitor', async () => {
    expect((await new HttpClient(app.url).get('/api/trash')).status).toBe(401);
  });
});

describe('what the API tells of a deleted record', () => {
  it('answers the 404 of a record in the trash with when and by whom, to those who may open the trash only', async () => {
    const supplier = await deletedSupplier('Vanished Freight');
    const seen = await admin.get(`/api/suppliers/${supplier.id}`);
    expect(seen.status).toBe(404);
    expect(seen.body.params).toMatchObject({ entity: 'supplier', id: supplier.id, deletedBy: demoUserName('manager') });
    expect(Date.now() - Date.parse(seen.body.params.deletedAt)).toBeLessThan(60_000);

    // A director reads suppliers but not the trash: a plain "not found", nothing about who or when.
    const director = await signedInAs(app.url, 'director');
    const hidden = await director.get(`/api/suppliers/${supplier.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.params).toEqual({ entity: 'supplier', id: supplier.id });
    expect(JSON.stringify(hidden.body)).not.toContain('trash');

    const never = await admin.get('/api/suppliers/987654');
    expect(never.status).toBe(404);
    expect(never.body.params).toEqual({ entity: 'supplier', id: 987654 });
  });

  it('tells a user whom the resource\'s scope hides the record from nothing either', async () => {
    const dispatcher = await signedInAs(app.url, 'regional_dispatcher');
    const { body: warehouse } = await admin.post('/api/warehouses', { code: 'TR-SC', name: 'Scope DC' });
    const { body: area } = await admin.post('/api/delivery-areas', { code: 'TR-SC', name: 'Outside the dispatcher' });
    const order = await createOrder(admin, { pickupWarehouseId: warehouse.id, deliveryAreaId: area.id,
      assignedUserId: (await app.db('users').where({ username: 'team_leader' }).first()).id });
    expect((await admin.delete(`/api/orders/${order.id}`)).status).toBe(200);
    // Even granted the trash, the dispatcher may not see an order outside their areas.
    await app.db('pagePermissions').insert({ pageKey: 'trash', allowed: true,
      userId: (await app.db('users').where({ username: 'regional_dispatcher' }).first()).id });
    await app.heard();
    expect((await dispatcher.get('/api/trash')).status).toBe(200);
    const answer = await dispatcher.get(`/api/orders/${order.id}`);
    expect(answer.status).toBe(404);
    expect(answer.body.params).toEqual({ entity: 'order', id: order.id });
  });
});

describe('restoring what one delete took (the toast\'s Restore)', () => {
  it('restores every record in one request, each with its activity-log row', async () => {
    const first = await deletedSupplier('Undo One');
    const second = await deletedSupplier('Undo Two');
    const answer = await manager.post('/api/trash/restore', { type: 'supplier', ids: [first.id, second.id] });
    expect(answer.status).toBe(200);
    expect(answer.body.map((row: { id: string }) => row.id)).toEqual([`supplier:${first.id}`, `supplier:${second.id}`]);
    for (const { id } of [first, second]) {
      expect((await admin.get(`/api/suppliers/${id}`)).status).toBe(200);
      expect((await logsOf('supplier', id)).at(-1)).toMatchObject({ action: 'restore', username: 'manager' });
    }
  });

  it('restores none when one cannot come back, and refuses bad input and those without the trash', async () => {
    const clash = await deletedSupplier('Undo Clash');
    const other = await deletedSupplier('Undo Other');
    await createSupplier('Undo Clash');
    const refused = await manager.post('/api/trash/restore', { type: 'supplier', ids: [other.id, clash.id] });
    expect(refused.status).toBe(409);
    expect((await admin.get(`/api/suppliers/${other.id}`)).status).toBe(404);

    const bad = await manager.post('/api/trash/restore', { type: 'supplier', ids: ['x'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['ids.0']);
    expect((await manager.post('/api/trash/restore', { type: 'nothing', ids: [1] })).status).toBe(404);
    const director = await signedInAs(app.url, 'director');
    expect((await director.post('/api/trash/restore', { type: 'supplier', ids: [other.id] })).status).toBe(403);
  });

  it('restores none when two of them would clash with each other, naming the second', async () => {
    const first = await deletedSupplier('Undo Twin');
    const second = await deletedSupplier('undo twin');
    const refused = await manager.post('/api/trash/restore', { type: 'supplier', ids: [first.id, second.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Cannot restore "undo twin"/);
    for (const { id } of [first, second]) expect(await trashRow(`supplier:${id}`)).toBeDefined();
    expect((await logsOf('supplier', first.id)).map((log) => log.action)).toEqual(['create', 'delete']);
  });

  it('runs the same statements for forty records as for two, under the action the trash page names', async () => {
    const made = [];
    for (let n = 0; n < 40; n++) made.push(await createSupplier(`Bulk Restore ${n}`));
    const ids = made.map((supplier) => supplier.id as number);
    await app.db('suppliers').whereIn('id', ids).update({ deletedAt: new Date() });
    const restoring = async (some: number[]) => {
      const { body: { actionId } } = await manager.post('/api/actions', {});
      const statements = await statementsDuring(app.db, async () => {
        const answer = await manager.request('POST', '/api/trash/restore', { type: 'supplier', ids: some }, { 'X-Action-Id': actionId });
        expect(answer.status).toBe(200);
      });
      const logged = await app.db('activityLogs').where({ action: 'restore', entityType: 'supplier' })
        .whereIn('entityId', some.map(String)).select('actionId');
      expect(logged.map((row) => row.actionId)).toEqual(some.map(() => actionId));
      return { statements, actionId };
    };
    const two = await restoring(ids.slice(0, 2));
    const forty = await restoring(ids.slice(2));
    expect(forty.statements.length).toBe(two.statements.length);
    expect((await admin.get(`/api/suppliers?filter=${filter({ id: ids })}&range=[0,99]`)).body).toHaveLength(40);
    // One action: its undo puts the thirty-eight back in the trash.
    expect((await manager.post(`/api/actions/${forty.actionId}/undo`)).body).toMatchObject({ undone: 38 });
    expect((await admin.get(`/api/suppliers?filter=${filter({ id: ids })}&range=[0,99]`)).body).toHaveLength(2);
  });
});
