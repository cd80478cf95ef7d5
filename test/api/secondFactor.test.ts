import { install, type Clock } from '@sinonjs/fake-timers';
import { Secret, TOTP } from 'otpauth';
import type { Role } from '@kernel/users/roles';
import { MAX_WRONG_CODES, RECOVERY_CODE_COUNT } from '@kernel/auth/secondFactor';
import { HttpClient } from '../helpers/httpClient';
import { SoftPasskey } from '../helpers/softAuthenticator';
import { useSignedInApp } from '../helpers/testApp';
import { resealSecrets, seal, unseal } from '../../api/src/db/sealedSecret';

/*
 * The second factor (DESIGN §16): TOTP by the clock this test sets (the server shares this
 * process's Date), passkeys by a software authenticator (helpers/softAuthenticator.ts), recovery
 * codes, the throttle, a role that requires it, an administrator's reset and the fresh check a new
 * API token needs.
 */
const { app, admin } = useSignedInApp({ admin: 'admin' });
const PASSWORD = 'second-factor-7';
const STEP_MS = 30_000;

/** The wall clock (Date alone), held still at `at` (or moved on to it): timers and I/O run as usual. */
let dateOnly: Clock | undefined;
const clock = {
  at: Date.now(),
  set(at: number) {
    this.at = at;
    dateOnly?.setSystemTime(at);
  },
  move(ms: number) { this.set(this.at + ms); },
};
beforeAll(() => {
  // Mid-step: a code of this step stays this step's whatever the test's pace.
  dateOnly = install({ toFake: ['Date'], now: Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2 });
  clock.set(dateOnly.now);
});
afterAll(() => dateOnly?.uninstall());

const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

let serial = 0;
async function account(role: Role = 'biller') {
  const user = await admin.create('/api/users', { username: `factor${(serial += 1)}`, password: PASSWORD,
    firstName: 'Wei', lastName: 'Chen', role, status: 'active' });
  const client = new HttpClient(app.url);
  expect((await client.login(user.username, PASSWORD)).body).toMatchObject({ id: user.id });
  return { id: user.id as number, username: user.username as string, client };
}

