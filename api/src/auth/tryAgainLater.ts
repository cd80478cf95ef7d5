import { httpError } from '../httpError';

/**
 * A refusal the client may simply repeat later: 429 (throttled) or 503 (busy). The message is
 * shown as it is (a 503 is otherwise hidden as an internal error) and the error middleware sends
 * the Retry-After header.
 */
export function tryAgainLater(status: 429 | 503, message: string, seconds: number) {
  return Object.assign(httpError(status, message), {
    expose: true,
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) },
  });
}
