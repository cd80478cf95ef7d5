import { useGetIdentity, type RaRecord } from 'react-admin';
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
