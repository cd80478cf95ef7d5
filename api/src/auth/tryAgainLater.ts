import type { ErrorParams } from '@kernel/errors/errorCodes';
import { httpError } from '../foundation/httpError';

/**
 * A refusal the client may simply repeat later: throttled (429) or busy (503). The message is
 * shown as it is (a 503 is otherwise hidden as an internal error) and the error middleware sends
 * the Retry-After header; params.seconds says the same to the client.
 */
export function tryAgainLater(code: 'throttled' | 'busy', message: string, seconds: number, params: ErrorParams = {}) {
  const wait = Math.max(1, Math.ceil(seconds));
  return Object.assign(httpError(code, message, { params: { ...params, seconds: wait, minutes: Math.ceil(wait / 60) } }), {
    expose: true,
    headers: { 'Retry-After': String(wait) },
  });
}
