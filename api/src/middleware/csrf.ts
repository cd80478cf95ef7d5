import type { Context, Next } from 'koa';
import { httpError } from '../foundation/httpError';
import type { AppState } from '../foundation/appState';
import { SAFE_METHODS } from '../foundation/safeMethods';

const BODY_TYPES = ['application/json', 'multipart/form-data'];

/**
 * Cross-site request forgery defence
 * (docs/api-conventions.md#cross-site-requests-csrf-and-origin-rule): a state-changing request must
 * come from the app's own origin when the browser names one, and a body must be JSON or multipart
 * (types a cross-site HTML form cannot send; DELETE carries no body whatever its type).
 */
export async function csrfProtection(ctx: Context & { state: AppState }, next: Next): Promise<void> {
  const { config } = ctx.state;
  // Behind a TLS proxy every request must have come over HTTPS (the session cookie is Secure).
  if (config.trustProxy && !ctx.secure && ctx.path.startsWith('/api/')) throw httpError('https_required', 'Access denied: HTTPS is required');
  // A token is sent by a program, never by a browser on its own: no cookie to ride on (api-tokens/bearer.ts).
  if (SAFE_METHODS.has(ctx.method) || ctx.state.apiToken) return next();
  const origin = ctx.get('origin');
  const ownOrigin = `${ctx.protocol}://${ctx.host}`;
  if (origin && origin !== ownOrigin && !config.allowedOrigins.includes(origin)) {
    throw httpError('cross_origin', 'Access denied: cross-origin request refused');
  }
  const type = ctx.get('content-type');
  if (ctx.method !== 'DELETE' && ctx.request.length && !BODY_TYPES.some((t) => type.startsWith(t))) {
    throw httpError('unsupported_media_type', 'Unsupported content type: send JSON (application/json)', { params: { type } });
  }
  return next();
}
