import Router from '@koa/router';
import Joi from 'joi';
import type { Knex } from 'knex';
import { logActivity } from '../activity/logActivity';
import type { AppState, Ctx } from '../foundation/appState';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';
import { requireSecondStep, requireUser } from '../middleware/guard';
import { takes, type Input } from '../middleware/validate';
import { recordId } from '../resources/fields';
import { User } from '../users/User';
import type { FactorKind, SecondStep } from '@kernel/auth/secondFactor';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { addPasskey, assertionOptions, registrationOptions, takePasskey } from './passkeys';
import {
  factorKinds, hasFactor, newRecoveryCodes, refusedForUnreadableApp, removeFactor, requiredFor, requireFreshCheck, startTotp, statusOf, takeCode, type TakenCode,
} from './secondFactor';
import { completeSignIn, signedInAnswer } from './signIn';
import { admitSecondFactor, secondFactorSucceeded, withAttempt } from './throttle';

/** A code as typed: six digits of an app, or a recovery code (letters, digits, a dash, spaces). */
const code = Joi.string().trim().min(6).max(20).pattern(/^[A-Za-z0-9\s-]+$/);
const codeSchema = Joi.object({ code: code.required() });

/** A WebAuthn answer as @simplewebauthn/browser sends it (its fields are checked by @simplewebauthn/server). */
const credential = (response: Record<string, Joi.Schema>) => Joi.object({
  id: Joi.string().max(1400).pattern(/^[A-Za-z0-9_-]+$/).required(),
  rawId: Joi.string().max(1400).pattern(/^[A-Za-z0-9_-]+$/).required(),
  type: Joi.string().valid('public-key').required(),
  response: Joi.object(response).unknown(true).required(),
  clientExtensionResults: Joi.object().unknown(true).required(),
  authenticatorAttachment: Joi.string().valid('platform', 'cross-platform').allow(null),
});
const base64url = (max: number) => Joi.string().max(max).pattern(/^[A-Za-z0-9_-]*$/);
const assertion = credential({ clientDataJSON: base64url(4096).required(), authenticatorData: base64url(4096).required(),
  signature: base64url(1024).required(), userHandle: base64url(1024).allow(null) });
const attestation = credential({ clientDataJSON: base64url(4096).required(), attestationObject: base64url(16_384).required(),
  transports: Joi.array().items(Joi.string().max(20)).max(10) });

/** A proof of one's second factor: a code, or a passkey's signature over the session's challenge. */
type Proof = { code: string; passkey?: undefined } | { code?: undefined; passkey: AuthenticationResponseJSON };
const proofSchema = Joi.object({ code, passkey: assertion }).xor('code', 'passkey');
const passkeyBody = Joi.object({ passkey: attestation.required() });

/** The second step a password sign-in of `user` needs, if any: a proof of their factor, or enrolling one their role requires. */
export async function secondStepOf(db: Knex, user: User): Promise<SecondStep | undefined> {
  const factors = await factorKinds(db, user.id);
  if (factors.length > 0) return { secondFactor: 'verify', factors };
  return (await requiredFor(db, user.role)) ? { secondFactor: 'enrol', factors } : undefined;
}

/** The session waits for the second step: nobody is signed in on it meanwhile. */
export async function awaitSecondStep(ctx: Ctx, user: User, step: SecondStep): Promise<void> {
  ctx.session!.userId = undefined;
  ctx.session!.pending = { userId: user.id, at: Date.now(), enrol: step.secondFactor === 'enrol' };
  await ctx.session!.regenerate();
}

/** The user whose password this session took (requireSecondStep), while they may still sign in; else 401. */
async function pendingUser(ctx: Ctx): Promise<{ user: User; enrol: boolean }> {
  const pending = ctx.session!.pending!;
  const user = await User.query(ctx.state.db).modify('live').findById(pending.userId);
  if (!user || user.status === 'inactive') throw httpError('not_signed_in', 'This account may no longer sign in');
  return { user, enrol: pending.enrol };
}

