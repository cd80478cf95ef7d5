import { HttpClient } from '../helpers/httpClient';
import { startTestApp, type TestApp } from '../helpers/testApp';
import {
  MAX_FAILURES, MAX_FAILURES_PER_IP, MAX_FAILURES_PER_USERNAME, MAX_REGISTRATIONS_PER_IP,
} from '../../api/src/auth/throttle';

let app: TestApp;
beforeAll(async () => { app = await startTestApp({ env: { TRUST_PROXY: '1' } }); });
afterAll(() => app.close());

// Behind the (trusted) proxy the client address comes from X-Forwarded-For, so each test can
// play a different machine.
const from = (ip: string) => new HttpClient(app.url, { 'x-forwarded-for': ip, 'x-forwarded-proto': 'https' });
const login = (ip: string, username: string, password: string) => from(ip).post('/api/login', { username, password });
const statuses = (answers: Array<{ status: number }>) => answers.map((a) => a.status);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

/** Sends the calls in parallel groups of `size`, keeping the suite light on the database. */
async function inGroups<T>(total: number, size: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const answers: T[] = [];
  for (let start = 0; start < total; start += size) {
    const group = Array.from({ length: Math.min(size, total - start) }, (_v, k) => call(start + k));
    answers.push(...(await Promise.all(group)));
  }
  return answers;
}

