/** What POST /api/translations/import reads and answers (api/src/translations/importTranslations.ts). */
import type { ErrorParams, FieldErrorCode } from '../errors/errorCodes';

/** One row of an import: an empty or absent text leaves the current text as it is. */
export interface ImportRow {
  namespace: string;
  key: string;
  zh?: string | null;
  en?: string | null;
  description?: string | null;
}

/** A translation's texts, before and after an import. */
export interface TranslationTexts {
  zh: string;
  en: string;
  description: string | null;
}

/**
 * A row's problem; `row` is its index in `rows` (the first row is 0), `code` and `params` say why
 * (docs/error-codes.md#field-codes) and `message` in English.
 */
export interface ImportError {
  row: number;
  field: string;
  code: FieldErrorCode;
  message: string;
  params?: ErrorParams;
}

/** What an import adds and changes: the answer of a preview and of an applied import alike. */
export interface ImportReport {
  added: Array<{ namespace: string; key: string } & TranslationTexts>;
  changed: Array<{ namespace: string; key: string; before: TranslationTexts; after: TranslationTexts }>;
  unchanged: number;
  errors: ImportError[];
}
