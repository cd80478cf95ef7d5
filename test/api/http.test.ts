import { HttpClient, signedInAs } from '../helpers/httpClient';
import { startTestApp, type TestApp } from '../helpers/testApp';

let app: TestApp;
beforeAll(async () => { app = await startTestApp(); });
afterAll(() => app.close());

describe('HTTP baseline', () => {
  it('answers 404 JSON for an unknown API route', async () => {
    const res = await new HttpClient(app.url).get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/No API route/);
  });

  it('sends security headers', async () => {
    const res = await new HttpClient(app.url).get('/healthz');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBeTruthy();
  });

  it('reports liveness and database reachability on /healthz', async () => {
    const res = await new HttpClient(app.url).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 413 for a body over 1 MB', async () => {
    const res = await new HttpClient(app.url).post('/api/login', { username: 'admin', password: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('refuses a state-changing request from another origin with 403', async () => {
    const c = new HttpClient(app.url, { origin: 'https://evil.example' });
    const res = await c.post('/api/login', { username: 'admin', password: 'demo1234' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/Access denied/);
  });

  it('refuses a form-encoded body with 415 (a cross-site form cannot send JSON)', async () => {
    const res = await new HttpClient(app.url).request('POST', '/api/login', 'username=admin&password=demo1234',
      { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(415);
  });

  it('accepts the same origin', async () => {
    const c = new HttpClient(app.url, { origin: app.url });
    expect((await c.post('/api/login', { username: 'admin', password: 'demo1234' })).status).toBe(200);
  });

  it('serves the public translation catalogs before sign-in, with the database edits', async () => {
    await app.db('translations').where({ namespace: 'app', key: 'title' }).update({ en: 'Edited title' });
    const en = await new HttpClient(app.url).get('/api/translations/catalog/en');
    expect(en.status).toBe(200);
    expect(en.body.app.title).toBe('Edited title');
    expect(en.body.ra.action.save).toBe('Save');
    const cn = await new HttpClient(app.url).get('/api/translations/catalog/cn');
    expect(cn.body.app.loading).toBe('加载中...');
    expect((await new HttpClient(app.url).get('/api/translations/catalog/fr')).status).toBe(400);
  });
});

describe('record ids in paths', () => {
  // 0x10, 1e1 and " 1" once read as 16, 10 and 1 (DELETE /api/orders/0x10 deleted order 16).
  // Here 0x2338, 9.01e3 and " 9001" would name the areas 9016, 9010 and 9001.
  beforeAll(async () => {
    for (const id of [1, 10, 16]) {
      await app.db('deliveryAreas').insert({ id: 9000 + id, code: `PATH-${id}`, name: `Path ${id}` });
    }
  });

  it.each(['0x2338', '9.01e3', '%209001', '09001', '9001.0', '+9001', '-9001', '0', '99999999999999999999'])(
    'refuses %s with 400 naming the id, and deletes nothing', async (raw) => {
      const admin = await signedInAs(app.url, 'admin');
      const res = await admin.delete(`/api/delivery-areas/${raw}`);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ id: 'Invalid format' });
      expect(await app.db('deliveryAreas').where('id', '>', 9000).whereNotNull('deletedAt').select('id')).toEqual([]);
    });

  it('still reads a plain id', async () => {
    const admin = await signedInAs(app.url, 'admin');
    expect((await admin.get('/api/delivery-areas/9016')).body.code).toBe('PATH-16');
  });
});

describe('a database that goes away', () => {
  let admin: HttpClient;
  let errors: jest.SpyInstance;
  beforeAll(async () => {
    admin = await signedInAs(app.url, 'admin');
    await app.db.destroy();
  });
  beforeEach(() => { errors = jest.spyOn(console, 'error').mockImplementation(() => undefined); });
  afterEach(() => errors.mockRestore());

  it('answers 503 with a clear message, never a stack', async () => {
    const res = await admin.get('/api/user');
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/database is unavailable/i);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|node_modules/);
    const health = await new HttpClient(app.url).get('/healthz');
    expect(health.status).toBe(503);
  });

  it('logs one line per failed request, and each distinct stack at most once a minute', async () => {
    for (let n = 0; n < 10; n += 1) expect((await admin.get('/api/suppliers')).status).toBe(503);
    const logged = errors.mock.calls.map((args) => args.map(String).join(' '));
    const lines = logged.filter((text) => !text.includes('\n'));
    expect(lines).toHaveLength(10);
    for (const line of lines) expect(line).toMatch(/^\[[-0-9T:.Z]+\] GET \/api\/suppliers 503 \S+: \S/);
    // The same failure as the test before: its stack was printed then.
    expect(logged.filter((text) => /\n\s+at /.test(text)).length).toBeLessThanOrEqual(1);
  });
});
