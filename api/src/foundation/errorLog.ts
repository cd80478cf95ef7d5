import type { Context } from 'koa';
import { log } from './log';

/** The browser went away mid-response (a closed tab, a cancelled download): nothing to fix here. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

/** A text already printed is printed again only after this long: an outage fails every request alike. */
const REPEAT_INTERVAL_MS = 60_000;
/** Distinct texts remembered at most; the one printed longest ago is forgotten first. */
const MAX_REMEMBERED = 500;

/** Says whether to print a text: each distinct text at most once per REPEAT_INTERVAL_MS. */
export function repeatFilter(now: () => number = Date.now): (text: string) => boolean {
  const printedAt = new Map<string, number>();
  return (text) => {
    const last = printedAt.get(text);
    if (last !== undefined && now() - last < REPEAT_INTERVAL_MS) return false;
    printedAt.delete(text); // re-inserted last: the Map's order is then the order of printing
    printedAt.set(text, now());
    if (printedAt.size > MAX_REMEMBERED) printedAt.delete(printedAt.keys().next().value!);
    return true;
  };
}

type Failure = Error & { status?: number; code?: string; nativeError?: { code?: string } };

/**
 * The app's 'error' listener: one line per failed request (its id, method, route, status, error
 * code and message), with the stack only when it is new or a minute old. A 15 s database outage
 * once wrote 16,000 stacks (6 MB) that all said the same thing.
 */
export function requestErrorLogger(routeOf: (ctx: Context) => string, now: () => number = Date.now) {
  const newStack = repeatFilter(now);
  return (err: Failure, ctx?: Context) => {
    if (err.status && err.status < 500) return;
    if (CLIENT_GONE.has(err.code ?? '')) return;
    const code = err.code ?? err.nativeError?.code ?? err.name;
    const request = ctx ? { requestId: ctx.state.requestId as string, method: ctx.method, route: routeOf(ctx), status: ctx.status,
      cut: ctx.headerSent || undefined } : {};
    const stack = err.stack ?? String(err);
    log().error({ ...request, code, stack: newStack(stack) ? stack : undefined }, String(err.message).replace(/\s+/g, ' '));
  };
}