describe('login throttling', () => {
  it('checks at most MAX_FAILURES of 30 parallel wrong passwords for one username from one IP, refusing the rest with 429', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => login('10.1.1.1', 'biller', 'wrong-password')));
    const list = statuses(answers);
    expect(count(list, 401)).toBeLessThanOrEqual(MAX_FAILURES);
    expect(count(list, 429)).toBe(30 - count(list, 401));
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/too many failed logins/i);
    // Every password checked is in the audit.
    const audited = await app.db('activityLogs').where({ action: 'login_failed', ip: '10.1.1.1' }).count({ n: '*' }).first();
    expect(Number(audited!.n)).toBe(count(list, 401));

    // Parallel attempts count each other while in flight, so a burst may get fewer than
    // MAX_FAILURES checks, never more; one by one, exactly MAX_FAILURES are checked.
    for (let checked = count(list, 401); checked < MAX_FAILURES; checked++) {
      expect((await login('10.1.1.1', 'biller', 'wrong-password')).status).toBe(401);
    }
    // Then the same IP is refused even the right password, until the window passes ...
    expect((await login('10.1.1.1', 'biller', 'demo1234')).status).toBe(429);
    // ... but the owner, from another address, still signs in.
    expect((await login('10.1.1.2', 'biller', 'demo1234')).status).toBe(200);
    await app.db('authAttempts').where({ ip: '10.1.1.1' }).update({ at: new Date(Date.now() - 16 * 60 * 1000) });
    expect((await login('10.1.1.1', 'biller', 'demo1234')).status).toBe(200);
  });

  it('does not let failures from other IPs block the right password', async () => {
    const answers = await inGroups(MAX_FAILURES + 5, 5, (i) => login(`10.2.0.${i + 1}`, 'manager', 'wrong-password'));
    expect(statuses(answers).every((s) => s === 401)).toBe(true);
    expect((await login('10.2.1.1', 'manager', 'demo1234')).status).toBe(200);
  });

  it('answers 429 to an IP that failed for many usernames, even with a right password; other IPs are not affected', async () => {
    const ip = '10.9.9.9';
    const answers = await inGroups(MAX_FAILURES_PER_IP, 10, (i) => login(ip, `ghost${i}`, 'wrong-password'));
    expect(statuses(answers).every((s) => s === 401)).toBe(true);
    const blocked = await login(ip, 'director', 'demo1234');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login('10.9.9.10', 'director', 'demo1234')).status).toBe(200);
  });

  it('past MAX_FAILURES_PER_USERNAME from many IPs, gives only addresses without failures a try, so the owner still signs in', async () => {
    const ipOf = (i: number) => `10.3.${Math.floor(i / 200)}.${(i % 200) + 1}`;
    const answers = await inGroups(MAX_FAILURES_PER_USERNAME, 10, (i) => login(ipOf(i), 'team_leader', 'wrong-password'));
    expect(statuses(answers).every((s) => s === 401)).toBe(true);
    // An address that has guessed before may not guess again, even with the right password ...
    expect((await login(ipOf(0), 'team_leader', 'demo1234')).status).toBe(429);
    // ... a fresh one gets its one try: the owner signs in,
    expect((await login('10.4.0.1', 'team_leader', 'demo1234')).status).toBe(200);
    // and a fresh guesser is checked once, then refused.
    expect((await login('10.4.0.2', 'team_leader', 'wrong-password')).status).toBe(401);
    expect((await login('10.4.0.2', 'team_leader', 'wrong-password')).status).toBe(429);
  });

  it('does not keep attempts forever: each attempt deletes some expired ones, a success forgets its own failures', async () => {
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await app.db('authAttempts').insert(Array.from({ length: 30 }, (_v, i) => ({ kind: 'login', username: 'x', ip: `10.5.0.${i}`, at: old })));
    expect((await login('10.5.1.1', 'admin', 'wrong-password')).status).toBe(401);
    expect((await login('10.5.1.1', 'admin', 'wrong-password')).status).toBe(401);
    const expired = await app.db('authAttempts').where('at', '<=', old).count({ n: '*' }).first();
    expect(Number(expired!.n)).toBe(0);
    expect(await app.db('authAttempts').where({ ip: '10.5.1.1' })).toHaveLength(2);
    expect((await login('10.5.1.1', 'admin', 'demo1234')).status).toBe(200);
    expect(await app.db('authAttempts').where({ ip: '10.5.1.1' })).toEqual([]);
    // The audit keeps the failures.
    expect(await app.db('activityLogs').where({ action: 'login_failed', ip: '10.5.1.1' })).toHaveLength(2);
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

describe('registration throttling', () => {
  const person = (username: string) => ({ username, password: 'correct horse battery', firstName: 'Lin', lastName: 'Zhou' });
  const userCount = async () => Number((await app.db('users').count({ n: '*' }).first())!.n);

  it('lets one IP register at most MAX_REGISTRATIONS_PER_IP accounts an hour out of 12 parallel tries, refusing the rest with 429', async () => {
    const before = await userCount();
    const answers = await Promise.all(Array.from({ length: 12 }, (_v, i) => from('10.6.0.1').post('/api/register', person(`burst${i}`))));
    const list = statuses(answers);
    expect(count(list, 201)).toBeLessThanOrEqual(MAX_REGISTRATIONS_PER_IP);
    expect(count(list, 429)).toBe(12 - count(list, 201));
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/too many registrations/i);
    // Nothing else was created, and each account's audit row carries the IP.
    expect(await userCount()).toBe(before + count(list, 201));
    const logged = await app.db('activityLogs').where({ action: 'register', ip: '10.6.0.1' });
    expect(logged).toHaveLength(count(list, 201));
    // A burst may get fewer than the limit (its tries count each other in flight), never more;
    // one by one, the IP gets exactly MAX_REGISTRATIONS_PER_IP in all.
    for (let registered = count(list, 201); registered < MAX_REGISTRATIONS_PER_IP; registered++) {
      expect((await from('10.6.0.1').post('/api/register', person(`late${registered}`))).status).toBe(201);
    }
    expect((await from('10.6.0.1').post('/api/register', person('onetoomany'))).status).toBe(429);
    expect(await userCount()).toBe(before + MAX_REGISTRATIONS_PER_IP);
    // Another address may still register.
    expect((await from('10.6.0.2').post('/api/register', person('elsewhere'))).status).toBe(201);
  });
});
