import { ERROR_CODES, FIELD_ERROR_CODES, type ErrorCode } from '@kernel/errors/errorCodes';
import { HttpClient, signedInAs, type Answer } from '../helpers/httpClient';
import { createFixtures, multipartUpload, unique, type Fixtures, type RecordMaker } from '../helpers/routeFixtures';
import { startTestApp, type TestApp } from '../helpers/testApp';

let app: TestApp;
let admin: HttpClient;
let f: Fixtures;
let maker: RecordMaker;
beforeAll(async () => {
  app = await startTestApp();
  ({ fixtures: f, maker, admin } = await createFixtures(app));
});
afterAll(() => app?.close());

const as = (role: Parameters<typeof signedInAs>[1]) => signedInAs(app.url, role);

/**
 * The shape every error answer has (docs/error-codes.md): a code of the kernel's table answered
 * with that code's status, an English message, and `fields` exactly when `errors`, with the same
 * keys, each with a field code of the table.
 */
function expectAnswer(answer: Answer, code: ErrorCode, fields: string[] = []) {
  expect({ status: answer.status, code: answer.body?.code }).toEqual({ status: ERROR_CODES[code], code });
  expect(typeof answer.body.message).toBe('string');
  expect(Object.keys(answer.body.errors ?? {}).sort()).toEqual([...fields].sort());
  expect(Object.keys(answer.body.fields ?? {}).sort()).toEqual([...fields].sort());
  for (const [field, problem] of Object.entries<{ code: string }>(answer.body.fields ?? {})) {
    expect({ field, known: (FIELD_ERROR_CODES as readonly string[]).includes(problem.code) }).toEqual({ field, known: true });
    expect(typeof answer.body.errors[field]).toBe('string');
  }
  return answer.body;
}

