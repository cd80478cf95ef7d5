import { captureLog, type LogLine } from '../helpers/capturedLog';
import { HttpClient } from '../helpers/httpClient';
import { startTestApp, useSignedInApp } from '../helpers/testApp';
import { eventually } from '../helpers/eventually';

// The server's log (foundation/log.ts, middleware/requestLog.ts): a JSON line per request.
const { app } = useSignedInApp({});
let logged: ReturnType<typeof captureLog>;
beforeEach(() => { logged = captureLog('info'); });
afterEach(() => logged.restore());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The request lines written so far, waiting for `count` (each is written once its answer has ended). */
function requestLines(count: number): Promise<LogLine[]> {
  const lines = () => logged.lines.filter((line) => line.msg === 'request');
  return eventually(() => {
    if (lines().length < count) throw new Error(`not ${count} request lines in ${JSON.stringify(logged.lines)}`);
    return lines();
  });
}

describe('the request log', () => {
  it('writes a line per request: its id, method, route pattern, status, duration and user', async () => {
    const admin = new HttpClient(app.url);
    await admin.login('admin', 'demo1234');
    const adminId = (await admin.get('/api/user')).body.id;
    const read = await admin.get('/api/suppliers/999999');
    expect(read.status).toBe(404);
    const lines = await requestLines(3);
    expect(lines[2]).toEqual({ level: 30, time: expect.any(String), instance: expect.any(String), msg: 'request',
      requestId: read.headers.get('x-request-id'), method: 'GET', route: '/api/suppliers/:id', status: 404, ms: expect.any(Number),
      userId: adminId });
    expect(read.headers.get('x-request-id')).toMatch(UUID);
    expect(read.body.requestId).toBe(read.headers.get('x-request-id'));
    expect(lines[0]).toMatchObject({ route: '/api/login', status: 200, userId: adminId });
    expect(new Date(lines[0].time).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('never writes a password, a cookie, a session id, a search word or a file name', async () => {
    const admin = new HttpClient(app.url);
    await admin.login('admin', 'demo1234');
    await new HttpClient(app.url).post('/api/login', { username: 'admin', password: 'not-the-password-9931' });
    await admin.get(`/api/orders?filter=${encodeURIComponent(JSON.stringify({ q: 'searched-word-4417' }))}`);
    const form = new FormData();
    form.append('file', new Blob(['MTM number,DN number\nsecret-content-5521,x']), 'secret-file-name-7730.csv');
    await admin.post('/api/orders/import', form);
    await requestLines(4);
    const session = /sid=([^;]+)/.exec(admin.cookieHeader)![1];
    for (const secret of ['demo1234', 'not-the-password-9931', session, 'searched-word-4417', 'secret-content-5521', 'secret-file-name-7730']) {
      expect([secret, logged.text().includes(secret)]).toEqual([secret, false]);
    }
  });

  it('takes the request id of a trusted proxy, and makes its own otherwise or when the given one is unfit', async () => {
    const behindProxy = await startTestApp({ demo: false, env: { TRUST_PROXY: '1' } });
    try {
      const viaProxy = await fetch(`${behindProxy.url}/healthz`, { headers: { 'x-request-id': 'edge-7f3a.1' } });
      expect(viaProxy.headers.get('x-request-id')).toBe('edge-7f3a.1');
      const unfit = await fetch(`${behindProxy.url}/healthz`, { headers: { 'x-request-id': 'two words\tand a tab' } });
      expect(unfit.headers.get('x-request-id')).toMatch(UUID);
      const direct = await fetch(`${app.url}/healthz`, { headers: { 'x-request-id': 'forged-by-a-client' } });
      expect(direct.headers.get('x-request-id')).toMatch(UUID);
      expect((await requestLines(3)).map((line) => line.requestId))
        .toEqual(['edge-7f3a.1', unfit.headers.get('x-request-id'), direct.headers.get('x-request-id')]);
    } finally {
      await behindProxy.close();
    }
  });
});
