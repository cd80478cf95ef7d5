import { createHash } from 'node:crypto';
import Router from '@koa/router';
import Joi from 'joi';
import type { Knex } from 'knex';
import type { SignedInSession } from '@kernel/users/sessions';
import { logActivity } from '../activity/logActivity';
import type { AppState } from '../foundation/appState';
import { httpError } from '../foundation/httpError';
import { requireUser } from '../middleware/guard';
import { IDLE_TIMEOUT_MS, sessionIdOf } from '../middleware/session';
import { takes, type Input } from '../middleware/validate';
import { messages } from '../resources/fields';
import type { Ctx } from '../resources/resource';

/**
 * A session as its list names it: a digest of its id, never the id (the cookie's value): a list
 * read by someone else's script would not hand over the sessions themselves.
 */
const handleOf = (id: string) => createHash('sha256').update(id).digest('base64url').slice(0, 22);

/** A session's name in its list, as a path parameter: 22 url-safe characters. */
export const sessionHandle = () => Joi.string().pattern(/^[A-Za-z0-9_-]{22}$/).required().messages(messages);

interface Row { id: string; userAgent: string | null; ip: string | null; createdAt: Date; expiresAt: Date }

/** The live sessions of a user (not ended, not expired), the latest used first. */
const liveSessions = (db: Knex | Knex.Transaction, userId: number): Promise<Row[]> => db('sessions').where({ userId })
  .where('expiresAt', '>', db.fn.now()).orderBy('expiresAt', 'desc').select('id', 'userAgent', 'ip', 'createdAt', 'expiresAt');

/**
 * Where a user is signed in (docs/api-conventions.md#where-you-are-signed-in): each live session's
 * browser, address, sign-in and last use (to the minute: a session's expiry moves with its use at
 * most once a minute), and which one is the caller's.
 */
export async function sessionsOf(ctx: Ctx, userId: number): Promise<SignedInSession[]> {
  const current = sessionIdOf(ctx);
  return (await liveSessions(ctx.state.db, userId)).map((row) => ({
    id: handleOf(row.id),
    userAgent: row.userAgent,
    ip: row.ip,
    signedInAt: new Date(row.createdAt).toISOString(),
    lastSeenAt: new Date(new Date(row.expiresAt).getTime() - IDLE_TIMEOUT_MS).toISOString(),
    current: row.id === current,
  }));
}

/**
 * Ends the user's session `handle` names, logged on the user as `end_session` with where it was.
 * Every instance refuses it at once: the deletion notifies each instance's session cache and live
 * streams (migrations/20261130000100_session_notices.ts), whose tab then signs out. Ending one's
 * own current session signs one out.
 */
export async function endSession(ctx: Ctx, trx: Knex.Transaction, userId: number, handle: string): Promise<void> {
  const ended = (await liveSessions(trx, userId)).find((row) => handleOf(row.id) === handle);
  if (!ended) throw httpError('not_found', 'No such session: it has ended already', { params: { entity: 'session' } });
  await trx('sessions').where({ id: ended.id }).delete();
  if (ended.id === sessionIdOf(ctx)) ctx.session = null;
  await logActivity(trx, ctx, { action: 'end_session', entityType: 'user', entityId: userId,
    changes: { sessionsEnded: 1, ip: ended.ip, userAgent: ended.userAgent } });
}

/**
 * One's own sessions: GET the list, DELETE one. (Ending every other one is a DELETE each: one
 * request ending the caller's other sessions would also end the test suite's other clients of the
 * same account, which the role matrix and the fuzzer share.)
 */
export const sessionRoutes = new Router<AppState>({ prefix: '/api/sessions' })
  .get('/', requireUser(), async (ctx: Ctx) => {
    ctx.body = await sessionsOf(ctx, ctx.state.user!.id);
  })
  .delete('/:id', requireUser(), takes({ params: Joi.object({ id: sessionHandle() }) }, async (ctx: Ctx, { params }: Input<unknown, unknown, { id: string }>) => {
    await ctx.state.db.transaction((trx) => endSession(ctx, trx, ctx.state.user!.id, params.id));
    ctx.body = { sessionsEnded: 1 };
  }));
