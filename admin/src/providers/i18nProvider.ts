import { useSyncExternalStore } from 'react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type I18nProvider, type TranslationMessages } from 'react-admin';
import { bundledCatalogs, DEFAULT_LOCALE, LOCALES, type Catalog, type Locale } from '../i18n/catalogs';

const catalogs: Record<Locale, Catalog> = { ...bundledCatalogs };

export const LANGUAGES = [
  { locale: 'cn', name: '中文' },
  { locale: 'en', name: 'English' },
];

const messagesOf = (locale: string) =>
  catalogs[(LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : DEFAULT_LOCALE] as unknown as TranslationMessages;

/** A polyglot provider over the catalogs as they are now, speaking `locale`. */
const providerFor = (locale: string): I18nProvider =>
  polyglotI18nProvider(messagesOf, locale, LANGUAGES, { allowMissing: true });

let current = providerFor(DEFAULT_LOCALE);
const listeners = new Set<() => void>();

/**
 * Merges the database's edits (made on /translations) over the bundled catalogs; the bundled
 * texts stay when the server cannot be reached. Called once before the first render (so the
 * default locale's messages are there synchronously) and again after each save or import: the
 * provider is then rebuilt in the current locale, and every screen re-renders with the new texts.
 */
export async function loadCatalogs(): Promise<void> {
  await Promise.all(LOCALES.map(async (locale) => {
    try {
      const res = await fetch(`/api/translations/catalog/${locale}`, { credentials: 'include', cache: 'no-cache' });
      if (res.ok) catalogs[locale] = mergeTranslations(bundledCatalogs[locale], await res.json());
    } catch {
      // Offline or server down: the bundled catalog is complete on its own.
    }
  }));
  current = providerFor(current.getLocale());
  listeners.forEach((listener) => listener());
}

/** After a save or an import: the running UI shows the new texts without a reload. */
export const reloadCatalogs = loadCatalogs;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The provider for <Admin>. A new one after each reload changes react-admin's i18n context,
 * so every component that translates renders again, with no remount and no lost state.
 */
export const useI18nProvider = (): I18nProvider => useSyncExternalStore(subscribe, () => current);
