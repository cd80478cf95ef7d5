import { useCallback } from 'react';
import { useNotify } from 'react-admin';

/** The server's English reasons for a field, as this app's message keys. */
const FIELD_REASONS: Record<string, string> = {
  'Already exists': 'users.errors.username_taken',
  'This password is too common, choose another': 'users.errors.password_common',
  'Only regional dispatchers have delivery areas': 'users.errors.areas_for_dispatchers',
  'You cannot deactivate yourself': 'users.errors.self',
  'This field is required': 'validation.required',
  'Invalid format': 'validation.invalid_format',
  'Stale version': 'common.conflict',
};

/** The server's messages of the users rules, as message keys; anything else is shown as sent. */
const MESSAGES: Array<[RegExp, string]> = [
  [/your own account/, 'users.errors.self'],
  [/last active administrator/, 'users.errors.last_admin'],
  [/already taken/, 'users.errors.username_taken'],
  [/changed by someone else|changed meanwhile/, 'common.conflict'],
];

export interface ServerError {
  message?: string;
  permission?: boolean;
  body?: { message?: string; errors?: Record<string, string> };
}

export const messageKeyOf = (message: string) => MESSAGES.find(([pattern]) => pattern.test(message))?.[1];

/** Rewrites the server's field reasons to message keys, in place; unknown reasons stay as sent. */
export function toMessageKeys(fields: Record<string, string>): Record<string, string> {
  for (const [field, reason] of Object.entries(fields)) fields[field] = FIELD_REASONS[reason] ?? reason;
  return fields;
}

/**
 * The onError of the users' mutations. Field errors are rewritten to message keys in place,
 * because react-admin then hands that same object to the form, which translates each key; the
 * known refusals are notified in the user's language; a refused permission has its own notice.
 */
export function useUserErrors() {
  const notify = useNotify();
  return useCallback((error: unknown) => {
    const { body, permission, message = '' } = (error ?? {}) as ServerError;
    if (permission) return;
    const fields = toMessageKeys(body?.errors ?? {});
    const text = body?.message ?? message;
    const key = messageKeyOf(text);
    // A form shows its field errors and its own "invalid form" notice.
    if (Object.keys(fields).length > 0 && !key) return;
    notify(key ?? text ?? 'ra.notification.http_error', { type: 'error', messageArgs: { _: text } });
  }, [notify]);
}
