import { type HttpClient, signedInAs } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

const { app, admin } = useSignedInApp({ admin: 'admin' });
let supplierId: number;
beforeAll(async () => {
  supplierId = (await admin.post('/api/suppliers', { name: 'Audit Freight', ...SUPPLIER_CONTACT })).body.id;
  await admin.put(`/api/suppliers/${supplierId}`, { shortName: 'AF' });
});

const list = (client: HttpClient, filter: object, extra = '') =>
  client.get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]${extra}`);

describe('the activity log list', () => {
  it('filters by action, entity, user and time, newest first', async () => {
    const adminId = (await app.db('users').where({ username: 'admin' }).first('id')).id;
    const rows = (await list(admin, { entityType: 'supplier', entityId: String(supplierId) })).body;
    expect(rows.map((row: { action: string }) => row.action)).toEqual(['update', 'create']);
    expect(rows[0]).toMatchObject({ userId: adminId, username: 'admin', changes: { shortName: { before: null, after: 'AF' } } });

    const mine = (await list(admin, { userId: adminId, action: 'login' })).body;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row: { userId: number; action: string }) => row.userId === adminId && row.action === 'login')).toBe(true);

    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list(admin, { at_gte: future })).body).toEqual([]);
    expect((await list(admin, { at_lte: future, action: 'update', entityType: 'supplier' })).body).toHaveLength(1);
    expect((await list(admin, { q: 'supplier', action: 'create' })).body).toHaveLength(1);
  });

  it('is readable with the activity_logs page (director) and refused without it (team leader)', async () => {
    expect((await list(await signedInAs(app.url, 'director'), {})).status).toBe(200);
    const refused = await list(await signedInAs(app.url, 'team_leader'), {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Access denied/);
  });
});

describe('the grouped view at scale', () => {
  it('shows the requests of one action sent at once as one entry of their size', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await admin.post('/api/suppliers', { name: `Parallel ${i}`, ...SUPPLIER_CONTACT })).body.id);
    // The admin's bulk update: one request per record, all at once, under one issued action id.
    const actionId = (await admin.post('/api/actions', {})).body.actionId;
    const answers = await Promise.all(ids.map((id) => admin.request('PUT', `/api/suppliers/${id}`, { shortName: `P${id}` }, { 'X-Action-Id': actionId })));
    expect(answers.map((answer) => answer.status)).toEqual(ids.map(() => 200));
    const entries = (await list(admin, { grouped: true, actionId })).body;
    expect(entries).toHaveLength(1);
    expect(Number(entries[0].actionSize)).toBe(6);
    expect((await list(admin, { actionId })).body).toHaveLength(6);
    // An entry of no action (a row logged before actions had ids) stands alone.
    await app.db('activityLogs').insert({ action: 'update', entityType: 'supplier', entityId: String(ids[0]), username: 'before-ids' });
    expect((await list(admin, { grouped: true, q: 'before-ids' })).body).toMatchObject([{ actionId: null, actionSize: null }]);
  });

  it('counts a long log only up to its cap, then estimates, and a short one exactly', async () => {
    // A busy day's bulk action: 10,050 rows of one action, and the rows before it.
    const actionId = (await admin.post('/api/actions', {})).body.actionId;
    await app.db.raw(`insert into activity_logs (username, action, entity_type, entity_id, action_id)
      select 'bulk', 'update', 'order', g::text, ? from generate_series(1, 10050) g`, [actionId]);
    const all = await list(admin, {}, '&sort=["at","DESC"]');
    expect(all.headers.get('x-total-estimated')).toBe('true');
    expect(Number(/\/(\d+)$/.exec(all.headers.get('content-range')!)![1])).toBeGreaterThan(10_000);
    const grouped = await list(admin, { grouped: true });
    expect(grouped.headers.get('x-total-estimated')).toBeNull();
    const exact = Number((await app.db('activityLogs').where({ leads: true }).count({ n: '*' }))[0].n);
    expect(grouped.headers.get('content-range')).toMatch(new RegExp(`/${exact}$`));
    expect(grouped.body.find((row: { actionId: string }) => row.actionId === actionId).actionSize).toBe(10050);
    // A deep page (its rows passed over by id alone) is the slice of the whole list in its order.
    for (const [start, filter] of [[1000, {}], [9990, {}], [600, { action: 'update' }]] as const) {
      const page = await admin.get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=["at","DESC"]&range=[${start},${start + 24}]`);
      const expected = await app.db('activityLogs').where(filter).orderBy([{ column: 'at', order: 'desc' }, { column: 'id', order: 'desc' }])
        .offset(start).limit(25).pluck('id');
      expect(page.body.map((row: { id: number }) => row.id)).toEqual(expected);
      expect(page.headers.get('content-range')).toMatch(new RegExp(`^activity-logs ${start}-${start + 24}/`));
    }
  });
});

describe('the activity log is append-only', () => {
  it('has no route that writes, changes or deletes a row', async () => {
    const before = await app.db('activityLogs').orderBy('id');
    const row = before[before.length - 1];
    const attempts = [
      await admin.post('/api/activity-logs', { action: 'login', username: 'forged' }),
      await admin.put(`/api/activity-logs/${row.id}`, { action: 'forged' }),
      await admin.delete(`/api/activity-logs/${row.id}`),
      await admin.request('PATCH', `/api/activity-logs/${row.id}`, { action: 'forged' }),
      await admin.put('/api/activity-logs', [{ id: row.id, action: 'forged' }]),
      await admin.delete('/api/activity-logs'),
    ];
    for (const answer of attempts) expect([404, 405]).toContain(answer.status);
    expect(await app.db('activityLogs').orderBy('id')).toEqual(before);
  });
});