const wrongCode = (field: 'code' | 'passkey') => fieldRefusal('invalid_input',
  field === 'code' ? 'This code is wrong, expired or used already' : 'This passkey\'s answer is not one of yours, or its challenge expired',
  field, problem('wrong_code', 'Wrong, expired or used already'));
const unreadableApp = () => fieldRefusal('invalid_input',
  'Your authenticator app cannot be checked on this server now: sign in with a recovery code, or ask an administrator',
  'code', problem('app_unreadable', 'The app\'s secret cannot be opened with the server\'s keys'));

/** Takes a code of the user's, or a passkey's signature (not while enrolling an app): undefined, refused. */
async function takeProof(ctx: Ctx, trx: Knex.Transaction, userId: number, proof: Proof, enrolling: boolean): Promise<TakenCode | undefined> {
  if (proof.code !== undefined) return takeCode(trx, userId, proof.code, { keys: ctx.state.config.sessionKeys, enrolling });
  const factorId = enrolling ? undefined : await takePasskey(ctx, trx, userId, proof.passkey);
  return factorId === undefined ? undefined : { kind: 'passkey', factorId };
}

/**
 * Takes a proof of `user`'s second factor within the throttle (5 wrong ones in 15 minutes, then
 * 429): `take` runs in a transaction with the proof taken; a wrong one is logged and refused.
 */
async function withCode<T>(ctx: Ctx, user: User, proof: Proof, enrolling: boolean,
  take: (trx: Knex.Transaction, taken: TakenCode) => Promise<T>): Promise<T> {
  const { db } = ctx.state;
  const attempt = await admitSecondFactor(db, user.id, ctx.ip);
  const result = await withAttempt(db, attempt, () => db.transaction(async (trx) => {
    const taken = await takeProof(ctx, trx, user.id, proof, enrolling);
    return taken && { value: await take(trx, taken) };
  }));
  if (!result) {
    await logActivity(db, ctx, { action: 'login_failed', entityType: 'user', entityId: user.id,
      changes: { username: user.username, reason: 'second_factor' } });
    if (proof.code === undefined) throw wrongCode('passkey');
    throw !enrolling && await refusedForUnreadableApp(db, user.id, proof.code, ctx.state.config.sessionKeys) ? unreadableApp() : wrongCode('code');
  }
  await secondFactorSucceeded(db, user.id);
  return result.value;
}

/** New codes for a person who has none left unused (a first factor): shown once. */
async function recoveryCodesIfNone(trx: Knex.Transaction, userId: number): Promise<string[] | undefined> {
  const left = await trx('recoveryCodes').where({ userId }).whereNull('usedAt').first('id');
  return left ? undefined : newRecoveryCodes(trx, userId);
}

/**
 * Enrolled: logged on the user, and the first factor brings its recovery codes. In the same
 * transaction as the code that confirmed it.
 */
async function enrolled(ctx: Ctx, trx: Knex.Transaction, user: User, kind: FactorKind, factorId: number): Promise<string[] | undefined> {
  await logActivity(trx, ctx, { action: 'second_factor_added', entityType: 'user', entityId: user.id, actor: user,
    changes: { kind, factorId } });
  return recoveryCodesIfNone(trx, user.id);
}

const enrolledApp = (ctx: Ctx, trx: Knex.Transaction, user: User, taken: TakenCode) =>
  enrolled(ctx, trx, user, 'totp', taken.kind === 'totp' ? taken.factorId : 0);

/** The second step of a sign-in: a code or passkey of the person's (or, enrolling, a code of the app just set up). */
async function secondStep(ctx: Ctx, { body: proof }: Input<Proof>) {
  const { user, enrol } = await pendingUser(ctx);
  const { taken, recoveryCodes } = await withCode(ctx, user, proof, enrol, async (trx, taken) =>
    ({ taken, recoveryCodes: enrol ? await enrolledApp(ctx, trx, user, taken) : undefined }));
  await completeSignIn(ctx, user, taken.kind);
  ctx.body = { ...await signedInAnswer(ctx.state.db, user), ...(recoveryCodes && { recoveryCodes }) };
}

