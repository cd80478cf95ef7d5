import type { Context } from 'koa';

/** What a router tells of a path: its matching layers, each with its pattern and methods (@koa/router's match). */
interface Matcher {
  match(path: string, method: string): { pathAndMethod: Array<{ path: string | RegExp; methods: string[] }> };
}

/**
 * The route pattern of a request (/api/orders/:id), never its path with ids or search words in
 * it: the one the router matched, or, for a request that failed before routing (its session read
 * on a database gone), the one `routers` would have matched.
 */
export function routePattern(routers: readonly Matcher[]): (ctx: Context) => string {
  return (ctx) => {
    const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
    if (matched !== undefined) return String(matched);
    if (!ctx.path.startsWith('/api')) return '(admin)';
    const layer = routers.flatMap((router) => router.match(ctx.path, ctx.method).pathAndMethod)
      .find(({ methods }) => methods.length > 0);
    return layer ? String(layer.path) : '(no route)';
  };
}
