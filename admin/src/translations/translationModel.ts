import { useCallback } from 'react';
import { useGetIdentity, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { TRANSLATION_EDITORS } from '@kernel/translations/translationRules';
import type { Role } from '@kernel/users/roles';

/** A row of /api/translations: one message in both languages. */
export interface TranslationRecord extends RaRecord {
  id: number;
  namespace: string;
  key: string;
  zh: string;
  en: string;
  description: string | null;
  version: number;
  updatedAt: string;
}

/** The message id the screens use: 'app' + 'subtitle' → 'app.subtitle'. */
export const messageId = (entry: { namespace: string; key: string }) => `${entry.namespace}.${entry.key}`;

/** Whether the signed-in user may save and import (the server checks it again on each write). */
export function useMayEditTranslations(): boolean {
  const { identity } = useGetIdentity();
  return identity?.status === 'active' && TRANSLATION_EDITORS.includes(identity.role as Role);
}

/** The server's English reasons (api/src/translations) as message keys with their arguments. */
const REASONS: Array<[RegExp, string, (match: RegExpMatchArray) => Record<string, unknown>]> = [
  [/^This field is required$/, 'validation.required', () => ({})],
  [/^(Invalid format|Invalid value)$/, 'validation.invalid_format', () => ({})],
  [/^At most (\d+) characters$/, 'translations.errors.too_long', (m) => ({ limit: m[1] })],
  [/^Placeholders must match/, 'translations.errors.placeholders', () => ({})],
  [/^Already exists$/, 'translations.errors.exists', () => ({})],
  [/^Conflicts with (\S+)$/, 'translations.errors.nesting', (m) => ({ id: m[1] })],
  [/^Unknown field$/, 'translations.errors.unknown_field', () => ({})],
  [/row index (\d+)$/, 'translations.errors.duplicate_row', (m) => ({ row: Number(m[1]) + 1 })],
  [/^Read-only$/, 'translations.errors.read_only', () => ({})],
  [/^Stale version$/, 'common.conflict', () => ({})],
];

/** A reason in the user's language; one this release does not know shows as the server sent it. */
export function useReasonText() {
  const translate = useTranslate();
  return useCallback((reason: string) => {
    for (const [pattern, key, args] of REASONS) {
      const match = reason.match(pattern);
      if (match) return translate(key, args(match));
    }
    return reason;
  }, [translate]);
}

interface ServerError {
  message?: string;
  permission?: boolean;
  body?: { message?: string; errors?: Record<string, string> };
}

/**
 * The onError of the translation forms. react-admin hands the same field-error object to the
 * form, so each reason is rewritten in place to the user's language; a stale version or any
 * other refusal is notified; a refused permission has its own global notice.
 */
export function useTranslationErrors() {
  const notify = useNotify();
  const reasonText = useReasonText();
  return useCallback((error: unknown) => {
    const { body, permission, message = '' } = (error ?? {}) as ServerError;
    if (permission) return;
    const fields = body?.errors ?? {};
    for (const [field, reason] of Object.entries(fields)) fields[field] = reasonText(reason);
    if (fields.version) notify('common.conflict', { type: 'error' });
    else if (Object.keys(fields).length === 0) notify(body?.message ?? message, { type: 'error', messageArgs: { _: body?.message ?? message } });
  }, [notify, reasonText]);
}