/** The person of a sign-in that must enrol a factor (the role requires one); else 401. */
async function enrollingUser(ctx: Ctx): Promise<User> {
  const { user, enrol } = await pendingUser(ctx);
  if (!enrol) throw httpError('not_signed_in', 'This sign-in asks for a code of your enrolled factor');
  return user;
}

/** An authenticator app for a sign-in that must enrol one: its secret and QR address. */
async function enrolAtSignIn(ctx: Ctx) {
  ctx.body = await setUpApp(ctx, await enrollingUser(ctx));
}

/** A passkey instead, for a sign-in that must enrol one: the options for creating it. */
async function passkeyRegistrationAtSignIn(ctx: Ctx) {
  await registrationOptionsFor(ctx, await enrollingUser(ctx));
}

/** The passkey created for a sign-in that must enrol one: kept, and the sign-in done, with the first recovery codes. */
async function passkeyAtSignIn(ctx: Ctx, { body: { passkey } }: Input<{ passkey: RegistrationResponseJSON }>) {
  const user = await enrollingUser(ctx);
  const recoveryCodes = await keepPasskey(ctx, user, passkey);
  await completeSignIn(ctx, user, 'passkey');
  ctx.body = { ...await signedInAnswer(ctx.state.db, user), ...(recoveryCodes && { recoveryCodes }) };
}

/** An app to set up, unconfirmed until its first code: logged on the user with the write (no secret in the log). */
async function setUpApp(ctx: Ctx, user: User) {
  return ctx.state.db.transaction(async (trx) => {
    const enrolment = await startTotp(trx, user, ctx.state.config.sessionKeys);
    await logActivity(trx, ctx, { action: 'second_factor_setup', entityType: 'user', entityId: user.id, actor: user,
      changes: { kind: 'totp' } });
    return enrolment;
  });
}

async function status(ctx: Ctx) {
  ctx.body = await statusOf(ctx.state.db, ctx.state.user!.id, ctx.state.user!.role);
}

async function startApp(ctx: Ctx) {
  ctx.body = await setUpApp(ctx, ctx.state.user!);
}

/** Confirms the app being set up with its first code; the first factor brings recovery codes. */
async function confirmApp(ctx: Ctx, { body: { code } }: Input<{ code: string }>) {
  const user = ctx.state.user!;
  const recoveryCodes = await withCode(ctx, user, { code }, true, (trx, taken) => enrolledApp(ctx, trx, user, taken));
  ctx.session!.secondFactorAt = Date.now();
  ctx.body = { recoveryCodes: recoveryCodes ?? null };
}

/** The options for creating a passkey of `user`'s (the browser's navigator.credentials.create), its challenge kept in the session. */
async function registrationOptionsFor(ctx: Ctx, user: User) {
  ctx.body = await registrationOptions(ctx, { id: user.id, username: user.username, displayName: user.fullName || user.username });
}

/** Keeps the passkey the authenticator created for the session's challenge, logged; the first factor brings recovery codes. */
function keepPasskey(ctx: Ctx, user: User, passkey: RegistrationResponseJSON): Promise<string[] | undefined> {
  return ctx.state.db.transaction(async (trx) => {
    const id = await addPasskey(ctx, trx, user.id, passkey);
    if (id === undefined) throw wrongCode('passkey');
    return enrolled(ctx, trx, user, 'passkey', id);
  });
}

async function addPasskeyRoute(ctx: Ctx, { body: { passkey } }: Input<{ passkey: RegistrationResponseJSON }>) {
  const recoveryCodes = await keepPasskey(ctx, ctx.state.user!, passkey);
  ctx.session!.secondFactorAt = Date.now();
  ctx.status = 201;
  ctx.body = { recoveryCodes: recoveryCodes ?? null };
}

