import { HttpClient } from '../helpers/httpClient';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { MAX_FAILURES } from '../../api/src/auth/throttle';

/** The IP the activity log records for a failed login sent with this X-Forwarded-For. */
async function loggedIp(app: TestApp, forwardedFor: string): Promise<string> {
  const username = `probe-${Math.random().toString(36).slice(2)}`;
  const client = new HttpClient(app.url, { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' });
  expect((await client.post('/api/login', { username, password: 'wrong-password' })).status).toBe(401);
  const row = await app.db('activityLogs').where({ action: 'login_failed' }).whereRaw(`changes->>'username' = ?`, [username]).first();
  return row.ip;
}

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let app: TestApp;
  beforeAll(async () => { app = await startTestApp({ demo: false, env: { TRUST_PROXY: '1' } }); });
  afterAll(() => app.close());

  it('takes the address the proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    expect(await loggedIp(app, '6.6.6.6, 10.0.0.7')).toBe('10.0.0.7');
    expect(await loggedIp(app, '10.0.0.8')).toBe('10.0.0.8');
  });

  it('throttles the real address however the client fills X-Forwarded-For', async () => {
    const guess = (i: number) => new HttpClient(app.url, { 'x-forwarded-for': `6.6.${i}.6, 10.0.0.9`, 'x-forwarded-proto': 'https' })
      .post('/api/login', { username: 'someone', password: 'wrong-password' });
    for (let i = 0; i < MAX_FAILURES; i++) expect((await guess(i)).status).toBe(401);
    expect((await guess(MAX_FAILURES)).status).toBe(429);
  });
});