/** Sets up an authenticator app on a signed-in account: its secret and recovery codes. */
async function enrol(client: HttpClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await client.post('/api/second-factors/totp');
  expect(started.status).toBe(200);
  expect(started.body.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  const confirmed = await client.post('/api/second-factors/totp/confirm', { code: codeAt(started.body.secret, clock.at) });
  expect(confirmed.status).toBe(200);
  return { secret: started.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

/** A password sign-in that must go on with a second step: the client, waiting for a code. */
async function passwordStep(username: string, step: 'verify' | 'enrol' = 'verify', factors = step === 'verify' ? ['totp'] : []): Promise<HttpClient> {
  const client = new HttpClient(app.url);
  const answer = await client.login(username, PASSWORD);
  expect(answer.body).toEqual({ secondFactor: step, factors });
  expect((await client.get('/api/user')).status).toBe(401);
  return client;
}

const logOf = (id: number, action: string) => app.db('activityLogs').where({ entityType: 'user', entityId: String(id), action })
  .orderBy('id').select('userId', 'changes');

describe('an authenticator app (TOTP)', () => {
  it('keeps its secret sealed at rest, opened by any session key and sealed anew under the first at the next start', async () => {
    const { id, client } = await account();
    const { secret } = (await client.post('/api/second-factors/totp')).body;
    const stored = async () => (await app.db('userFactors').where({ userId: id, kind: 'totp' }).first('secret')).secret as string;
    // A copy of the database does not give the app's secret away.
    expect(await stored()).toMatch(/^v1\./);
    expect(await stored()).not.toContain(secret);
    expect(unseal(await stored(), app.config.sessionKeys, 'totp')?.plain).toBe(secret);

    // Keys rotated (a new one first, the old one still listed): the next start seals it under the new one, once.
    const rotated = ['rotated-session-key', ...app.config.sessionKeys];
    expect(await resealSecrets(app.db, rotated)).toEqual({ resealed: 1, unreadable: 0 });
    expect(await resealSecrets(app.db, rotated)).toEqual({ resealed: 0, unreadable: 0 });
    expect(unseal(await stored(), ['rotated-session-key'], 'totp')?.plain).toBe(secret);
    // This app runs on the old key alone, which no longer opens it: its code is refused, as a wrong one is.
    expect(await resealSecrets(app.db, app.config.sessionKeys)).toEqual({ resealed: 0, unreadable: 1 });
    const refused = await client.post('/api/second-factors/totp/confirm', { code: codeAt(secret, clock.at) });
    expect(refused).toMatchObject({ status: 400, body: { fields: { code: { code: 'wrong_code' } } } });
    // Sealed under its key again: the same code is taken.
    await app.db('userFactors').where({ userId: id, kind: 'totp' }).update({ secret: seal(secret, app.config.sessionKeys, 'totp') });
    expect((await client.post('/api/second-factors/totp/confirm', { code: codeAt(secret, clock.at) })).status).toBe(200);
    // One stored before secrets were sealed is sealed at the next start.
    await app.db('userFactors').where({ userId: id, kind: 'totp' }).update({ secret });
    expect(await resealSecrets(app.db, app.config.sessionKeys)).toEqual({ resealed: 1, unreadable: 0 });
    expect(unseal(await stored(), app.config.sessionKeys, 'totp')).toEqual({ plain: secret, keyIndex: 0 });
  });

  it('is set up by its first code, brings ten recovery codes, and then the sign-in asks for a code', async () => {
    const { id, username, client } = await account();
    const { secret, recoveryCodes } = await enrol(client);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await client.get('/api/second-factors')).body).toMatchObject({ required: false, recoveryCodesLeft: 10,
      factors: [{ kind: 'totp', lastUsedAt: expect.any(String) }] });
    // Kept as digests only.
    const kept = (await app.db('recoveryCodes').where({ userId: id }).select('codeHash')).map((row) => row.codeHash);
    expect(kept.some((hash: string) => recoveryCodes.some((code) => hash.includes(code.replace('-', ''))))).toBe(false);

    clock.move(STEP_MS);
    const pending = await passwordStep(username);
    const signedIn = await pending.post('/api/login/second-factor', { code: codeAt(secret, clock.at) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ id, username });
    expect((await pending.get('/api/user')).body).toMatchObject({ id });
    expect((await logOf(id, 'login')).at(-1)).toMatchObject({ userId: id, changes: { secondFactor: 'totp' } });
    expect(await logOf(id, 'second_factor_added')).toHaveLength(1);
    // Starting the set-up is logged with its write, never with the secret.
    expect(await logOf(id, 'second_factor_setup')).toEqual([{ userId: id, changes: { kind: 'totp' } }]);
  });

  it('takes a code one step early or late, not two, and no code twice', async () => {
    const { username, client } = await account();
    const { secret } = await enrol(client);
    const tryCode = async (at: number) => (await (await passwordStep(username)).post('/api/login/second-factor', { code: codeAt(secret, at) })).status;
    // Each check a step later than the last: the step of a code taken before is no longer new.
    clock.move(10 * STEP_MS);
    expect(await tryCode(clock.at - 2 * STEP_MS)).toBe(400);
    expect(await tryCode(clock.at - STEP_MS)).toBe(200);
    expect(await tryCode(clock.at - STEP_MS)).toBe(400); // the same code again
    expect(await tryCode(clock.at)).toBe(200);
    expect(await tryCode(clock.at)).toBe(400);
    expect(await tryCode(clock.at + 2 * STEP_MS)).toBe(400);
    expect(await tryCode(clock.at + STEP_MS)).toBe(200);
    // A code older than the last one taken is refused, though within the drift.
    clock.move(STEP_MS);
    expect(await tryCode(clock.at - STEP_MS)).toBe(400);
    const refused = await (await passwordStep(username)).post('/api/login/second-factor', { code: '000000' });
    expect(refused.body).toMatchObject({ code: 'invalid_input', fields: { code: { code: 'wrong_code' } } });
  });

  it('of two sign-ins racing with one code, lets one in', async () => {
    const { username, client } = await account();
    const { secret } = await enrol(client);
    clock.move(STEP_MS);
    const [a, b] = [await passwordStep(username), await passwordStep(username)];
    const code = codeAt(secret, clock.at);
    const statuses = await Promise.all([a, b].map(async (c) => (await c.post('/api/login/second-factor', { code })).status));
    expect(statuses.sort()).toEqual([200, 400]);
  });

  it('tells a person whose app no server key opens to use a recovery code, counting the try as a wrong code', async () => {
    const { id, username, client } = await account();
    const { secret, recoveryCodes } = await enrol(client);
    // Sealed under a key the server no longer lists (SESSION_KEYS replaced, not rotated).
    await app.db('userFactors').where({ userId: id, kind: 'totp' }).update({ secret: seal(secret, ['a-key-gone-since'], 'totp') });
    clock.move(STEP_MS);
    const pending = await passwordStep(username);
    const refused = await pending.post('/api/login/second-factor', { code: codeAt(secret, clock.at) });
    expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_input', fields: { code: { code: 'app_unreadable' } } } });
    expect((await logOf(id, 'login_failed')).filter((row) => row.changes.reason === 'second_factor')).toHaveLength(1);
    // A recovery code typed wrong is still a wrong code; a right one signs in.
    expect((await pending.post('/api/login/second-factor', { code: 'zzzz-zzzz' })).body)
      .toMatchObject({ fields: { code: { code: 'wrong_code' } } });
    expect((await pending.post('/api/login/second-factor', { code: recoveryCodes[0] })).status).toBe(200);
  });

  it('refuses a sixth wrong code in 15 minutes with 429, the right one too, and logs each wrong one', async () => {
    const { id, username, client } = await account();
    const { secret } = await enrol(client);
    clock.move(STEP_MS);
    const pending = await passwordStep(username);
    for (let i = 0; i < MAX_WRONG_CODES; i++) {
      expect((await pending.post('/api/login/second-factor', { code: String(100000 + i) })).status).toBe(400);
    }
    const locked = await pending.post('/api/login/second-factor', { code: codeAt(secret, clock.at) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // From another sign-in of the account too: the count is the account's.
    expect((await (await passwordStep(username)).post('/api/login/second-factor', { code: codeAt(secret, clock.at) })).status).toBe(429);
    expect((await logOf(id, 'login_failed')).filter((row) => row.changes.reason === 'second_factor')).toHaveLength(MAX_WRONG_CODES);
    clock.move(15 * 60_000 + STEP_MS);
    const later = await passwordStep(username);
    expect((await later.post('/api/login/second-factor', { code: codeAt(secret, clock.at) })).status).toBe(200);
  });
});

describe('recovery codes', () => {
  it('sign in once each, in any case and spacing', async () => {
    const { id, username, client } = await account();
    const { recoveryCodes: [first, second] } = await enrol(client);
    const use = async (code: string) => (await (await passwordStep(username)).post('/api/login/second-factor', { code })).status;
    expect(await use(first.toUpperCase().replace('-', ' '))).toBe(200);
    expect(await use(first)).toBe(400);
    expect(await use(second)).toBe(200);
    expect((await logOf(id, 'login')).at(-1)).toMatchObject({ changes: { secondFactor: 'recovery_code' } });
    expect((await client.get('/api/second-factors')).body.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 2);
  });

  it('are renewed only after a fresh check, the old ones void', async () => {
    const { username, client } = await account();
    const { secret, recoveryCodes } = await enrol(client);
    clock.move(6 * 60_000);
    expect((await client.post('/api/second-factors/recovery-codes')).body).toMatchObject({ code: 'second_factor_required' });
    expect((await client.post('/api/second-factors/check', { code: codeAt(secret, clock.at) })).status).toBe(204);
    const renewed = await client.post('/api/second-factors/recovery-codes');
    expect(renewed.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await (await passwordStep(username)).post('/api/login/second-factor', { code: recoveryCodes[0] })).status).toBe(400);
    expect((await (await passwordStep(username)).post('/api/login/second-factor', { code: renewed.body.recoveryCodes[0] })).status).toBe(200);
  });
});

describe('a role that requires a second factor', () => {
  afterEach(async () => {
    const { body } = await admin.get('/api/permissions');
    await admin.put('/api/permissions', { secondFactorRoles: [], version: body.version });
  });

  it('leads its people through enrolment at their next sign-in, and keeps their last factor', async () => {
    const { id, username } = await account('team_leader');
    const { body: matrix } = await admin.get('/api/permissions');
    expect(matrix.secondFactorRoles).toEqual([]);
    const put = await admin.put('/api/permissions', { secondFactorRoles: ['team_leader'], version: matrix.version });
    expect(put.body.secondFactorRoles).toEqual(['team_leader']);
    expect((await app.db('activityLogs').where({ entityType: 'permission' }).orderBy('id', 'desc').first()).changes)
      .toEqual({ secondFactorRoles: { before: [], after: ['team_leader'] } });

    const pending = await passwordStep(username, 'enrol');
    // Nothing else is open before enrolment: the session is nobody's.
    expect((await pending.get('/api/orders')).status).toBe(401);
    expect((await pending.post('/api/second-factors/totp')).status).toBe(401);
    const { body: app1 } = await pending.post('/api/login/second-factor/enrolment');
    const { body: app2 } = await pending.post('/api/login/second-factor/enrolment');
    // Only the app set up last counts.
    expect((await pending.post('/api/login/second-factor', { code: codeAt(app1.secret, clock.at) })).status).toBe(400);
    const done = await pending.post('/api/login/second-factor', { code: codeAt(app2.secret, clock.at) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id, recoveryCodes: expect.any(Array) });
    expect((await pending.get('/api/second-factors')).body).toMatchObject({ required: true, factors: [{ kind: 'totp' }] });

    const [factor] = (await pending.get('/api/second-factors')).body.factors;
    expect((await pending.delete(`/api/second-factors/${factor.id}`)).body).toMatchObject({ code: 'last_factor' });
    expect((await pending.get('/api/second-factors')).body.factors).toHaveLength(1);
  });
  it('or through a passkey instead, made at that sign-in; a sign-in that verifies may not enrol', async () => {
    const { id, username } = await account('team_leader');
    const { body: matrix } = await admin.get('/api/permissions');
    expect((await admin.put('/api/permissions', { secondFactorRoles: ['team_leader'], version: matrix.version })).status).toBe(200);
    const pending = await passwordStep(username, 'enrol');
    const passkey = new SoftPasskey(app.url);
    const options = await pending.post('/api/login/second-factor/passkey-registration');
    expect(options.body).toMatchObject({ challenge: expect.any(String), user: { name: username } });
    const done = await pending.post('/api/login/second-factor/passkey', { passkey: passkey.register(options.body) });
    expect(done.body).toMatchObject({ id, recoveryCodes: expect.any(Array) });
    expect((await logOf(id, 'login')).at(-1)).toMatchObject({ changes: { secondFactor: 'passkey' } });
    expect((await pending.get('/api/second-factors')).body).toMatchObject({ factors: [{ kind: 'passkey' }] });
    // Its next sign-in verifies the passkey: enrolling another there is refused.
    const next = await passwordStep(username, 'verify', ['passkey']);
    expect((await next.post('/api/login/second-factor/passkey-registration')).status).toBe(401);
    expect((await next.post('/api/login/second-factor/passkey', { passkey: new SoftPasskey(app.url).register({ challenge: 'x' }) })).status).toBe(401);
    expect((await app.db('userFactors').where({ userId: id })).map((row) => row.kind)).toEqual(['passkey']);
  });
});

describe('an administrator', () => {
  it('resets a person\'s factors, logged: their next sign-in is one step again', async () => {
    const { id, username, client } = await account();
    await enrol(client);
    await passwordStep(username);
    const reset = await admin.delete(`/api/users/${id}/second-factors`);
    expect(reset.body).toEqual({ id, factorsRemoved: 1 });
    expect(await logOf(id, 'reset_second_factor')).toEqual([{ userId: expect.any(Number), changes: { factorsRemoved: 1 } }]);
    expect((await new HttpClient(app.url).login(username, PASSWORD)).body).toMatchObject({ id });
    expect(await app.db('recoveryCodes').where({ userId: id })).toEqual([]);
  });

  it('or a manager, of the accounts they manage only', async () => {
    const manager = new HttpClient(app.url);
    await manager.login('manager');
    const [staff, chief] = [await account('biller'), await account('director')];
    await enrol(staff.client);
    await enrol(chief.client);
    expect((await manager.delete(`/api/users/${chief.id}/second-factors`)).body).toMatchObject({ code: 'manage_denied' });
    expect((await manager.delete(`/api/users/${staff.id}/second-factors`)).body).toEqual({ id: staff.id, factorsRemoved: 1 });
    expect((await chief.client.get('/api/second-factors')).body.factors).toHaveLength(1);
  });
});

describe('a new API token', () => {
  it('needs a code within the last 5 minutes of whoever has a factor', async () => {
    const { id, client } = await account('admin');
    const { secret } = await enrol(client);
    const token = { name: 'ERP', userId: id, expiresInDays: 30 };
    expect((await client.post('/api/api-tokens', token)).status).toBe(201);
    clock.move(5 * 60_000 + 1_000);
    expect((await client.post('/api/api-tokens', token)).body).toMatchObject({ code: 'second_factor_required' });
    expect(await app.db('apiTokens').where({ userId: id }).count({ n: '*' }).first()).toEqual({ n: 1 });
    expect((await client.post('/api/second-factors/check', { code: codeAt(secret, clock.at) })).status).toBe(204);
    expect((await client.post('/api/api-tokens', { ...token, name: 'ERP 2' })).status).toBe(201);
  });
});

describe('a passkey', () => {
  /** A passkey made on a signed-in account through the registration ceremony: the authenticator and the server's answer. */
  async function addPasskey(client: HttpClient) {
    const passkey = new SoftPasskey(app.url);
    const options = await client.post('/api/second-factors/passkey/registration');
    expect(options.body).toMatchObject({ challenge: expect.any(String), rp: { id: '127.0.0.1' }, attestation: 'none' });
    const added = await client.post('/api/second-factors/passkey', { passkey: passkey.register(options.body) });
    expect(added.status).toBe(201);
    return { passkey, added: added.body };
  }
  /** A password sign-in's second step by `passkey`: the client and the server's answer. */
  async function signInWith(username: string, passkey: SoftPasskey, answer = (options: { challenge: string }) => passkey.assert(options)) {
    const client = await passwordStep(username, 'verify', ['passkey']);
    const options = await client.post('/api/login/second-factor/passkey-challenge');
    expect(options.body).toMatchObject({ rpId: '127.0.0.1', allowCredentials: [{ id: passkey.id.toString('base64url') }] });
    return { client, answer: await client.post('/api/login/second-factor', { passkey: answer(options.body) }) };
  }

  it('is made by the registration ceremony, logged, and brings the first recovery codes', async () => {
    const { id, client } = await account();
    const { added } = await addPasskey(client);
    expect(added.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await client.get('/api/second-factors')).body).toMatchObject({ factors: [{ kind: 'passkey', lastUsedAt: null }],
      recoveryCodesLeft: RECOVERY_CODE_COUNT });
    expect(await logOf(id, 'second_factor_added')).toEqual([{ userId: id, changes: { kind: 'passkey', factorId: expect.any(Number) } }]);
    // A second one excludes the first, and brings no new codes.
    const again = await client.post('/api/second-factors/passkey/registration');
    expect(again.body.excludeCredentials).toHaveLength(1);
    const second = new SoftPasskey(app.url);
    expect((await client.post('/api/second-factors/passkey', { passkey: second.register(again.body) })).body).toEqual({ recoveryCodes: null });
    // An answer to a challenge taken already, or made for another site, is not kept.
    expect((await client.post('/api/second-factors/passkey', { passkey: second.register(again.body) })).body)
      .toMatchObject({ fields: { passkey: { code: 'wrong_code' } } });
    const elsewhere = await client.post('/api/second-factors/passkey/registration');
    expect((await client.post('/api/second-factors/passkey', { passkey: new SoftPasskey(app.url).register(elsewhere.body, { origin: 'https://evil.example' }) })).body)
      .toMatchObject({ fields: { passkey: { code: 'wrong_code' } } });
    expect((await client.get('/api/second-factors')).body.factors).toHaveLength(2);
  });

  it('signs in once per challenge: a replay, a race of one answer, a key that went back, another\'s key or site are refused', async () => {
    const { id, username, client } = await account();
    const { passkey } = await addPasskey(client);
    const { answer } = await signInWith(username, passkey);
    expect(answer.body).toMatchObject({ id });
    expect((await logOf(id, 'login')).at(-1)).toMatchObject({ changes: { secondFactor: 'passkey' } });
    expect(Number((await app.db('userFactors').where({ userId: id }).first('signCount')).signCount)).toBe(1);

    // The same answer again, on a new sign-in with its own challenge.
    let replayed: ReturnType<SoftPasskey['assert']> | undefined;
    const first = await signInWith(username, passkey, (options) => (replayed = passkey.assert(options)));
    expect(first.answer.status).toBe(200);
    const replay = await signInWith(username, passkey, () => replayed!);
    expect(replay.answer.body).toMatchObject({ fields: { passkey: { code: 'wrong_code' } } });

    // Two requests of one sign-in with one answer: one gets in.
    const racing = await passwordStep(username, 'verify', ['passkey']);
    const options = (await racing.post('/api/login/second-factor/passkey-challenge')).body;
    const signed = passkey.assert(options);
    const statuses = await Promise.all([0, 1].map(() => racing.post('/api/login/second-factor', { passkey: signed })));
    expect(statuses.map((s) => s.status).sort()).toEqual([200, 400]);

    // A counter lower than the last one seen (a cloned key), a page of another site, a key of no one's here.
    const cloned = await signInWith(username, passkey, (o) => passkey.assert(o, { counter: 1 }));
    expect(cloned.answer.status).toBe(400);
    const phished = await signInWith(username, passkey, (o) => passkey.assert(o, { origin: 'https://evil.example' }));
    expect(phished.answer.status).toBe(400);
    const stranger = new SoftPasskey(app.url);
    const other = await signInWith(username, passkey, (o) => stranger.assert(o));
    expect(other.answer.status).toBe(400);
    expect(await logOf(id, 'login_failed')).toHaveLength(5);
    // Right again: the throttle's count of wrong ones is forgiven.
    expect((await signInWith(username, passkey)).answer.status).toBe(200);
  });

  it('checks a person before a new API token, and has no challenge for someone without one', async () => {
    const { id, client } = await account('admin');
    expect((await client.post('/api/second-factors/passkey-challenge')).body).toMatchObject({ code: 'not_found' });
    const { passkey } = await addPasskey(client);
    clock.move(5 * 60_000 + 1_000);
    const token = { name: 'ERP by passkey', userId: id, expiresInDays: 30 };
    expect((await client.post('/api/api-tokens', token)).body).toMatchObject({ code: 'second_factor_required' });
    const options = (await client.post('/api/second-factors/passkey-challenge')).body;
    expect((await client.post('/api/second-factors/check', { passkey: passkey.assert(options) })).status).toBe(204);
    expect((await client.post('/api/api-tokens', token)).status).toBe(201);
    // A body of both a code and a passkey, or of neither, is refused naming them.
    expect((await client.post('/api/second-factors/check', { code: '123456', passkey: passkey.assert(options) })).status).toBe(400);
    expect((await client.post('/api/second-factors/check', {})).status).toBe(400);
  });
});
