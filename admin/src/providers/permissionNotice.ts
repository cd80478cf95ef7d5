import { HttpError } from 'react-admin';
import { isPermissionRefusal } from './errorMessages';

type Handler = () => void;
let permissionDeniedHandler: Handler | undefined;

/** Registers the one global permission-denied handler; returns the unregister function. */
export function onPermissionDenied(handler: Handler): () => void {
  permissionDeniedHandler = handler;
  return () => {
    if (permissionDeniedHandler === handler) permissionDeniedHandler = undefined;
  };
}

/**
 * A failed call's error, flagged `permission` when it is a refused permission: the global notice
 * is told at once, so the caller has nothing more to say (docs/error-codes.md#how-the-admin-treats-them).
 */
export function flagPermission(error: HttpError): HttpError {
  if (!isPermissionRefusal(error)) return error;
  permissionDeniedHandler?.();
  return Object.assign(error, { permission: true });
}

/** An error the global permission notice has reported already: nothing more to say. */
export const isPermissionError = (error: unknown): boolean =>
  error instanceof HttpError && (error as { permission?: unknown }).permission === true;
