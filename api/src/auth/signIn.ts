import type { Knex } from 'knex';
import type { SecondFactorTaken } from '@kernel/auth/secondFactor';
import { logActivity } from '../activity/logActivity';
import type { Ctx } from '../foundation/appState';
import { heldFieldGroups } from '../permissions/access';
import { User } from '../users/User';

/**
 * Signs `user` in: last sign-in stamped and logged (`login`, with the second factor taken, if
 * any), then the session started.
 */
export async function completeSignIn(ctx: Ctx, user: User, secondFactor?: SecondFactorTaken): Promise<void> {
  const { db } = ctx.state;
  user.lastLoginAt = new Date();
  await db.transaction(async (trx) => {
    await User.query(trx).findById(user.id).patch({ lastLoginAt: user.lastLoginAt! });
    await logActivity(trx, ctx, { action: 'login', entityType: 'user', entityId: user.id, actor: user,
      changes: secondFactor ? { secondFactor } : undefined });
  });
  await startSession(ctx, user, secondFactor);
}

/** A fresh session id (no session fixation) holding the user and no pending step. */
export async function startSession(ctx: Ctx, user: User, secondFactor?: SecondFactorTaken): Promise<void> {
  ctx.session!.userId = user.id;
  ctx.session!.signedInAt = Date.now();
  ctx.session!.secondFactorAt = secondFactor ? Date.now() : undefined;
  ctx.session!.pending = undefined;
  await ctx.session!.regenerate();
  ctx.state.user = user;
}

/**
 * Who is signed in, as the admin is told at sign-in and by GET /api/user: the account, and the
 * field groups its role holds, so the screens hide what the server withholds without asking more.
 */
export async function signedInAnswer(db: Knex, user: User) {
  return { ...user.toPublic(), fieldGroups: await heldFieldGroups(db, user) };
}
