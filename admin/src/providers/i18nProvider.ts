import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import { bundledCatalogs, DEFAULT_LOCALE, LOCALES, type Catalog, type Locale } from '../i18n/catalogs';

const catalogs: Record<Locale, Catalog> = { ...bundledCatalogs };

/**
 * Merges the database's edits (made on /translations) over the bundled catalogs. Called once
 * before the first render, so both locales' messages are then available synchronously; the
 * bundled texts stay when the server cannot be reached.
 */
export async function loadCatalogs(): Promise<void> {
  await Promise.all(LOCALES.map(async (locale) => {
    try {
      const res = await fetch(`/api/translations/catalog/${locale}`, { credentials: 'include' });
      if (res.ok) catalogs[locale] = mergeTranslations(bundledCatalogs[locale], await res.json());
    } catch {
      // Offline or server down: the bundled catalog is complete on its own.
    }
  }));
}

export const LANGUAGES = [
  { locale: 'cn', name: '中文' },
  { locale: 'en', name: 'English' },
];

export const i18nProvider = polyglotI18nProvider(
  (locale) => catalogs[(LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : DEFAULT_LOCALE] as unknown as TranslationMessages,
  DEFAULT_LOCALE,
  LANGUAGES,
  { allowMissing: true },
);
