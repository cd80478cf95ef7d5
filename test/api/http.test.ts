import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { captureLog } from '../helpers/capturedLog';
import { HttpClient, signedInAs } from '../helpers/httpClient';
import { createOrderReferences, type OrderReferences } from '../helpers/orderReferences';
import { createOrder } from '../helpers/orders';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { readConfig } from '../../api/src/foundation/config';
import { knexConfig } from '../../api/src/db/knex';
import { answerBody, unchanging } from '../../api/src/middleware/answerBody';
import { errorHandler } from '../../api/src/middleware/errors';
import { keepRouteAnswer, noteRouteAnswer } from '../../api/src/middleware/routeAnswer';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

let app: TestApp;
let refs: OrderReferences;
beforeAll(async () => {
  app = await startTestApp();
  refs = await createOrderReferences(app, await signedInAs(app.url, 'admin'));
});
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

  (process.env.TEST_DB_KIND === 'postgres' ? it : it.skip)('checks the database on one connection of its own, kept between checks', async () => {
    const backends = async () => (await app.db.raw(`select pid from pg_stat_activity
      where application_name = 'logistics-healthz' and datname = current_database()`)).rows.map((row: { pid: number }) => row.pid);
    const seen = [];
    for (let n = 0; n < 3; n += 1) {
      expect((await new HttpClient(app.url).get('/healthz')).status).toBe(200);
      seen.push(...await backends());
    }
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(1);
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

/** The raw answer, as the server sent it: fetch would decode it. */
const rawGetFrom = (base: string, path: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http.get(base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });

describe('compression', () => {
  const rawGet = (path: string, headers: Record<string, string>) => rawGetFrom(app.url, path, headers);

  let cookie: string;
  beforeAll(async () => {
    const admin = await signedInAs(app.url, 'admin');
    cookie = admin.cookieHeader;
    const assignedUserId = (await admin.get('/api/user')).body.id;
    for (let n = 1; n <= 6; n += 1) {
      await createOrder(admin, { mtmNumber: `MTM-GZ-${n}`, supplierId: refs.supplier, vehicleTypeId: refs.vehicleType,
        pickupWarehouseId: refs.warehouse, deliveryAreaId: refs.ownArea, assignedUserId });
    }
  });

  const PAGE = `/api/orders?range=${encodeURIComponent('[0,24]')}`;

  it.each([['gzip', gunzipSync], ['br', brotliDecompressSync]] as const)(
    'compresses a list page with %s when the client accepts it, keeping its Content-Range', async (encoding, decode) => {
      const plain = await rawGet(PAGE, { cookie, 'accept-encoding': 'identity' });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      const packed = await rawGet(PAGE, { cookie, 'accept-encoding': encoding });
      expect(packed.status).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers['content-range']).toBe(plain.headers['content-range']);
      expect(packed.headers['content-range']).toMatch(/^orders 0-\d+\/\d+$/);
      expect(packed.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decode(packed.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
    });

  it('compresses a JSON answer over the threshold, and leaves a small one alone', async () => {
    const catalog = await rawGet('/api/translations/catalog/en', { 'accept-encoding': 'gzip' });
    expect(catalog.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(catalog.body).toString('utf8')).ra.action.save).toBe('Save');
    const small = await rawGet('/healthz', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('a client that refuses every encoding', () => {
  // identity;q=0 and *;q=0 leave koa-compress no encoding: it failed with 500 (an undefined
  // Content-Encoding), after the route had already committed its write.
  const REFUSALS = ['identity;q=0', '*;q=0', 'gzip;q=0, br;q=0, deflate;q=0, identity;q=0'];
  let client: HttpClient;
  beforeAll(async () => {
    client = new HttpClient(app.url, { 'accept-encoding': REFUSALS[0] });
    await client.login('admin');
  });

  it.each(REFUSALS)('is answered uncompressed, never 500 (%s)', async (acceptEncoding) => {
    for (const path of ['/api/translations/catalog/en', `/api/orders?range=${encodeURIComponent('[0,24]')}`,
      '/api/pricing', '/api/trash', '/api/public/monitoring/trend']) {
      const answer = await client.request('GET', path, undefined, { 'accept-encoding': acceptEncoding });
      expect([path, answer.status, answer.headers.get('content-encoding')]).toEqual([path, 200, null]);
    }
  });

  it('hears that its writes succeeded: a create, an update and an order import', async () => {
    const supplier = await client.create('/api/suppliers', { name: 'Refuses Gzip Co', ...SUPPLIER_CONTACT });
    expect(supplier.name).toBe('Refuses Gzip Co');
    const updated = await client.put(`/api/suppliers/${supplier.id}`, { ...supplier, name: 'Refuses Gzip Ltd' });
    expect([updated.status, updated.body.name]).toEqual([200, 'Refuses Gzip Ltd']);

    const header = 'MTM number,DN number,Supplier,Pickup warehouse,Vehicle type,Delivery area,Assigned user,Pickup date,MOS date';
    const rows = Array.from({ length: 20 }, (_, n) => `MTM-ID-${n},DN-ID-${n},Carrier One,W1,T5,OWN,admin,2026-11-20,2026-11-25`);
    const form = new FormData();
    form.append('dryRun', 'false');
    form.append('expect', '20');
    form.append('file', new Blob([`${header}\n${rows.join('\n')}\n`]), 'orders.csv');
    const imported = await client.post('/api/orders/import', form);
    expect(imported.status).toBe(201);
    expect(Number((await app.db('orders').where('dnNumber', 'like', 'DN-ID-%').count({ n: '*' }))[0].n)).toBe(20);
  });
});

describe('an unchanging answer', () => {
  it('is serialised and compressed once, and sent alike to every request in each encoding asked', async () => {
    let serialised = 0;
    const rows = Array.from({ length: 200 }, (_, n) => ({ period: `2026-11-${n % 28}`, key: n, label: `Supplier ${n}`, orders: n * 3 }));
    const report = unchanging({ rows, toJSON: () => { serialised += 1; return { rows }; } });
    let fresh = 0;
    const other = { toJSON: () => { fresh += 1; return { rows }; } };
    const route = new Koa();
    for (const step of answerBody()) route.use(step);
    route.use((ctx) => { ctx.body = ctx.path === '/report' ? report : other; });
    const server = route.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const decoders = { identity: (body: Buffer) => body, gzip: gunzipSync, br: brotliDecompressSync };
      for (const encoding of ['br', 'gzip', 'identity', 'br', 'gzip', 'identity'] as const) {
        for (const path of ['/report', '/other']) {
          const answer = await rawGetFrom(base, path, { 'accept-encoding': encoding });
          expect([answer.status, answer.headers['content-encoding'] ?? 'identity']).toEqual([200, encoding]);
          expect(JSON.parse(decoders[encoding](answer.body).toString('utf8'))).toEqual({ rows });
        }
      }
      expect([serialised, fresh]).toEqual([1, 6]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('an answer that fails after its route succeeded', () => {
  it('is sent as the route gave it, uncompressed, and logged', async () => {
    const route = new Koa();
    const logged: unknown[] = [];
    route.on('error', (err) => logged.push(err));
    route.use(errorHandler);
    route.use(keepRouteAnswer);
    route.use(async (_ctx, next) => {
      await next();
      throw new Error('the session store went away');
    });
    route.use(noteRouteAnswer);
    route.use((ctx) => {
      ctx.status = 201;
      ctx.body = { id: 7, saved: true };
    });
    const server = route.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const answer = await new HttpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).post('/anything', {});
      expect([answer.status, answer.body]).toEqual([201, { id: 7, saved: true }]);
      expect(logged).toHaveLength(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('still fails when the route itself failed', async () => {
    const route = new Koa();
    route.on('error', () => undefined);
    route.use(errorHandler);
    route.use(keepRouteAnswer);
    route.use(noteRouteAnswer);
    route.use(() => { throw new Error('the route broke'); });
    const server = route.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const answer = await new HttpClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).post('/anything', {});
      expect([answer.status, answer.body.code]).toEqual([500, 'internal']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('database pool', () => {
  const target = (env: NodeJS.ProcessEnv) =>
    knexConfig({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', timeouts: readConfig(env).databaseTimeouts });

  it('holds 20 PostgreSQL connections unless DATABASE_POOL_MAX says otherwise', () => {
    expect(target({}).pool?.max).toBe(20);
    expect(target({ DATABASE_POOL_MAX: '35' }).pool?.max).toBe(35);
    expect(() => readConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });
});

describe('a database that goes away', () => {
  let admin: HttpClient;
  let logged: ReturnType<typeof captureLog>;
  beforeAll(async () => {
    admin = await signedInAs(app.url, 'admin');
    await app.db.destroy();
  });
  beforeEach(() => { logged = captureLog('error'); });
  afterEach(() => logged.restore());

  it('answers 503 with a clear message and the request id, never a stack', async () => {
    const res = await admin.get('/api/user');
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/database is unavailable/i);
    expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|node_modules/);
    const health = await new HttpClient(app.url).get('/healthz');
    expect(health.status).toBe(503);
    // The metrics still answer, and count the 503 by its reason.
    const metrics = await fetch(`${app.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^database_unavailable_answers_total\{reason="(unreachable|pool_timeout)"\} [1-9]/m);
  });

  it('logs one line per failed request, with its id, and each distinct stack at most once a minute', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 10; n += 1) {
      const res = await admin.get('/api/suppliers');
      expect(res.status).toBe(503);
      ids.push(res.body.requestId);
    }
    expect(logged.lines.map(({ requestId, method, route, status }) => ({ requestId, method, route, status })))
      .toEqual(ids.map((requestId) => ({ requestId, method: 'GET', route: '/api/suppliers', status: 503 })));
    // The same failure as the test before: its stack was written then.
    expect(logged.lines.filter((line) => line.stack).length).toBeLessThanOrEqual(1);
  });
});

