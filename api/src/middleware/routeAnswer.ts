import type { Context, Middleware } from 'koa';

interface Answer {
  status: number;
  body: unknown;
  type: string;
}

/** The answer each request's route gave, once it gave it without failing. */
const answered = new WeakMap<Context, Answer>();

/** Placed just before the routers: notes the route's answer once the route has succeeded. */
export const noteRouteAnswer: Middleware = async (ctx, next) => {
  await next();
  answered.set(ctx, { status: ctx.status, body: ctx.body, type: ctx.type });
};

/**
 * Once a route has answered, a write it made has committed: what comes after it (the session's
 * save, serialising, compressing) must not turn that answer into a failure, or the person would
 * repeat a change that was made. Such a late failure is logged, and the route's own answer is
 * sent as it was, uncompressed. Placed just inside the error handler; anything else is passed on.
 */
export const keepRouteAnswer: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    const answer = answered.get(ctx);
    if (!answer || ctx.headerSent) throw err;
    ctx.app.emit('error', err, ctx);
    ctx.remove('Content-Encoding');
    ctx.status = answer.status;
    ctx.body = answer.body;
    if (answer.type) ctx.type = answer.type;
    ctx.compress = false;
  }
};
