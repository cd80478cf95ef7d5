import { routers } from '../../api/src/app';
import { ROUTE_GUARD, ROUTE_ROLES, SIGN_IN_PAGE, type GuardKind } from '../../api/src/middleware/guard';
import type { Role } from '@kernel/users/roles';

/** One route and verb of the API, with the rule its first middleware declares (guard.ts). */
export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The router's pattern: '/api/orders/:id/attachments/:attachmentId'. */
  path: string;
  /** 'GET /api/orders/:id': how a test names it. */
  name: string;
  guard: GuardKind;
  /** For requireRole: the roles let through. */
  roles?: readonly Role[];
  /** A page a browser opens: signed out, it redirects to the sign-in page rather than answering 401. */
  signInPage: boolean;
  /** The path's parameters, in order: ['id', 'attachmentId']. */
  params: string[];
}

type Tagged = Record<symbol, unknown>;

/**
 * Every route × verb the app serves, read from the routers app.ts mounts: a route added there is
 * checked by the role matrix and fuzzed without anyone listing it.
 */
export const ROUTES: RouteEntry[] = routers.flatMap((router) => router.stack.flatMap((layer) => {
  const first = layer.stack[0] as unknown as Tagged;
  const path = String(layer.path).replace(/(.)\/$/, '$1');
  return layer.methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS').map((method) => ({
    method: method as RouteEntry['method'],
    path,
    name: `${method} ${path}`,
    guard: first[ROUTE_GUARD] as GuardKind,
    roles: first[ROUTE_ROLES] as readonly Role[] | undefined,
    signInPage: first[SIGN_IN_PAGE] === true,
    params: [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]),
  }));
}));

export const isWrite = (route: RouteEntry) => route.method !== 'GET';

/** The path with its parameters replaced, each URL-encoded unless `raw` (to send malformed escapes). */
export function fillPath(route: RouteEntry, values: Record<string, string | number>, raw = false): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    if (!(name in values)) throw new Error(`${route.name}: no value for :${name}`);
    const value = String(values[name]);
    return raw ? value : encodeURIComponent(value);
  });
}
