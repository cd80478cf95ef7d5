import { AsyncLocalStorage } from 'node:async_hooks';
import type { Middleware } from 'koa';
import type { DatabaseTimeouts } from '../foundation/config';

/**
 * How long (ms) each statement of the work under way waits for a PostgreSQL server's answer
 * before it fails (pg's client-side query_timeout; db/knex.ts sets it as each one is sent). Work
 * without one (long requests, the server's jobs, the CLI) has the connection's own:
 * DATABASE_STATEMENT_TIMEOUT_MS and a margin. The server-side statement_timeout is the long one
 * for every statement, and a connection whose statement missed its limit is closed (db/knex.ts).
 */
const queryTimeout = new AsyncLocalStorage<number>();

export const withQueryTimeout = <T>(ms: number, work: () => T): T => queryTimeout.run(ms, work);

/** The limit of a statement about to be sent, when the work under way has one of its own. */
export const currentQueryTimeout = (): number | undefined => queryTimeout.getStore();

/**
 * The requests that keep the long limit: reports, exports, imports and the batch may take longer
 * than a person at a list, a record, a form or the sign-in should wait.
 */
const LONG_REQUESTS: ReadonlyArray<readonly [method: string, path: RegExp]> = [
  ['GET', /^\/api\/reports\//i],
  ['POST', /^\/api\/report-runs\/?$/i],
  ['GET', /^\/api\/[a-z-]+\/export\.csv\/?$/i],
  ['POST', /^\/api\/orders\/import\/?$/i],
  ['POST', /^\/api\/translations\/import\/?$/i],
  ['POST', /^\/api\/orders\/batch-completion-date\/?$/i],
  ['POST', /^\/api\/orders\/bulk-edit\/?$/i],
];

export const isLongRequest = (method: string, path: string): boolean => LONG_REQUESTS.some(([longMethod, pattern]) =>
  (method === longMethod || (method === 'HEAD' && longMethod === 'GET')) && pattern.test(path));

/**
 * Each statement of a person's request waits at most `requestMs` for the server: when it hangs
 * (a frozen primary, a dead network path) the person gets 503 database_unavailable in seconds,
 * not after the long limit. Long requests keep the long limit.
 */
export function requestDeadline(timeouts: DatabaseTimeouts): Middleware {
  return (ctx, next) => (isLongRequest(ctx.method, ctx.path) ? next() : withQueryTimeout(timeouts.requestMs, next));
}
