import http from 'node:http';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { HttpClient } from '../helpers/httpClient';
import { useSignedInApp } from '../helpers/testApp';
import { SUPPLIER_CONTACT } from '../helpers/supplierContact';

const { app, admin } = useSignedInApp({ admin: 'admin' });

const LOGIN = JSON.stringify({ username: 'admin', password: 'demo1234' });
const COMPRESS = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync } as const;

/** A raw POST, so the body can be bytes that do or do not match their Content-Encoding. */
const post = (client: HttpClient, path: string, body: Buffer | string, encoding: string) =>
  fetch(client.baseUrl + path, { method: 'POST', body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'content-type': 'application/json', 'content-encoding': encoding, cookie: client.cookieHeader } });

describe('Content-Encoding of a request body', () => {
  it.each(Object.keys(COMPRESS))('reads a body compressed with %s', async (encoding) => {
    const res = await post(new HttpClient(app.url), '/api/login', COMPRESS[encoding as keyof typeof COMPRESS](LOGIN), encoding);
    expect(res.status).toBe(200);
  });

  it.each(Object.keys(COMPRESS))('refuses a body that says %s but is not, with 400', async (encoding) => {
    for (const path of ['/api/login', '/api/suppliers', '/api/translations/import']) {
      const res = await post(admin, path, LOGIN, encoding);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(`The request body is not valid ${encoding} data`);
    }
  });

  it('refuses a gzip body cut short with 400', async () => {
    const res = await post(admin, '/api/suppliers', gzipSync(JSON.stringify({ name: 'Cut Co', ...SUPPLIER_CONTACT })).subarray(0, 20), 'gzip');
    expect(res.status).toBe(400);
    expect(await admin.get('/api/suppliers')).toMatchObject({ body: [] });
  });

  it.each(Object.keys(COMPRESS))('does not stall the next request on the connection of a large body refused unread (%s)', async (encoding) => {
    // One socket, kept alive: the refused request's unread bytes stayed in it, and the next request
    // on it waited for the server's 60 s header timeout.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: string) => new Promise<number>((resolve, reject) => {
      const headers = body === undefined ? { cookie: admin.cookieHeader }
        : { 'content-type': 'application/json', 'content-encoding': encoding, cookie: admin.cookieHeader };
      const request = http.request(app.url + path, { method, agent, timeout: 10_000, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      request.on('timeout', () => request.destroy(new Error(`no answer to ${method} ${path} within 10 s`)));
      request.on('error', reject);
      request.end(body);
    });
    try {
      expect(await send('POST', '/api/suppliers', `${'{"a":'.repeat(30_000)}1${'}'.repeat(30_000)}`)).toBe(400);
      expect(await send('GET', '/api/suppliers')).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it.each(['compress', 'zstd', 'gzip, gzip', 'x-unknown'])('refuses the encoding "%s" with 415', async (encoding) => {
    const res = await post(admin, '/api/suppliers', JSON.stringify({ name: 'Encoded Co', ...SUPPLIER_CONTACT }), encoding);
    expect(res.status).toBe(415);
    expect((await res.json()).message).toMatch(/Content-Encoding/);
  });
});

describe('JSON bodies nested too deeply', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it.each([
    ['/api/suppliers', (deep: string) => `{"name":${deep}}`],
    ['/api/saved-filters', (deep: string) => `{"resource":"orders","name":"deep","filter":{"q":${deep}}}`],
    ['/api/translations/import', (deep: string) => `{"dryRun":true,"rows":[${deep}]}`],
    ['/api/login', (deep: string) => `{"username":${deep},"password":"demo1234"}`],
  ])('%s refuses a body nested 100 000 levels deep with 400, not a stack overflow', async (path, body) => {
    const res = await admin.request('POST', path, body(nested(100_000)));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ body: 'Nested too deeply (at most 20 levels)' });
  });

  it('refuses 21 levels and reads 20', async () => {
    const at = (depth: number) => admin.request('POST', '/api/saved-filters',
      `{"resource":"orders","name":"depth ${depth}","filter":{"q":${nested(depth - 2)}}}`);
    expect((await at(21)).status).toBe(400);
    expect((await at(20)).status).toBe(201);
  });
});
