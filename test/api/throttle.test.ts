import { HttpClient } from '../helpers/httpClient';
import { startTestApp, type TestApp } from '../helpers/testApp';

let app: TestApp;
beforeAll(async () => { app = await startTestApp({ env: { TRUST_PROXY: '1' } }); });
afterAll(() => app.close());

// Behind the (trusted) proxy the client address comes from X-Forwarded-For, so each test can
// play a different machine.
const from = (ip: string) => new HttpClient(app.url, { 'x-forwarded-for': ip, 'x-forwarded-proto': 'https' });

describe('login throttling', () => {
  it('answers 429 after 10 failures for one username, even with the right password, until the window passes', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await from(`10.0.0.${i + 1}`).post('/api/login', { username: 'biller', password: 'wrong-password' });
      expect(res.status).toBe(401);
    }
    const blocked = await from('10.0.1.1').post('/api/login', { username: 'biller', password: 'demo1234' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/too many/i);
    // Other users are not affected.
    expect((await from('10.0.1.2').post('/api/login', { username: 'manager', password: 'demo1234' })).status).toBe(200);
    // Once the failures are older than 15 minutes, the user may sign in again.
    await app.db('activityLogs').where({ action: 'login_failed' })
      .update({ at: new Date(Date.now() - 16 * 60 * 1000) });
    expect((await from('10.0.1.3').post('/api/login', { username: 'biller', password: 'demo1234' })).status).toBe(200);
  });

  it('answers 429 after 10 failures from one IP across usernames', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++) {
      expect((await from(ip).post('/api/login', { username: `ghost${i}`, password: 'wrong-password' })).status).toBe(401);
    }
    expect((await from(ip).post('/api/login', { username: 'director', password: 'demo1234' })).status).toBe(429);
    expect((await from('10.9.9.10').post('/api/login', { username: 'director', password: 'demo1234' })).status).toBe(200);
  });

  it('refuses a request that did not come over HTTPS through the proxy', async () => {
    const plain = new HttpClient(app.url, { 'x-forwarded-for': '10.8.8.8' });
    const res = await plain.post('/api/login', { username: 'admin', password: 'demo1234' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/HTTPS/);
  });

  it('marks the cookie Secure and __Host- prefixed behind a TLS proxy', async () => {
    const res = await from('10.7.7.7').post('/api/login', { username: 'admin', password: 'demo1234' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='))!;
    expect(cookie).toMatch(/secure/i);
    expect(cookie).toMatch(/path=\//i);
  });
});
