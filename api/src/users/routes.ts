import Router from '@koa/router';
import Joi from 'joi';
import type { Knex } from 'knex';
import { logActivity } from '../activity/logActivity';
import type { AppState } from '../foundation/appState';
import { hashPassword } from '../auth/passwords';
import { httpError } from '../foundation/httpError';
import { requirePage } from '../middleware/guard';
import { resetFactors } from '../auth/secondFactor';
import { endSessionsOf } from '../middleware/session';
import { takes, type Input } from '../middleware/validate';
import type { Ctx } from '../resources/resource';
import { recordId } from '../resources/fields';
import { pathId } from '../resources/pathId';
import { present } from '../resources/resourceRoutes';
import { liveQuery } from '../resources/liveQuery';
import { endSession, sessionHandle, sessionsOf } from './sessions';
import { User } from './User';
import { assertMayManage, newPassword } from './userRules';
import { usersResource } from './usersResource';

const resetSchema = Joi.object({ password: newPassword() });

/** The live user an administrator (or a manager, for non-admins) acts on: locked `toWrite`, else only read. */
async function managedUser(ctx: Ctx, db: Knex | Knex.Transaction, id: number, { toWrite = true } = {}): Promise<User> {
  const read = User.query(db).modify('live').findById(id);
  const user = await (toWrite ? read.forUpdate() : read);
  if (!user) throw httpError('not_found', `No user with id ${id}`, { params: { entity: 'user', id } });
  assertMayManage(ctx.state.user!, user);
  return user;
}

/** Ends the user's sessions in the store; one's own current session too, or koa-session would save it back. */
async function endSessions(ctx: Ctx, trx: Knex.Transaction, id: number): Promise<number> {
  const ended = await trx('sessions').where({ userId: id }).count({ n: '*' }).first();
  await endSessionsOf(trx, id);
  if (id === ctx.state.user!.id) ctx.session = null;
  return Number(ended?.n ?? 0);
}

/** Sets a new password (registration rules) and signs the user out everywhere. */
async function resetPassword(ctx: Ctx, { body: { password } }: Input<{ password: string }>) {
  const id = pathId(ctx);
  const passwordHash = await hashPassword(password, ctx.state.config.passwordHashCost);
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    await managedUser(ctx, trx, id);
    await User.query(trx).findById(id).patch({ passwordHash });
    const sessionsEnded = await endSessions(ctx, trx, id);
    await logActivity(trx, ctx, { action: 'reset_password', entityType: 'user', entityId: id,
      changes: { passwordHash: { changed: true }, sessionsEnded } });
    return present(usersResource, (await liveQuery(usersResource, trx, await usersResource.scope?.(ctx, trx)).findById(id))!);
  });
}

async function signOutEverywhere(ctx: Ctx) {
  const id = pathId(ctx);
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    await managedUser(ctx, trx, id);
    const sessionsEnded = await endSessions(ctx, trx, id);
    await logActivity(trx, ctx, { action: 'sign_out_everywhere', entityType: 'user', entityId: id,
      changes: { sessionsEnded } });
    return { id, sessionsEnded };
  });
}

/** Where a user one manages is signed in (users/sessions.ts). */
async function userSessions(ctx: Ctx) {
  const id = pathId(ctx);
  await managedUser(ctx, ctx.state.db, id, { toWrite: false });
  ctx.body = await sessionsOf(ctx, id);
}

/** Ends one session of a user one manages. */
async function endUserSession(ctx: Ctx, { params }: Input<unknown, unknown, { sessionId: string }>) {
  const id = pathId(ctx);
  await ctx.state.db.transaction(async (trx) => {
    await managedUser(ctx, trx, id);
    await endSession(ctx, trx, id, params.sessionId);
  });
  ctx.body = { sessionsEnded: 1 };
}

/**
 * A reset of a person's second factors (a lost phone), by whoever manages their account, as a
 * password reset: they enrol anew at their next sign-in where their role requires it.
 */
async function resetSecondFactors(ctx: Ctx) {
  const id = pathId(ctx);
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    await managedUser(ctx, trx, id);
    const factorsRemoved = await resetFactors(trx, id);
    await logActivity(trx, ctx, { action: 'reset_second_factor', entityType: 'user', entityId: id, changes: { factorsRemoved } });
    return { id, factorsRemoved };
  });
}

export const userRoutes = new Router<AppState>({ prefix: '/api/users' })
  .post('/:id/reset-password', requirePage('users'), takes({ body: resetSchema }, resetPassword))
  .post('/:id/sign-out-everywhere', requirePage('users'), signOutEverywhere)
  .get('/:id/sessions', requirePage('users'), userSessions)
  .delete('/:id/second-factors', requirePage('users'), resetSecondFactors)
  .delete('/:id/sessions/:sessionId', requirePage('users'),
    takes({ params: Joi.object({ id: recordId().required(), sessionId: sessionHandle() }) }, endUserSession));
