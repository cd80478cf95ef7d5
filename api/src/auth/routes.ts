import Router from '@koa/router';
import type { Context } from 'koa';
import { logActivity } from '../activity/logActivity';
import type { AppState } from '../foundation/appState';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';
import { publicRoute, requireUser } from '../middleware/guard';
import { deleteExpiredSessions, sessionIdOf } from '../middleware/session';
import { takes, type Input } from '../middleware/validate';
import { User } from '../users/User';
import { notifyRegistration } from '../notifications/notificationRules';
import { isCommonPassword } from '@kernel/auth/passwordRules';
import { hashPassword, unmatchableHash, verifyPassword } from './passwords';
import { loginSchema, registerSchema, type LoginInput, type RegisterInput } from './schemas';
import { admitLogin, admitRegistration, loginSucceeded, withAttempt } from './throttle';
import { completeSignIn, signedInAnswer, startSession } from './signIn';
import { awaitSecondStep, secondStepOf } from './secondFactorRoutes';

type Ctx = Context & { state: AppState };

const FAILED_LOGIN = 'Invalid username or password';

async function login(ctx: Ctx, { body: { username, password } }: Input<LoginInput>) {
  const { db, config } = ctx.state;
  const attempt = await admitLogin(db, username, ctx.ip);
  const user = await User.query(db).modify('live').modify('byUsername', username).first();
  const ok = await withAttempt(db, attempt, () =>
    verifyPassword(password, user?.passwordHash ?? unmatchableHash(config.passwordHashCost)));
  if (!user || !ok) {
    await logActivity(db, ctx, { action: 'login_failed', entityType: 'user', entityId: user?.id,
      changes: { username } });
    throw httpError('bad_credentials', FAILED_LOGIN);
  }
  if (user.status === 'inactive') {
    await logActivity(db, ctx, { action: 'login_failed', entityType: 'user', entityId: user.id,
      changes: { username, reason: 'inactive' } });
    throw httpError('account_inactive', 'This account is deactivated: please contact an administrator');
  }
  await loginSucceeded(db, username, ctx.ip);
  await deleteExpiredSessions(db);
  const step = await secondStepOf(db, user);
  if (step) {
    await awaitSecondStep(ctx, user, step);
    ctx.body = step;
    return;
  }
  await completeSignIn(ctx, user);
  ctx.body = await signedInAnswer(db, user);
}

async function register(ctx: Ctx, { body: input }: Input<RegisterInput>) {
  if (isCommonPassword(input.password)) {
    throw fieldRefusal('invalid_input', 'This password is too common', 'password',
      problem('too_common', 'This password is too common, choose another'));
  }
  const { db, config } = ctx.state;
  const attempt = await admitRegistration(db, ctx.ip);
  const passwordHash = await withAttempt(db, attempt, () => hashPassword(input.password, config.passwordHashCost));
  const user = await db.transaction(async (trx) => {
    // Serialise registrations so only the very first user of an empty database becomes admin.
    await trx.raw('lock table users in share row exclusive mode');
    const existing = await User.query(trx).modify('byUsername', input.username).modify('live').first();
    if (existing) {
      throw httpError('unique_violation', 'This username is already taken',
        { params: { field: 'username' }, fields: { username: problem('already_exists', 'Already exists') } });
    }
    const isFirst = (await User.query(trx).resultSize()) === 0;
    const created = await User.query(trx).insert({
      username: input.username,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email || null,
      phone: input.phone || null,
      role: isFirst ? 'admin' : 'team_leader',
      status: isFirst ? 'active' : 'pending',
    });
    await logActivity(trx, ctx, { action: 'register', entityType: 'user', entityId: created.id, actor: created,
      changes: { username: created.username, role: created.role, status: created.status } });
    if (created.status === 'pending') await notifyRegistration(trx, config, created.id);
    return created;
  });
  const fresh = await User.query(db).findById(user.id).throwIfNotFound();
  await startSession(ctx, fresh);
  ctx.status = 201;
  ctx.body = await signedInAnswer(db, fresh);
}

async function logout(ctx: Ctx) {
  const id = sessionIdOf(ctx);
  // The session ends with its log row, in one transaction: what hears of the logout (the user's
  // live streams) finds the session gone.
  await ctx.state.db.transaction(async (trx) => {
    if (id) await trx('sessions').where({ id }).delete();
    if (ctx.state.user) await logActivity(trx, ctx, { action: 'logout', entityType: 'user', entityId: ctx.state.user.id });
  });
  ctx.session = null;
  ctx.status = 204;
}

async function currentUser(ctx: Ctx) {
  ctx.body = await signedInAnswer(ctx.state.db, ctx.state.user!);
}

export const authRoutes = new Router<AppState>({ prefix: '/api' })
  .get('/user', requireUser(), currentUser)
  .post('/login', publicRoute(), takes({ body: loginSchema }, login))
  .post('/register', publicRoute(), takes({ body: registerSchema }, register))
  .post('/logout', publicRoute(), logout);
