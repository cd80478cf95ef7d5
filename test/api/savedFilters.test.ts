import { HttpClient, signedInAs } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';

const { app, leader, biller } = useSignedInApp({ leader: 'team_leader', biller: 'biller' });

const save = (client: HttpClient, name: string, filter: object = { status: ['new'] }, resource = 'orders') =>
  client.post('/api/saved-filters', { resource, name, filter });
const count = async (where: object = {}) => Number((await app.db('savedFilters').where(where).count({ n: '*' }).first())!.n);

describe('saved filter presets', () => {
  it('belong to their user: saved, listed, deleted by them only, and logged', async () => {
    const saved = await leader.post('/api/saved-filters', { resource: 'orders', name: 'In transit', filter: { status: ['in_transit'] } });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: 'In transit', filter: { status: ['in_transit'] } });
    expect((await leader.get('/api/saved-filters?resource=orders')).body.map((f: { name: string }) => f.name)).toEqual(['In transit']);
    expect((await biller.get('/api/saved-filters?resource=orders')).body).toEqual([]);
    expect((await biller.delete(`/api/saved-filters/${saved.body.id}`)).status).toBe(404);
    expect((await leader.post('/api/saved-filters', { resource: 'orders', name: 'in TRANSIT', filter: {} })).status).toBe(409);
    expect((await leader.delete(`/api/saved-filters/${saved.body.id}`)).status).toBe(200);
    expect((await leader.get('/api/saved-filters?resource=orders')).body).toEqual([]);
    const actions = (await app.db('activityLogs').where({ entityType: 'saved_filter' }).orderBy('id')).map((r) => r.action);
    expect(actions).toEqual(['create', 'delete']);
  });

  it('refuses an unknown resource, an empty name and a missing filter with 400', async () => {
    const answer = await leader.post('/api/saved-filters', { resource: 'secrets', name: '' });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['filter', 'name', 'resource']);
    expect((await leader.get('/api/saved-filters')).status).toBe(400);
  });

  it('refuses a filter over 4 KB with 400 naming the filter, storing nothing', async () => {
    const before = await count();
    const huge = await save(leader, 'Huge', { q: 'x'.repeat(900_000) });
    expect(huge.status).toBe(400);
    expect(huge.body.errors).toEqual({ filter: 'At most 4096 bytes' });
    expect(huge.body.message).toContain('4096 bytes');
    expect((await save(leader, 'Just over', { q: 'x'.repeat(4090) })).status).toBe(400);
    expect(await count()).toBe(before);
    expect((await save(leader, 'Fits', { q: 'x'.repeat(4000) })).status).toBe(201);
  });

  it('keeps at most 50 presets per user: the 51st is refused with 400 naming the name, until one is deleted', async () => {
    const manager = await signedInAs(app.url, 'manager');
    const userId = (await manager.get('/api/user')).body.id;
    for (let i = 1; i <= 49; i += 1) expect((await save(manager, `Preset ${i}`)).status).toBe(201);
    const last = await save(manager, 'Preset 50', {}, 'suppliers');
    expect(last.status).toBe(201);
    const refused = await save(manager, 'Preset 51', {}, 'users');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ name: 'At most 50 saved filters' });
    expect(refused.body.message).toContain('delete one first');
    expect(await count({ userId })).toBe(50);
    expect((await save(leader, 'Others unaffected')).status).toBe(201);
    expect((await manager.delete(`/api/saved-filters/${last.body.id}`)).status).toBe(200);
    expect((await save(manager, 'Preset 51')).status).toBe(201);
  });

  it('answers 403 to a pending (self-registered, not yet activated) user on every call, storing nothing', async () => {
    const pending = new HttpClient(app.url);
    expect((await pending.post('/api/register', { username: 'pending.saver', password: 'tall ships 42',
      firstName: 'Pen', lastName: 'Ding' })).body.status).toBe('pending');
    const own = await save(leader, 'Leader only');
    const before = await count();
    for (const answer of [
      await pending.get('/api/saved-filters?resource=orders'),
      await pending.post('/api/saved-filters', { resource: 'orders', name: 'Mine', filter: { q: 'x'.repeat(900) } }),
      await pending.delete(`/api/saved-filters/${own.body.id}`),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toMatch(/^Access denied: /);
    }
    expect(await count()).toBe(before);
  });
});
