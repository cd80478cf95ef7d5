import { useCallback } from 'react';
import { useNotify } from 'react-admin';

/** The generic layer's reasons (api/src/resources/fields.ts, resourceRoutes.ts) as message keys. */
const COMMON_REASONS: Record<string, string> = {
  'This field is required': 'validation.required',
  'Invalid format': 'validation.invalid_format',
};

/** A resource's own reasons, e.g. `{ 'Already exists': 'suppliers.errors.name_taken' }`. */
export type Reasons = Readonly<Record<string, string>>;

interface ServerError {
  message?: string;
  permission?: boolean;
  body?: { message?: string; errors?: Record<string, unknown> };
}

// "Unknown id 4, 9" names the ids; the reason is the same whatever they are.
const reasonOf = (text: string) => text.replace(/ \d+(?:, \d+)*$/, '');

/**
 * The onError of a resource's mutations. react-admin hands the answer's `errors` object to the
 * form, which translates each value: so the server's reasons are rewritten to message keys in
 * place. A stale version names no input, so it becomes the form's root error, which react-admin
 * notifies (translated) instead of its "the form is not valid". Without field errors the
 * server's message is notified; a refused permission has its own notice already.
 */
export function useServerErrors(reasons: Reasons = {}) {
  const notify = useNotify();
  return useCallback((error: unknown) => {
    const { body, permission, message = '' } = (error ?? {}) as ServerError;
    if (permission) return;
    const fields = body?.errors ?? {};
    if (fields.version === 'Stale version') {
      delete fields.version;
      fields.root = { serverError: 'common.conflict' };
    }
    for (const [field, reason] of Object.entries(fields)) {
      if (typeof reason !== 'string') continue;
      fields[field] = reasons[reasonOf(reason)] ?? COMMON_REASONS[reason] ?? reason;
    }
    if (Object.keys(fields).length > 0) return;
    const text = body?.message ?? message;
    notify(text || 'ra.notification.http_error', { type: 'error', messageArgs: { _: text } });
  }, [notify, reasons]);
}
