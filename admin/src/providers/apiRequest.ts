/**
 * The request rules (docs/admin-screens.md#requests-and-caching): credentials always, JSON bodies, any non-OK answer
 * throws "status: body", and a 403 whose code is a refused permission becomes the permission
 * error, reported to the registered global handler.
 */
import { isPermissionRefusal } from './errorMessages';
import { TAB_HEADER, TAB_ID } from './tabId';

export class ApiError extends Error {
  constructor(readonly status: number, readonly bodyText: string, readonly body: unknown) {
    super(`${status}: ${bodyText}`);
  }
}

export class PermissionError extends ApiError {
  constructor(body: unknown) {
    super(403, 'Insufficient role permissions', body);
    this.message = 'Insufficient role permissions';
  }
}

type Handler = () => void;
let permissionDeniedHandler: Handler | undefined;

/** Registers the one global permission-denied handler; returns the unregister function. */
export function onPermissionDenied(handler: Handler): () => void {
  permissionDeniedHandler = handler;
  return () => {
    if (permissionDeniedHandler === handler) permissionDeniedHandler = undefined;
  };
}

/** Turns a refused permission into the permission error (and tells the handler); other errors pass. */
export function toPermissionError(status: number, body: unknown): PermissionError | undefined {
  if (!isPermissionRefusal({ status, body })) return undefined;
  permissionDeniedHandler?.();
  return new PermissionError(body);
}

/** An error the global permission notice has reported already: nothing more to say. */
export const isPermissionError = (error: unknown): boolean =>
  error instanceof PermissionError || (error as { permission?: unknown } | null)?.permission === true;

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let body: unknown = null;
  try { body = JSON.parse(text); } catch { /* a plain-text answer */ }
  const error = new ApiError(res.status, text, body);
  throw toPermissionError(res.status, body) ?? error;
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: { [TAB_HEADER]: TAB_ID, ...(data === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  await throwIfNotOk(res);
  return res;
}

/** GET a URL and parse its JSON; on a 401 either answer null or throw (the default). */
export async function getJson<T>(url: string, on401: 'returnNull' | 'throw' = 'throw'): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include' });
  if (on401 === 'returnNull' && res.status === 401) return null;
  await throwIfNotOk(res);
  return (await res.json()) as T;
}