describe('every error answer names its code', () => {
  it('sign-in, session and origin refusals', async () => {
    const anonymous = new HttpClient(app.url);
    expectAnswer(await anonymous.get('/api/suppliers'), 'not_signed_in');
    expectAnswer(await anonymous.post('/api/login', { username: 'admin', password: 'not the password' }), 'bad_credentials');
    const inactive = await admin.create('/api/users', { ...maker.userBody('biller'), username: unique('gone'), status: 'inactive' });
    const { username } = (await admin.get(`/api/users/${inactive.id}`)).body;
    expectAnswer(await anonymous.post('/api/login', { username, password: maker.userBody().password }), 'account_inactive');
    expectAnswer(await admin.request('POST', '/api/suppliers', maker.supplierBody(), { origin: 'https://evil.example' }), 'cross_origin');
    const newcomer = new HttpClient(app.url);
    await newcomer.post('/api/register', { username: unique('new'), password: 'tall ships 42', firstName: '新', lastName: '人' });
    expectAnswer(await newcomer.get('/api/saved-filters?resource=orders'), 'pending_account');
  });

  it('page, role, area, grant and manage refusals', async () => {
    const dispatcher = await as('regional_dispatcher');
    const manager = await as('manager');
    expectAnswer(await dispatcher.get('/api/users'), 'page_denied');
    expectAnswer(await (await as('biller')).post('/api/translations', maker.translationBody()), 'role_denied');
    expectAnswer(await dispatcher.get(`/api/process-monitoring/orders?kind=mos&deliveryAreaId=${f.otherArea}`), 'area_denied');
    expectAnswer(await manager.post('/api/users', maker.userBody('admin')), 'grant_denied', ['role']);
    expectAnswer(await manager.put(`/api/users/${f.userIds.director}`, { firstName: '改' }), 'manage_denied');
    expectAnswer(await admin.get('/api/permission-denied-demo'), 'access_denied');
  });

  it('malformed requests name the field and why', async () => {
    const input = expectAnswer(await admin.post('/api/warehouses', { code: '', name: 'x'.repeat(500) }), 'invalid_input', ['code', 'name']);
    expect(input.fields).toEqual({ code: { code: 'required' }, name: { code: 'too_long', params: { max: expect.any(Number) } } });
    expect(input.params).toEqual({ fields: 'code, name' });
    const sort = expectAnswer(await admin.get('/api/suppliers?sort=["secret","ASC"]'), 'invalid_query', ['sort']);
    expect(sort.fields.sort).toEqual({ code: 'not_sortable', params: { allowed: expect.stringContaining('name') } });
    expectAnswer(await admin.get('/api/suppliers?range=[0,900]'), 'invalid_query', ['range']);
    expectAnswer(await admin.request('POST', '/api/suppliers', '{"name": '), 'invalid_json');
    expectAnswer(await admin.request('POST', '/api/suppliers', 'name=x', { 'content-type': 'text/plain' }), 'unsupported_media_type');
    expectAnswer(await admin.post('/api/suppliers', { ...maker.supplierBody(), note: 'x'.repeat(2_000_000) }), 'payload_too_large');
    expectAnswer(await admin.get('/api/suppliers/0'), 'invalid_input', ['id']);
  });

  it('missing records and routes', async () => {
    expect(expectAnswer(await admin.get('/api/suppliers/987654'), 'not_found').params).toEqual({ entity: 'supplier', id: 987654 });
    expect(expectAnswer(await admin.get('/api/no-such-thing'), 'route_not_found').params)
      .toEqual({ method: 'GET', path: '/api/no-such-thing' });
    // A known path with a method it does not take: 405, and which it takes.
    const patch = await admin.request('PATCH', `/api/suppliers/${f.supplier}`, {});
    expect(expectAnswer(patch, 'method_not_allowed').params).toEqual({ method: 'PATCH', allowed: expect.stringContaining('PUT') });
    expect(patch.headers.get('allow')?.split(', ').sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PUT']);
    const post = await admin.post('/api/activity-logs', {});
    expectAnswer(post, 'method_not_allowed');
    expect(post.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'HEAD']);
    expectAnswer(await admin.post('/api/suppliers', { ...maker.supplierBody(), serviceAreaIds: [987654] }), 'invalid_input', ['serviceAreaIds']);
  });

  it('conflicts with the stored data', async () => {
    const supplier = (await admin.get(`/api/suppliers/${f.supplier}`)).body;
    const stale = expectAnswer(await admin.put(`/api/suppliers/${f.supplier}`, { name: supplier.name, version: supplier.version - 1 }),
      'version_conflict', ['version']);
    expect(stale.fields.version).toEqual({ code: 'stale_version' });
    const code = unique('DUP');
    await admin.create('/api/warehouses', { code, name: 'Once' });
    expect(expectAnswer(await admin.post('/api/warehouses', { code, name: 'Twice' }), 'unique_violation', ['code']).fields)
      .toEqual({ code: { code: 'already_exists' } });
    expectAnswer(await admin.delete(`/api/users/${f.userIds.admin}`), 'own_account');
    expectAnswer(await admin.put(`/api/users/${f.userIds.admin}`, { role: 'manager' }), 'last_admin');
  });

  it('order flow refusals', async () => {
    const order = await maker.order();
    const backwards = expectAnswer(await admin.post(`/api/orders/${order.id}/transitions`, { to: 'completed' }),
      'transition_not_allowed', ['to']);
    expect(backwards.params).toEqual({ from: order.status, to: 'completed' });
    const batch = expectAnswer(await admin.post('/api/orders/batch-completion-date',
      { ids: [order.id], completionDate: '2026-11-01T08:00:00Z' }), 'not_completed', ['ids']);
    expect(batch.fields.ids).toEqual({ code: 'not_completed', params: { orders: order.mtmNumber } });
    const { body, contentType } = multipartUpload('pod', 'just some text, not a document');
    expectAnswer(await admin.request('POST', `/api/orders/${order.id}/attachments`, body, { 'content-type': contentType }),
      'unsupported_file_type');
  });

  it('translation refusals', async () => {
    const placeholders = expectAnswer(await admin.post('/api/translations',
      { ...maker.translationBody(), zh: '%{a} 个', en: '%{b} items' }), 'placeholder_mismatch', ['en']);
    expect(placeholders.params).toEqual({ zh: 'a', en: 'b' });
    const group = maker.translationBody();
    await admin.create('/api/translations', group);
    const nested = expectAnswer(await admin.post('/api/translations', { ...group, key: `${group.key}.inner` }), 'key_conflict', ['key']);
    expect(nested.fields.key).toEqual({ code: 'conflicts_with', params: { other: `${group.namespace}.${group.key}` } });
    const refused = expectAnswer(await admin.post('/api/translations/import',
      { rows: [{ namespace: 'Bad NS', key: 'x', zh: '坏' }], dryRun: false }), 'import_invalid', ['rows.0.namespace']);
    expect(refused.params).toEqual({ rows: 1 });
  });

  it('too many attempts', async () => {
    const stranger = new HttpClient(app.url);
    let last: Answer | undefined;
    const username = unique('nobody');
    for (let attempt = 0; attempt < 12 && last?.status !== 429; attempt += 1) {
      last = await stranger.post('/api/login', { username, password: 'wrong password' });
    }
    const throttled = expectAnswer(last!, 'throttled');
    expect(throttled.params).toEqual({ seconds: expect.any(Number), minutes: expect.any(Number) });
    expect(Number(last!.headers.get('retry-after'))).toBe(throttled.params.seconds);
  });
});
