import { openEventStream } from '../helpers/eventStream';
import { startTestApp, useSignedInApp } from '../helpers/testApp';
import { eventually } from '../helpers/eventually';

// GET /metrics (api/src/health/metricsRoute.ts): Prometheus's text, for this machine or METRICS_TOKEN.
const { app, admin } = useSignedInApp({ admin: 'admin' });

/** The value of the sample `name{labels}` in Prometheus text, or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2] ? match[2].split(/,(?=[a-zA-Z_]+=)/) : [];
    if (wanted.every((label) => have.includes(label)) && have.length === wanted.length) return Number(match[3]);
  }
  return undefined;
}

const read = async (url = app.url, headers: Record<string, string> = {}) => {
  const res = await fetch(`${url}/metrics`, { headers });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** A fresh read of the metrics once `done` holds of it (a request is counted once its answer has ended). */
function metricsWhen(done: (text: string) => boolean): Promise<string> {
  return eventually(async () => {
    const { text } = await read();
    if (!done(text)) throw new Error(`metrics not as expected in:\n${text}`);
    return text;
  });
}

describe('GET /metrics', () => {
  it('counts and times requests by route pattern and status, never by path', async () => {
    const suppliers = { method: 'GET', route: '/api/suppliers', status: '200' };
    const missing = { method: 'GET', route: '/api/suppliers/:id', status: '404' };
    const before = await read();
    expect(before.status).toBe(200);
    expect(before.type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (let n = 0; n < 3; n += 1) expect((await admin.get('/api/suppliers')).status).toBe(200);
    expect((await admin.get('/api/suppliers/987654')).status).toBe(404);
    const after = await metricsWhen((text) => (sample(text, 'http_requests_total', missing) ?? 0) >= 1);
    expect(sample(after, 'http_requests_total', suppliers)).toBe((sample(before.text, 'http_requests_total', suppliers) ?? 0) + 3);
    expect(sample(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/suppliers' }))
      .toBe((sample(before.text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/suppliers' }) ?? 0) + 3);
    expect(after).not.toContain('987654');
  });

  it('tells the pool, the open streams, the password line, the outbox and the event loop', async () => {
    const streams = [await openEventStream(admin, app.url), await openEventStream(admin, app.url)];
    try {
      const text = await metricsWhen((t) => sample(t, 'event_streams_open') === 2);
      expect(sample(text, 'database_pool_connections', { state: 'used' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'database_pool_connections', { state: 'waiting' })).toBe(0);
      expect(sample(text, 'password_work', { state: 'waiting' })).toBe(0);
      expect(sample(text, 'mail_outbox_waiting')).toBe(0);
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    } finally {
      for (const stream of streams) stream.close();
    }
    await metricsWhen((t) => sample(t, 'event_streams_open') === 0);
  });

  it('answers only this machine, not a client a proxy relays, unless it holds METRICS_TOKEN', async () => {
    expect((await read(app.url, { 'x-forwarded-for': '203.0.113.9' })).status).toBe(403);
    expect((await read(app.url, { forwarded: 'for=203.0.113.9' })).status).toBe(403);
    const guarded = await startTestApp({ demo: false, env: { METRICS_TOKEN: 'metrics-secret-31' } });
    try {
      const relayed = { 'x-forwarded-for': '203.0.113.9' };
      expect((await read(guarded.url, { ...relayed, authorization: 'Bearer metrics-secret-31' })).status).toBe(200);
      expect((await read(guarded.url, { ...relayed, authorization: 'Bearer metrics-secret-3' })).status).toBe(403);
      expect((await read(guarded.url, relayed)).status).toBe(403);
      expect((await read(guarded.url)).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});
