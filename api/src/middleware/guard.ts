import type { Context, Middleware, Next } from 'koa';
import { httpError } from '../foundation/httpError';
import { canAccessPage, withheldFrom } from '../permissions/access';
import type { PageKey } from '@kernel/permissions/pageKeys';
import type { AppState } from '../foundation/appState';
import type { Role } from '@kernel/users/roles';
import { PENDING_SIGN_IN_MS } from '@kernel/auth/secondFactor';

/** Marks the middleware that decides who may call a route; every route starts with one. */
export const ROUTE_GUARD = Symbol('routeGuard');
/** The roles a `requireRole` or `requirePageAndRole` guard lets through (the role × route test reads it). */
export const ROUTE_ROLES = Symbol('routeRoles');
/** Marks a page's guard that sends a signed-out visitor to the sign-in page (requireActiveUser's signInPage). */
export const SIGN_IN_PAGE = Symbol('signInPage');
/**
 * public: anyone; signed-in: any signed-in user, pending ones too (their own account); active: any
 * active user (pending users get nothing beyond the dashboard and their own account); second-step:
 * a session whose password sign-in waits for its second factor, where nobody is signed in yet; a page key.
 */
export type GuardKind = PageKey | 'signed-in' | 'active' | 'public' | 'second-step';
export type RouteGuard = Middleware<AppState> & { [ROUTE_GUARD]: GuardKind; [ROUTE_ROLES]?: readonly Role[]; [SIGN_IN_PAGE]?: true };

function guard(kind: GuardKind, fn: Middleware<AppState>): RouteGuard {
  return Object.assign(fn, { [ROUTE_GUARD]: kind });
}

function signedInUser(ctx: Context & { state: AppState }) {
  if (!ctx.state.user) throw httpError('not_signed_in', 'Not signed in: please log in');
  return ctx.state.user;
}

export const publicRoute = (): RouteGuard => guard('public', (_ctx, next: Next) => next());

/** A sign-in whose password was right within PENDING_SIGN_IN_MS, waiting for its second factor (auth/secondFactorRoutes.ts). */
export const requireSecondStep = (): RouteGuard =>
  guard('second-step', (ctx, next: Next) => {
    const pending = ctx.session?.pending;
    if (!pending || Date.now() - pending.at >= PENDING_SIGN_IN_MS) {
      throw httpError('not_signed_in', 'Sign in with your password first: no sign-in waits for a code here, or it waited too long');
    }
    return next();
  });

export const requireUser = (): RouteGuard =>
  guard('signed-in', (ctx, next: Next) => {
    signedInUser(ctx);
    return next();
  });

/**
 * An active signed-in user, whatever their pages: the pickers, saved filters. A page a person opens
 * in the browser (`signInPage`) sends them to the sign-in page when signed out, not to a 401 in JSON,
 * with the way back (`?next=`: admin/src/providers/returnPath.ts).
 */
export const requireActiveUser = ({ signInPage = false } = {}): RouteGuard =>
  Object.assign(guard('active', (ctx, next: Next) => {
    if (signInPage && !ctx.state.user) return ctx.redirect(`/auth?next=${encodeURIComponent(ctx.originalUrl)}`);
    if (signedInUser(ctx).status !== 'active') {
      throw httpError('pending_account', 'Access denied: your account is waiting for activation by an administrator');
    }
    return next();
  }), signInPage ? { [SIGN_IN_PAGE]: true as const } : {});

/** A signed-in user whose permissions hold this page key; checked on every request. */
export const requirePage = (pageKey: PageKey): RouteGuard =>
  guard(pageKey, async (ctx, next: Next) => {
    const user = signedInUser(ctx);
    if (!(await canAccessPage(ctx.state.db, user, pageKey))) {
      throw httpError('page_denied', `Access denied: your role may not use the page "${pageKey}"`, { params: { page: pageKey } });
    }
    return next();
  });

/**
 * Like requirePage, for data two pages open: `pick(ctx)` names the page this request needs (the
 * reports of the latest run need `reports`, a past snapshot by its runId `old_reports`). Tagged
 * with `pageKey`, the page of the plain request.
 */
export const requirePageFor = (pageKey: PageKey, pick: (ctx: Context & { state: AppState }) => PageKey): RouteGuard =>
  guard(pageKey, (ctx, next: Next) => requirePage(pick(ctx))(ctx, next));

/**
 * An active signed-in user holding one of these roles, for the few writes that no page key covers
 * (saving translations: docs/roles-and-permissions.md#api-routes-and-their-page-keys). Tagged
 * 'active' with its roles.
 */
export const requireRole = (roles: readonly Role[]): RouteGuard =>
  Object.assign(guard('active', (ctx, next: Next) => {
    const user = signedInUser(ctx);
    if (user.status !== 'active' || !roles.includes(user.role)) {
      throw httpError('role_denied', `Access denied: only the roles ${roles.join(', ')} may do this`, { params: { roles: roles.join(', ') } });
    }
    return next();
  }), { [ROUTE_ROLES]: roles });

/**
 * A page key and one of these roles both, for what only some of a page's users may have (the
 * activity log's archive files: admins); the page is checked first, then the role. Tagged with
 * the page key and its roles.
 */
export const requirePageAndRole = (pageKey: PageKey, roles: readonly Role[]): RouteGuard =>
  Object.assign(guard(pageKey, (ctx, next: Next) => requirePage(pageKey)(ctx, () => requireRole(roles)(ctx, next))),
    { [ROUTE_ROLES]: roles });

/** Each request's withheld names per record type, read once (the user's field groups came with the session). */
const withheldOfRequest = new WeakMap<object, Map<string, ReadonlySet<string>>>();

/**
 * The names of a record type's fields, sorts and filters this request's user may not see
 * (docs/roles-and-permissions.md#field-groups); none without a signed-in user (a webhook's worker
 * withholds by the hook's owner: it asks permissions/access itself).
 */
export async function withheldOf(ctx: Context & { state: AppState }, entityType: string): Promise<ReadonlySet<string>> {
  const user = ctx.state.user;
  if (!user) return new Set();
  let known = withheldOfRequest.get(ctx);
  if (!known) withheldOfRequest.set(ctx, known = new Map());
  let withheld = known.get(entityType);
  if (!withheld) known.set(entityType, withheld = await withheldFrom(ctx.state.db, user, entityType));
  return withheld;
}

/**
 * 403 `field_denied` when any of `names` (fields written, a sort, filters) is one this user may not
 * see: a write, a sort or a filter by a withheld price would tell it, or change what one may not see.
 */
export async function refuseWithheld(ctx: Context & { state: AppState }, entityType: string, names: Iterable<string>): Promise<void> {
  const withheld = await withheldOf(ctx, entityType);
  const denied = [...new Set(names)].filter((name) => withheld.has(name));
  if (denied.length > 0) {
    throw httpError('field_denied', `Access denied: your role may not see ${denied.join(', ')}`,
      { params: { fields: denied.join(', ') } });
  }
}
