import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import type { AppState } from '../foundation/appState';
import { onLiveRow } from '../db/liveRows';
import { accessSql, readWith, type AccessRead } from '../permissions/access';
import { User } from '../users/User';
import { sessionCache, type SessionRead } from './sessionCache';

/** The user each request's session read found with its session row; null: none live. */
const readWithSession = new WeakMap<object, User | null>();

/** The live session row `id` with its live user and their permission rows, in one statement. */
async function readFromDatabase(knex: Knex, id: string): Promise<SessionRead | undefined> {
  const row = await knex('sessions as s')
    .leftJoin('users as u', onLiveRow('u', 's.userId'))
    .where('s.id', id).andWhere('s.expiresAt', '>', knex.fn.now())
    .first('s.data as sessionData', 's.expiresAt as sessionExpiresAt', 's.userId as sessionUserId', 'u.*',
      knex.raw(`${accessSql} as access`));
  if (!row) return undefined;
  const { sessionData, sessionExpiresAt, sessionUserId, access, ...columns } = row as Record<string, unknown> & {
    sessionData: unknown; sessionExpiresAt: Date | string; sessionUserId: number | null; access: AccessRead };
  const user = columns.id === null ? null : User.fromDatabaseJson(columns);
  if (user) readWith(user, access);
  return { data: sessionData, expiresAt: new Date(sessionExpiresAt).getTime(), userId: sessionUserId, user };
}

/**
 * Session `id`, as this instance keeps it (sessionCache.ts) or else read: the three reads every
 * request made before its route ran. A request that may write reads it anew (`fresh`): a session
 * ended or narrowed a moment ago on another instance never writes. Its user is kept for `loadCurrentUser`.
 */
export async function readSession(knex: Knex, id: string, ctx: object | undefined, { fresh = false } = {}): Promise<SessionRead | undefined> {
  const cache = sessionCache(knex);
  const read = (fresh ? undefined : cache.get(id)) ?? await cache.read(id, () => readFromDatabase(knex, id));
  if (read && ctx) readWithSession.set(ctx, read.user);
  return read;
}

/**
 * Loads the signed-in user fresh on each request, so a deactivation or deletion takes effect
 * at once: such a user's session is ended here.
 */
export async function loadCurrentUser(ctx: Context & { state: AppState }, next: Next): Promise<void> {
  // A request with an API token has its user already and reads no session (api-tokens/bearer.ts).
  if (ctx.state.apiToken) return next();
  const userId = ctx.session?.userId as number | undefined;
  if (userId !== undefined) {
    const read = readWithSession.get(ctx);
    const user = read?.id === userId ? read : await User.query(ctx.state.db).modify('live').findById(userId);
    if (user && user.status !== 'inactive') ctx.state.user = user;
    else ctx.session = null;
  }
  await next();
}
