import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { Knex } from 'knex';
import type { Config } from '../foundation/config';
import { requestSource } from '../foundation/requestSource';
import { SAFE_METHODS } from '../foundation/safeMethods';
import { requestDeadline } from '../db/deadline';
import { HEALTH_PATH } from '../health/routes';
import { METRICS_PATH } from '../health/metricsRoute';
import { readSession } from './currentUser';
import { sessionCache } from './sessionCache';


export const IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** What the server keeps in a session; the cookie carries only the id. */
export interface SessionData {
  userId?: number;
  /** Epoch ms of sign-in, for the absolute lifetime. */
  signedInAt?: number;
  /** Epoch ms of the last second-factor code taken in this session (sign-in or a later check). */
  secondFactorAt?: number;
  /**
   * A sign-in whose password was right, waiting for its second step (auth/secondFactorRoutes.ts):
   * not signed in (no userId) until a code is taken.
   */
  pending?: { userId: number; at: number; enrol: boolean };
  /** The passkey ceremony under way (auth/passkeys.ts): its challenge, taken once. */
  passkeyChallenge?: { challenge: string; at: number; purpose: 'register' | 'assert' };
}

/**
 * A read pushes a session's idle expiry forward at most this often: a request that finds the
 * expiry within this much of a fresh one writes nothing.
 */
export const EXPIRY_TOUCH_INTERVAL_MS = 60 * 1000;

/** The session id each request read from the table: a `set` of another id is a new session. */
const loaded = new WeakMap<object, string>();

/** The id of the session a request came with, once the session has been read (undefined without one). */
export const sessionIdOf = (ctx: object): string | undefined => loaded.get(ctx);

/** A session's row while it lives: not ended (sign-out, deactivation) and not expired. */
const liveSession = (db: Knex, id: string) => db('sessions').where({ id }).andWhere('expiresAt', '>', db.fn.now());

/**
 * koa-session's external store on the `sessions` table. The row's `expiresAt` is the idle
 * timeout, kept by the server: koa-session neither rolls the session nor sees that expiry (its
 * cookie lives for the absolute lifetime), so a request that changes nothing writes nothing but,
 * at most once a minute, the new expiry.
 */
function databaseStore(knex: Knex) {
  return {
    async get(id: string, _maxAgeMs: unknown, options?: { ctx?: Koa.Context }) {
      const row = await readSession(knex, id, options?.ctx, { fresh: !SAFE_METHODS.has(options?.ctx?.method ?? 'POST') });
      if (!row) return undefined;
      const idleExpiry = Date.now() + IDLE_TIMEOUT_MS;
      if (row.expiresAt < idleExpiry - EXPIRY_TOUCH_INTERVAL_MS) {
        // Only a row still there and unexpired: a session ended meanwhile stays ended. The kept read
        // (sessionCache.ts) takes the new expiry: no other instance needs to hear of it.
        await liveSession(knex, id).update({ expiresAt: new Date(idleExpiry) });
        row.expiresAt = idleExpiry;
      }
      if (options?.ctx) loaded.set(options.ctx, id);
      // koa-session's own expiry fields of rows it wrote while it rolled the idle timeout: the
      // row's expiresAt and the absolute lifetime (`valid` below) decide instead.
      const { _expire, _maxAge, ...data } = row.data as SessionData & { _expire?: number; _maxAge?: number };
      return data;
    },
    async set(id: string, data: SessionData, _maxAgeMs: number, options?: { ctx?: Koa.Context }) {
      sessionCache(knex).forget(id);
      const row = { id, userId: data.userId ?? null, data, expiresAt: new Date(Date.now() + IDLE_TIMEOUT_MS) };
      if (options?.ctx && loaded.get(options.ctx) === id) {
        // Only refresh a session that still exists: one ended meanwhile (sign out everywhere, a
        // password reset) must not be written back by a request that was already under way.
        await knex('sessions').where({ id }).update({ userId: row.userId, data: row.data, expiresAt: row.expiresAt });
      } else {
        // A new session, or a new id for the session (each sign-in): never an id ended before. Where
        // it was made is kept for "Where you're signed in" (sessions.ts).
        const source = options?.ctx ? requestSource(options.ctx) : { ip: null, userAgent: null };
        await knex('sessions').insert({ ...row, ...source }).onConflict('id').merge(['userId', 'data', 'expiresAt']);
      }
    },
    async destroy(id: string) {
      sessionCache(knex).forget(id);
      await knex('sessions').where({ id }).delete();
    },
  };
}

/** Ends every session of a user at once (logout everywhere, deactivation). */
export async function endSessionsOf(db: Knex, userId: number): Promise<void> {
  await db('sessions').where({ userId }).delete();
}

export function deleteExpiredSessions(db: Knex) {
  return db('sessions').where('expiresAt', '<', db.fn.now()).delete();
}

/**
 * koa-session on the database store, the first middleware that reads the database: from here on,
 * each statement of a request, up to the session's write after the route, waits as long as the
 * request's deadline allows (db/deadline.ts). /healthz reads no session: it must answer when the
 * database does not (it then has no signed-in user).
 */
export function sessionMiddleware(app: Koa, knex: Knex, config: Config): Koa.Middleware {
  app.keys = config.sessionKeys;
  const sessions = session(
    {
      key: config.trustProxy ? '__Host-sid' : 'sid',
      // The cookie lives as long as the session may; the server ends it earlier when idle.
      maxAge: ABSOLUTE_LIFETIME_MS,
      rolling: false,
      httpOnly: true,
      sameSite: 'lax',
      secure: config.trustProxy,
      signed: true,
      store: databaseStore(knex),
      genid: () => randomBytes(16).toString('base64url'),
      valid: (_ctx, data: SessionData) =>
        data.signedInAt === undefined || Date.now() - data.signedInAt < ABSOLUTE_LIFETIME_MS,
    },
    app,
  );
  const deadline = requestDeadline(config.databaseTimeouts);
  sessionCache(knex).start();
  return async (ctx, next) => {
    if (ctx.path === HEALTH_PATH || ctx.path === METRICS_PATH) return next();
    await deadline(ctx, () => sessions(ctx, next));
    // A request that may have written answers once its own instance acts on it (sessionCache.ts).
    if (!SAFE_METHODS.has(ctx.method)) await sessionCache(knex).caughtUp();
  };
}
