import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { Knex } from 'knex';
import type { Config } from '../config';

export const IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** What the server keeps in a session; the cookie carries only the id. */
export interface SessionData {
  userId?: number;
  /** Epoch ms of sign-in, for the absolute lifetime. */
  signedInAt?: number;
}

/** koa-session's external store on the `sessions` table. */
function databaseStore(knex: Knex) {
  return {
    async get(id: string) {
      const row = await knex('sessions').where({ id }).andWhere('expiresAt', '>', knex.fn.now()).first('data');
      return row?.data;
    },
    async set(id: string, data: SessionData, maxAge: number, options?: { ctx?: Koa.Context }) {
      const row = { id, userId: data.userId ?? null, data, expiresAt: new Date(Date.now() + maxAge) };
      if ((options?.ctx?.session as { isNew?: boolean } | null | undefined)?.isNew) {
        await knex('sessions').insert(row).onConflict('id').merge(['userId', 'data', 'expiresAt']);
      } else {
        // Only refresh a session that still exists: one ended meanwhile (sign out everywhere, a
        // password reset) must not be written back by a request that was already under way.
        await knex('sessions').where({ id }).update({ userId: row.userId, data: row.data, expiresAt: row.expiresAt });
      }
    },
    async destroy(id: string) {
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

export function sessionMiddleware(app: Koa, knex: Knex, config: Config): Koa.Middleware {
  app.keys = config.sessionKeys;
  return session(
    {
      key: config.trustProxy ? '__Host-sid' : 'sid',
      maxAge: IDLE_TIMEOUT_MS,
      rolling: true,
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
}
