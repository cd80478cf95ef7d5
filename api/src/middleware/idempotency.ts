import { createHash } from 'node:crypto';
import { Stream } from 'node:stream';
import type { Knex } from 'knex';
import type { Next } from 'koa';
import type { Ctx } from '../foundation/appState';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';

/** 1–255 printable ASCII characters (DESIGN §15). */
const KEY = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a first answer is kept. */
const KEPT_MS = 24 * 60 * 60 * 1000;
/** A first request still marked running after this long died with its server: its key is free again. */
const ABANDONED_MS = 5 * 60 * 1000;
/** Expired keys each new key deletes: more than it adds, so the table cannot grow. */
const CLEANUP_BATCH = 20;

interface Holder { holder: string; key: string }

/**
 * Takes `key` for this write: true when this request is the first (or the first one's died); the
 * key's old rows go at the same time.
 */
async function claim(db: Knex, { holder, key }: Holder, fingerprint: string): Promise<boolean> {
  const expired = new Date(Date.now() - KEPT_MS);
  // This key's answer of over 24 hours ago is no answer any more, whatever else is left to clean.
  await db('idempotencyKeys').where({ holder, key }).where('createdAt', '<', expired).delete();
  await db('idempotencyKeys').whereIn(['holder', 'key'], db('idempotencyKeys').where('createdAt', '<', expired)
    .select('holder', 'key').limit(CLEANUP_BATCH)).delete();
  const inserted = await db('idempotencyKeys').insert({ holder, key, fingerprint }).onConflict(['holder', 'key']).ignore().returning('key');
  if (inserted.length > 0) return true;
  const taken = await db('idempotencyKeys').where({ holder, key, fingerprint }).whereNull('status')
    .where('createdAt', '<', new Date(Date.now() - ABANDONED_MS)).update({ createdAt: new Date() }).returning('key');
  return taken.length > 0;
}

/**
 * The first answer of `key`, once there is one: sent again (Idempotent-Replayed). Another write's
 * key is refused (422); a first request still running is waited for up to `waitMs` (ten identical
 * calls at once get one write and ten equal answers), then refused (409, Retry-After). Answers
 * false when the first request failed meanwhile and this one took the key.
 */
async function replay(ctx: Ctx, holder: Holder, fingerprint: string, waitMs: number): Promise<boolean> {
  const { db } = ctx.state;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const first = await db('idempotencyKeys').where(holder).first('fingerprint', 'status', 'answer', 'answerType');
    if (!first) {
      if (await claim(db, holder, fingerprint)) return false;
      continue;
    }
    if (first.fingerprint !== fingerprint) {
      throw httpError('idempotency_key_reused', 'This Idempotency-Key was used for another request (method, path or body) in the last 24 hours');
    }
    if (first.status !== null) {
      ctx.status = first.status;
      ctx.body = first.answer === null ? null : JSON.parse(first.answer);
      if (first.answerType) ctx.type = first.answerType;
      ctx.set('Idempotent-Replayed', 'true');
      return true;
    }
    if (Date.now() >= deadline) {
      throw Object.assign(httpError('idempotency_in_progress', 'The first request with this Idempotency-Key is still running: try again shortly',
        { params: { seconds: 1 } }), { headers: { 'Retry-After': '1' } });
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** What a body is as JSON to keep, or undefined for one that is no JSON (a file, a stream): not kept. */
function keptBody(body: unknown): string | null | undefined {
  if (body === undefined || body === null) return null;
  if (Buffer.isBuffer(body) || body instanceof Stream || body instanceof Uint8Array) return undefined;
  return JSON.stringify(body);
}

/**
 * `Idempotency-Key` on a write under /api (DESIGN §15; docs/api-conventions.md#idempotent-writes):
 * the first answer is kept 24 hours per user (or API token) and key, and the same call again gets
 * it again instead of writing twice. A call that failed (an error, a 5xx) keeps nothing: nothing
 * was written, and its retry runs anew. Without a signed-in user (sign-in, registration) the key
 * is not read.
 */
export function idempotentWrites(waitMs: number) {
  return async function idempotency(ctx: Ctx, next: Next): Promise<void> {
    const key = ctx.get('idempotency-key');
    const user = ctx.state.user;
    if (!key || !WRITES.has(ctx.method) || !ctx.path.startsWith('/api/') || !user) return next();
    if (!KEY.test(key)) {
      throw fieldRefusal('invalid_input', 'Idempotency-Key must be 1 to 255 printable characters', 'Idempotency-Key', problem('invalid_format'));
    }
    const holder = { holder: ctx.state.apiToken ? `token:${ctx.state.apiToken.id}` : `user:${user.id}`, key };
    // A multipart upload's body is read by its route: its length stands for it (its boundary is new at each try).
    const body = ctx.is('multipart') ? ['multipart', ctx.get('content-length')] : ctx.request.body ?? null;
    const fingerprint = createHash('sha256').update(JSON.stringify([ctx.method, ctx.path, ctx.querystring, body])).digest('hex');
    const { db } = ctx.state;
    if (!(await claim(db, holder, fingerprint)) && await replay(ctx, holder, fingerprint, waitMs)) return;
    try {
      await next();
    } catch (err) {
      await db('idempotencyKeys').where(holder).delete();
      throw err;
    }
    const answer = keptBody(ctx.body);
    if (ctx.status >= 500 || answer === undefined) await db('idempotencyKeys').where(holder).delete();
    else await db('idempotencyKeys').where(holder).update({ status: ctx.status, answer, answerType: ctx.type || null });
  };
}
