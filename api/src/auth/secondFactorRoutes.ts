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
import type { SecondStep } from '@kernel/auth/secondFactor';
import {
  hasFactor, newRecoveryCodes, removeFactor, requiredFor, requireFreshCheck, startTotp, statusOf, takeCode, type TakenCode,
} from './secondFactor';
import { completeSignIn } from './signIn';
import { admitSecondFactor, secondFactorSucceeded, withAttempt } from './throttle';

/** A code as typed: six digits of an app, or a recovery code (letters, digits, a dash, spaces). */
const codeSchema = Joi.object({ code: Joi.string().trim().min(6).max(20).pattern(/^[A-Za-z0-9\s-]+$/).required() });

/** The second step a password sign-in of `user` needs, if any: a code of their factor, or enrolling one their role requires. */
export async function secondStepOf(db: Knex, user: User): Promise<SecondStep['secondFactor'] | undefined> {
  if (await hasFactor(db, user.id)) return 'verify';
  return (await requiredFor(db, user.role)) ? 'enrol' : undefined;
}

/** The session waits for the second step: nobody is signed in on it meanwhile. */
export async function awaitSecondStep(ctx: Ctx, user: User, step: SecondStep['secondFactor']): Promise<void> {
  ctx.session!.userId = undefined;
  ctx.session!.pending = { userId: user.id, at: Date.now(), enrol: step === 'enrol' };
  await ctx.session!.regenerate();
}

/** The user whose password this session took (requireSecondStep), while they may still sign in; else 401. */
async function pendingUser(ctx: Ctx): Promise<{ user: User; enrol: boolean }> {
  const pending = ctx.session!.pending!;
  const user = await User.query(ctx.state.db).modify('live').findById(pending.userId);
  if (!user || user.status === 'inactive') throw httpError('not_signed_in', 'This account may no longer sign in');
  return { user, enrol: pending.enrol };
}

const wrongCode = () => fieldRefusal('invalid_input', 'This code is wrong, expired or used already', 'code',
  problem('wrong_code', 'Wrong, expired or used already'));

/**
 * Takes a code of `user`'s within the throttle (5 wrong ones in 15 minutes, then 429): `take`
 * runs in a transaction with the code taken; a wrong code is logged and refused.
 */
async function withCode<T>(ctx: Ctx, user: User, code: string, enrolling: boolean,
  take: (trx: Knex.Transaction, taken: TakenCode) => Promise<T>): Promise<T> {
  const { db } = ctx.state;
  const attempt = await admitSecondFactor(db, user.id, ctx.ip);
  const result = await withAttempt(db, attempt, () => db.transaction(async (trx) => {
    const taken = await takeCode(trx, user.id, code, { enrolling });
    return taken && { value: await take(trx, taken) };
  }));
  if (!result) {
    await logActivity(db, ctx, { action: 'login_failed', entityType: 'user', entityId: user.id,
      changes: { username: user.username, reason: 'second_factor' } });
    throw wrongCode();
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
async function enrolled(ctx: Ctx, trx: Knex.Transaction, user: User, taken: TakenCode): Promise<string[] | undefined> {
  await logActivity(trx, ctx, { action: 'second_factor_added', entityType: 'user', entityId: user.id, actor: user,
    changes: { kind: 'totp', factorId: taken.kind === 'totp' ? taken.factorId : null } });
  return recoveryCodesIfNone(trx, user.id);
}

/** The second step of a sign-in: a code of the person's factor (or, enrolling, of the app just set up). */
async function secondStep(ctx: Ctx, { body: { code } }: Input<{ code: string }>) {
  const { user, enrol } = await pendingUser(ctx);
  const { taken, recoveryCodes } = await withCode(ctx, user, code, enrol, async (trx, taken) =>
    ({ taken, recoveryCodes: enrol ? await enrolled(ctx, trx, user, taken) : undefined }));
  await completeSignIn(ctx, user, taken.kind);
  ctx.body = { ...user.toPublic(), ...(recoveryCodes && { recoveryCodes }) };
}

/** An authenticator app for a sign-in that must enrol one: its secret and QR address. */
async function enrolAtSignIn(ctx: Ctx) {
  const { user, enrol } = await pendingUser(ctx);
  if (!enrol) throw httpError('not_signed_in', 'This sign-in asks for a code of your enrolled factor');
  ctx.body = await setUpApp(ctx, user);
}

/** An app to set up, unconfirmed until its first code: logged on the user with the write (no secret in the log). */
async function setUpApp(ctx: Ctx, user: User) {
  return ctx.state.db.transaction(async (trx) => {
    const enrolment = await startTotp(trx, user);
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
  const recoveryCodes = await withCode(ctx, user, code, true, (trx, taken) => enrolled(ctx, trx, user, taken));
  ctx.session!.secondFactorAt = Date.now();
  ctx.body = { recoveryCodes: recoveryCodes ?? null };
}

/** A check of a code while signed in: a sensitive action within FRESH_CHECK_MS may go ahead. */
async function check(ctx: Ctx, { body: { code } }: Input<{ code: string }>) {
  await withCode(ctx, ctx.state.user!, code, false, async () => undefined);
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
  .post('/login/second-factor', requireSecondStep(), takes({ body: codeSchema }, secondStep))
  .post('/login/second-factor/enrolment', requireSecondStep(), enrolAtSignIn)
  .get('/second-factors', requireUser(), status)
  .post('/second-factors/totp', requireUser(), startApp)
  .post('/second-factors/totp/confirm', requireUser(), takes({ body: codeSchema }, confirmApp))
  .post('/second-factors/check', requireUser(), takes({ body: codeSchema }, check))
  .post('/second-factors/recovery-codes', requireUser(), renewRecoveryCodes)
  .delete('/second-factors/:id', requireUser(), takes({ params: Joi.object({ id: recordId().required() }) }, remove));
