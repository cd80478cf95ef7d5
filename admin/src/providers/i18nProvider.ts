import { useSyncExternalStore } from 'react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type I18nProvider, type TranslationMessages } from 'react-admin';
import { bundledCatalogs, DEFAULT_LOCALE, LOCALES, type Catalog, type Locale } from '@kernel/i18n/catalogs';
import { storedLocale } from './store';

const catalogs: Record<Locale, Catalog> = { ...bundledCatalogs };

export const LANGUAGES = [
  { locale: 'cn', name: '中文' },
  { locale: 'en', name: 'English' },
];

const knownLocale = (locale: string): Locale =>
  (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : DEFAULT_LOCALE;

/** Locales whose database edits have been merged in (or tried: the bundled texts are complete). */
const loaded = new Set<Locale>();

async function loadCatalog(locale: Locale): Promise<Catalog> {
  try {
    const res = await fetch(`/api/translations/catalog/${locale}`, { credentials: 'include', cache: 'no-cache' });
    if (res.ok) catalogs[locale] = mergeTranslations(bundledCatalogs[locale], await res.json()) as Catalog;
  } catch {
    // Offline or server down: the bundled catalog is complete on its own.
  }
  loaded.add(locale);
  return catalogs[locale];
}

/** Synchronous for a loaded locale (polyglot needs that at start); a promise on a first switch. */
const messagesOf = (locale: string) => {
  const known = knownLocale(locale);
  const messages = loaded.has(known) ? catalogs[known] : loadCatalog(known);
  return messages as unknown as TranslationMessages | Promise<TranslationMessages>;
};

/** A polyglot provider over the catalogs as they are now, speaking `locale`. */
const providerFor = (locale: string): I18nProvider =>
  polyglotI18nProvider(messagesOf, locale, LANGUAGES, { allowMissing: true });

/** Made by the first loadCatalogs(), before the first render. */
let current: I18nProvider | undefined;
const listeners = new Set<() => void>();

/**
 * Merges the database's edits (made on /translations) over the bundled catalog of the language in
 * use; the other language is fetched when the person switches to it. Called once before the first
 * render (so that language's messages are there synchronously) and again after each save or
 * import: the provider is then rebuilt in the current locale, and every screen re-renders with
 * the new texts.
 */
export async function loadCatalogs(): Promise<void> {
  const locale = current ? knownLocale(current.getLocale()) : storedLocale();
  loaded.clear();
  await loadCatalog(locale);
  current = providerFor(locale);
  listeners.forEach((listener) => listener());
}

/** A message in the language in use, for code outside React (the data provider's errors). */
export const translateNow = (key: string, args?: Record<string, unknown>): string => current?.translate(key, args) ?? key;

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
export const useI18nProvider = (): I18nProvider => useSyncExternalStore(subscribe, () => current!);