/** The options for signing with one of `user`'s passkeys (navigator.credentials.get); 404 for someone without one. */
async function passkeyChallengeOf(ctx: Ctx, user: User) {
  const options = await assertionOptions(ctx, user.id);
  if (!options) throw httpError('not_found', 'No passkey of yours to sign with', { params: { entity: 'second_factor' } });
  ctx.body = options;
}

/** A check while signed in, by a code or a passkey: a sensitive action within FRESH_CHECK_MS may go ahead. */
async function check(ctx: Ctx, { body: proof }: Input<Proof>) {
  await withCode(ctx, ctx.state.user!, proof, false, async () => undefined);
  ctx.session!.secondFactorAt = Date.now();
  ctx.status = 204;
}

async function renewRecoveryCodes(ctx: Ctx) {
  await requireFreshCheck(ctx);
  const user = ctx.state.user!;
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    if (!(await hasFactor(trx, user.id))) throw httpError('not_found', 'Recovery codes go with a second factor: set one up first', { params: { entity: 'second_factor' } });
    const recoveryCodes = await newRecoveryCodes(trx, user.id);
    await logActivity(trx, ctx, { action: 'recovery_codes_renewed', entityType: 'user', entityId: user.id });
    return { recoveryCodes };
  });
}

async function remove(ctx: Ctx, { params: { id } }: Input<unknown, unknown, { id: number }>) {
  await requireFreshCheck(ctx);
  const user = ctx.state.user!;
  await ctx.state.db.transaction(async (trx) => {
    // One removal at a time per person: two parallel ones cannot take the last two factors.
    await User.query(trx).findById(user.id).forUpdate();
    if (!(await removeFactor(trx, user.id, id))) throw httpError('not_found', `No second factor with id ${id}`, { params: { entity: 'second_factor', id } });
    const left = await hasFactor(trx, user.id);
    if (!left && await requiredFor(trx, user.role)) {
      throw httpError('last_factor', 'Your role requires a second factor: add another before removing this one');
    }
    if (!left) await trx('recoveryCodes').where({ userId: user.id }).delete();
    await logActivity(trx, ctx, { action: 'second_factor_removed', entityType: 'user', entityId: user.id, changes: { factorId: id } });
  });
  ctx.status = 204;
}

export const secondFactorRoutes = new Router<AppState>({ prefix: '/api' })
  .post('/login/second-factor', requireSecondStep(), takes({ body: proofSchema }, secondStep))
  .post('/login/second-factor/enrolment', requireSecondStep(), enrolAtSignIn)
  .post('/login/second-factor/passkey-challenge', requireSecondStep(), async (ctx) => passkeyChallengeOf(ctx, (await pendingUser(ctx)).user))
  .post('/login/second-factor/passkey-registration', requireSecondStep(), passkeyRegistrationAtSignIn)
  .post('/login/second-factor/passkey', requireSecondStep(), takes({ body: passkeyBody }, passkeyAtSignIn))
  .get('/second-factors', requireUser(), status)
  .post('/second-factors/totp', requireUser(), startApp)
  .post('/second-factors/totp/confirm', requireUser(), takes({ body: codeSchema }, confirmApp))
  .post('/second-factors/passkey/registration', requireUser(), (ctx) => registrationOptionsFor(ctx, ctx.state.user!))
  .post('/second-factors/passkey', requireUser(), takes({ body: passkeyBody }, addPasskeyRoute))
  .post('/second-factors/passkey-challenge', requireUser(), (ctx) => passkeyChallengeOf(ctx, ctx.state.user!))
  .post('/second-factors/check', requireUser(), takes({ body: proofSchema }, check))
  .post('/second-factors/recovery-codes', requireUser(), renewRecoveryCodes)
  .delete('/second-factors/:id', requireUser(), takes({ params: Joi.object({ id: recordId().required() }) }, remove));
