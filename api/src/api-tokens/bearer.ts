import type { Next } from 'koa';
import type { Knex } from 'knex';
import type { Ctx } from '../foundation/appState';
import { httpError } from '../foundation/httpError';
import { SAFE_METHODS } from '../foundation/safeMethods';
import { liveRows, onLiveRow } from '../db/liveRows';
import { accessSql, readWith, type AccessRead } from '../permissions/access';
import { tryAgainLater } from '../auth/tryAgainLater';
import { RateWindow } from '../foundation/rateWindow';
import { sessionCache } from '../middleware/sessionCache';
import { User } from '../users/User';
import { hashOf } from './secrets';

declare module '../foundation/appState' {
  interface AppState {
    /** The API token a request came with (Authorization: Bearer), which the activity log names. */
    apiToken?: { id: number; name: string };
  }
}

const BEARER = /^Bearer +(\S+)$/i;

/** The routes a token never opens: a person signs in and registers with a password. */
const PERSON_ONLY = new Set(['/api/login', '/api/register', '/api/logout']);

/** The window of a token's rate (DESIGN §15: config.apiTokenRate requests per 10 s); past it, 429 with Retry-After. */
const RATE_WINDOW_MS = 10_000;

/** A token's last use is written at most this often. */
const USE_TOUCH_MS = 60_000;

const invalidToken = () => httpError('invalid_token', 'The API token is unknown, revoked or expired');

interface TokenData { id: number; name: string; lastUsedAt: Date | null }

/** The session cache's key of a token: its hash (the notices of migration 20261206000300 name it so). */
const cacheKey = (hash: string) => `bearer:${hash}`;

/**
 * The live, unexpired token of `hash` with its live user and their permission rows, in one
 * statement, as a session's read is (middleware/currentUser.ts).
 */
async function readFromDatabase(db: Knex, hash: string) {
  const row = await db('apiTokens as t').join('users as u', onLiveRow('u', 't.userId'))
    .where('t.tokenHash', hash).whereRaw(liveRows('t')).andWhere('t.expiresAt', '>', db.fn.now())
    .first('t.id as tokenId', 't.name as tokenName', 't.lastUsedAt as tokenLastUsedAt', 't.expiresAt as tokenExpiresAt', 'u.*',
      db.raw(`${accessSql} as access`));
  if (!row) return undefined;
  const { tokenId, tokenName, tokenLastUsedAt, tokenExpiresAt, access, ...columns } = row as Record<string, unknown> & {
    tokenId: number; tokenName: string; tokenLastUsedAt: Date | null; tokenExpiresAt: Date | string; access: AccessRead };
  const user = User.fromDatabaseJson(columns);
  readWith(user, access);
  const data: TokenData = { id: tokenId, name: tokenName, lastUsedAt: tokenLastUsedAt };
  return { data, expiresAt: new Date(tokenExpiresAt).getTime(), userId: user.id, user };
}

/**
 * The token of `secret` and its user, as this instance keeps them (sessionCache.ts: a revoke, a
 * change of the user or of any permission is heard within a second on every instance) or else
 * read. A request that may write reads it anew (`fresh`), as a session's does.
 */
async function readToken(db: Knex, secret: string, fresh: boolean): Promise<{ user: User; token: TokenData } | undefined> {
  const hash = hashOf(secret);
  const cache = sessionCache(db);
  const read = (fresh ? undefined : cache.get(cacheKey(hash))) ?? await cache.read(cacheKey(hash), () => readFromDatabase(db, hash));
  return read?.user ? { user: read.user, token: read.data as TokenData } : undefined;
}

/** Each app's (database's) recent requests per token: this instance counts its own. */
const recent = new WeakMap<Knex, RateWindow<number>>();

function admit(db: Knex, tokenId: number, rate: number): void {
  let window = recent.get(db);
  if (!window) recent.set(db, window = new RateWindow(RATE_WINDOW_MS));
  const wait = window.admit(tokenId, rate);
  if (wait > 0) throw tryAgainLater('throttled', `More than ${rate} requests in ${RATE_WINDOW_MS / 1000} s with this token: try again shortly`, wait);
}

/**
 * `Authorization: Bearer <token>` on an /api route (DESIGN §15): the request acts as the token's
 * user, with that user's pages and areas, and reads no session (so no cookie, and no CSRF check:
 * csrf.ts). A token unknown, revoked, expired or of a user who may not sign in is refused at
 * once (401); a token past its rate, 429. Its last use is kept, at most once a minute.
 */
export async function bearerToken(ctx: Ctx, next: Next): Promise<void> {
  const header = ctx.get('authorization');
  // Another scheme (a proxy's Basic) is not ours to judge.
  if (!/^Bearer\b/i.test(header) || !ctx.path.startsWith('/api/') || PERSON_ONLY.has(ctx.path)) return next();
  const secret = BEARER.exec(header)?.[1];
  if (!secret) throw invalidToken();
  const { db } = ctx.state;
  const read = await readToken(db, secret, !SAFE_METHODS.has(ctx.method));
  if (!read || read.user.status !== 'active') throw invalidToken();
  admit(db, read.token.id, ctx.state.config.apiTokenRate);
  const { token } = read;
  if (!token.lastUsedAt || Date.now() - new Date(token.lastUsedAt).getTime() > USE_TOUCH_MS) {
    await db('apiTokens').where({ id: token.id })
      .andWhere((older) => older.whereNull('lastUsedAt').orWhere('lastUsedAt', '<', new Date(Date.now() - USE_TOUCH_MS)))
      .update({ lastUsedAt: new Date(), lastUsedIp: ctx.ip });
  }
  ctx.state.user = read.user;
  ctx.state.apiToken = { id: token.id, name: token.name };
  await next();
}
