import { signedInAs, type HttpClient } from '../helpers/httpClient';
import { startTestApp, type TestApp } from '../helpers/testApp';

let app: TestApp;
let leader: HttpClient;
let biller: HttpClient;
beforeAll(async () => {
  app = await startTestApp();
  leader = await signedInAs(app.url, 'team_leader');
  biller = await signedInAs(app.url, 'biller');
});
afterAll(() => app?.close());

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
});
