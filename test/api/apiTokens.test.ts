import { createHash } from 'node:crypto';
import { HttpClient, newToken, signedInAs, tokenClient } from '../helpers/httpClient';
import { eventually } from '../helpers/eventually';
import { statementsDuring } from '../helpers/statements';
import { startSecondInstance, useSignedInApp } from '../helpers/testApp';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

const { app, admin, manager } = useSignedInApp({ admin: 'admin', manager: 'manager' });

const onServer = process.env.TEST_DB_KIND === 'postgres';

const idOf = async (username: string): Promise<number> => (await app.db('users').where({ username }).first('id')).id;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('API tokens', () => {
  it('shows the secret once, keeps only its hash, and acts as its user with no cookie', async () => {
    const userId = await idOf('team_leader');
    const created = await admin.post('/api/api-tokens', { name: 'ERP link', userId });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^rsl_[A-Za-z0-9_-]{43}$/);
    expect(created.body).toMatchObject({ name: 'ERP link', userId, prefix: created.body.secret.slice(0, 8), lastUsedAt: null });
    expect(created.body.tokenHash).toBeUndefined();
    const days = (new Date(created.body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    const stored = await app.db('apiTokens').where({ id: created.body.id }).first();
    expect(stored.tokenHash).toBe(sha256(created.body.secret));
    expect(JSON.stringify(stored)).not.toContain(created.body.secret);
    const read = await admin.get(`/api/api-tokens/${created.body.id}`);
    expect(read.body.secret).toBeUndefined();
    expect(read.body.tokenHash).toBeUndefined();
    expect(read.body.userName).toBeTruthy();

    const erp = tokenClient(app.url, created.body.secret);
    const me = await erp.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: 'team_leader', role: 'team_leader' });
    expect(me.headers.getSetCookie()).toEqual([]);
    // The team leader's pages, not the admin's who made the token.
    expect((await erp.get('/api/orders')).status).toBe(200);
    expect((await erp.get('/api/suppliers')).status).toBe(403);
    expect((await erp.get('/api/api-tokens')).status).toBe(403);
    const used = await app.db('apiTokens').where({ id: created.body.id }).first();
    expect(used.lastUsedAt).not.toBeNull();
    expect(used.lastUsedIp).toMatch(/127\.0\.0\.1/);
  });

  it('writes with no CSRF check, and the log names the token', async () => {
    const secret = await newToken(admin, await idOf('manager'), 'Supplier sync');
    const sync = new HttpClient(app.url, { authorization: `Bearer ${secret}`, origin: 'https://erp.example' });
    const supplier = await sync.create('/api/suppliers', { name: 'Token Freight', ...SUPPLIER_CONTACT });
    const [row] = await app.db('activityLogs').where({ entityType: 'supplier', entityId: String(supplier.id) }).select('username', 'apiTokenId');
    const token = await app.db('apiTokens').where({ name: 'Supplier sync' }).first('id');
    expect(row).toEqual({ username: 'manager', apiTokenId: token.id });
    const { body: [logged] } = await admin.get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify({ apiTokenId: token.id }))}`);
    expect(logged).toMatchObject({ action: 'create', tokenName: 'Supplier sync' });
  });

  it('refuses a revoked, expired, unknown or malformed token, and one of an inactive user, at once (401)', async () => {
    const userId = await idOf('biller');
    const revoked = await admin.create<{ id: number; secret: string }>('/api/api-tokens', { name: 'Revoked', userId });
    const expired = await admin.create<{ id: number; secret: string }>('/api/api-tokens', { name: 'Expired', userId });
    const inactive = await newToken(admin, await idOf('regional_dispatcher'), 'Inactive user');
    for (const secret of [revoked.secret, expired.secret, inactive]) expect((await tokenClient(app.url, secret).get('/api/orders')).status).toBe(200);

    expect((await admin.delete(`/api/api-tokens/${revoked.id}`)).status).toBe(200);
    await app.db('apiTokens').where({ id: expired.id }).update({ expiresAt: new Date(Date.now() - 1000) });
    await admin.put(`/api/users/${await idOf('regional_dispatcher')}`, { status: 'inactive' });
    for (const secret of [revoked.secret, expired.secret, inactive, `rsl_${'x'.repeat(43)}`, 'not-a-token']) {
      const answer = await tokenClient(app.url, secret).get('/api/orders');
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('invalid_token');
    }
    await admin.put(`/api/users/${await idOf('regional_dispatcher')}`, { status: 'active' });
  });

  it('never comes back from the trash: a restore and the undo of its delete are refused', async () => {
    const token = await admin.create<{ id: number; secret: string }>('/api/api-tokens', { name: 'Gone for good', userId: await idOf('biller') });
    const deleted = await admin.delete(`/api/api-tokens/${token.id}`);
    const restore = await admin.post(`/api/trash/api_token/${token.id}/restore`);
    expect(restore.status).toBe(409);
    expect(restore.body).toMatchObject({ code: 'token_revoked', params: { label: 'Gone for good' } });
    const { actionId } = (await app.db('activityLogs').where({ action: 'delete', entityType: 'api_token', entityId: String(token.id) }).first('actionId'));
    expect((await admin.post(`/api/actions/${actionId}/undo`)).status).toBe(409);
    expect(deleted.status).toBe(200);
    expect((await tokenClient(app.url, token.secret).get('/api/orders')).status).toBe(401);
  });

  it('acts only as an active user the maker may manage, for at most 365 days', async () => {
    const refused = async (body: object, field: string, code: string) => {
      const answer = await manager.post('/api/api-tokens', { name: 'Refused', ...body });
      expect(answer.status).toBe(400);
      expect(answer.body.fields[field].code).toBe(code);
    };
    // The manager may have the page; a token for an administrator is still not theirs to make.
    await app.db('pagePermissions').insert({ pageKey: 'integrations', allowed: true, userId: await idOf('manager') });
    await app.heard();
    await refused({ userId: await idOf('admin') }, 'userId', 'not_managed');
    await refused({ userId: await idOf('biller'), expiresInDays: 366 }, 'expiresInDays', 'too_large');
    const pending = (await app.db('users').insert({ username: 'waiting.token', passwordHash: 'x', firstName: 'W', lastName: 'T',
      role: 'biller', status: 'pending' }).returning('id'))[0].id;
    await refused({ userId: pending }, 'userId', 'user_not_active');
    expect((await manager.post('/api/api-tokens', { name: 'Mine', userId: await idOf('manager'), expiresInDays: 365 })).status).toBe(201);
    expect((await manager.post('/api/api-tokens', { name: 'Biller feed', userId: await idOf('biller') })).status).toBe(201);
  });

  it('answers 429 with Retry-After past 60 requests in 10 seconds, per token', async () => {
    const busy = tokenClient(app.url, await newToken(admin, await idOf('team_leader')));
    const calm = tokenClient(app.url, await newToken(admin, await idOf('team_leader')));
    const answers = await Promise.all(Array.from({ length: 61 }, () => busy.get('/api/user')));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(60);
    const throttled = answers.find((answer) => answer.status === 429)!;
    expect(throttled.body.code).toBe('throttled');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await calm.get('/api/user')).status).toBe(200);
  });

  it('is not read by sign-in: a person signs in with a password', async () => {
    const secret = await newToken(admin, await idOf('team_leader'));
    const answer = await tokenClient(app.url, secret).post('/api/login', { username: 'team_leader', password: 'wrong password' });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('bad_credentials');
  });

  it('is kept by an instance as a session is: a read reads no token, a write reads it anew', async () => {
    const erp = tokenClient(app.url, await newToken(admin, await idOf('team_leader')));
    // The first use writes its time, whose notice a write waits for (session.ts).
    const writing = await statementsDuring(app.db, () => erp.post('/api/actions', {}));
    expect(writing.filter((sql) => sql.includes('api_tokens'))).not.toEqual([]);
    expect((await erp.get('/api/user')).status).toBe(200);
    const reading = await statementsDuring(app.db, () => erp.get('/api/user'));
    expect(reading.filter((sql) => sql.includes('api_tokens'))).toEqual([]);
  });

  (onServer ? it : it.skip)('is refused on another instance within a second of its revoke', async () => {
    const second = await startSecondInstance(app);
    try {
      const token = await admin.create<{ id: number; secret: string }>('/api/api-tokens', { name: 'Two instances', userId: await idOf('biller') });
      const elsewhere = tokenClient(second.url, token.secret);
      expect((await elsewhere.get('/api/user')).status).toBe(200);
      expect((await admin.delete(`/api/api-tokens/${token.id}`)).status).toBe(200);
      await eventually(async () => expect((await elsewhere.get('/api/user')).status).toBe(401), 1_000);
    } finally {
      await second.close();
    }
  });

  it('is for holders of the integrations page only', async () => {
    const director = await signedInAs(app.url, 'director');
    expect((await director.get('/api/api-tokens')).status).toBe(403);
    expect((await director.post('/api/api-tokens', { name: 'Not mine', userId: await idOf('director') })).status).toBe(403);
  });
});
