import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Config } from '../foundation/config';
import { log } from '../foundation/log';
import { requestsTotal, requestSeconds } from '../foundation/metrics';

/** A request id a proxy may hand on: short, and nothing that could break a log line. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The first step of every request: its id (the trusted proxy's X-Request-Id, else a new UUID),
 * sent back as X-Request-Id and written in every error answer (middleware/errors.ts), and one log
 * line once its answer has ended or been cut: method, route pattern (`routeOf`), status, duration, user.
 * Never a header, a body, a cookie or a query string (search words, file names).
 */
export function requestLog(config: Pick<Config, 'trustProxy'>, routeOf: (ctx: Context) => string) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const started = performance.now();
    const given = config.trustProxy ? ctx.get('X-Request-Id') : '';
    const requestId = GIVEN_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    ctx.res.once('close', () => {
      const line = { requestId, method: ctx.method, route: routeOf(ctx), status: ctx.status,
        ms: Math.round((performance.now() - started) * 10) / 10, userId: ctx.state.user?.id, cut: !ctx.res.writableFinished || undefined };
      log().info(line, 'request');
      requestsTotal.inc({ method: line.method, route: line.route, status: line.status });
      requestSeconds.observe({ method: line.method, route: line.route }, line.ms / 1000);
    });
    await next();
  };
}
