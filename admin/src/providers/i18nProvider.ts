import { useSyncExternalStore } from 'react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type I18nProvider, type TranslationMessages } from 'react-admin';
import { bundledCatalogs, DEFAULT_LOCALE, LOCALES, type Catalog, type Locale } from '@kernel/i18n/catalogs';
import { readableDates } from '@kernel/i18n/dateText';
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

/**
 * Where a language's database edits come from: the data provider's translationCatalog, handed
 * over by loadCatalogs (the data provider words its errors with translateNow, so importing it
 * here would make a cycle). Until then there are no edits: the bundled catalogs are all there is.
 */
type CatalogSource = (locale: Locale) => Promise<Catalog>;
let fetchEdits: CatalogSource = async () => ({});

async function loadCatalog(locale: Locale): Promise<Catalog> {
  try {
    catalogs[locale] = mergeTranslations(bundledCatalogs[locale], await fetchEdits(locale)) as Catalog;
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

/** A polyglot provider over the catalogs as they are now, speaking `locale`; a date in a message reads as the screens show dates. */
const providerFor = (locale: string): I18nProvider => {
  const provider = polyglotI18nProvider(messagesOf, locale, LANGUAGES, { allowMissing: true });
  return { ...provider, translate: (key, options) => provider.translate(key, options && readableDates(options, knownLocale(provider.getLocale()))) };
};

/** Made by loadCatalogs(), before the first render. */
let current: I18nProvider | undefined;
const listeners = new Set<() => void>();

/**
 * Merges the database's edits (made on /translations) over the bundled catalog of the language in
 * use; the other language is fetched when the person switches to it. After a save or an import
 * the provider is rebuilt in the current locale, and every screen re-renders with the new texts,
 * without a reload.
 */
export async function reloadCatalogs(): Promise<void> {
  const locale = current ? knownLocale(current.getLocale()) : storedLocale();
  loaded.clear();
  await loadCatalog(locale);
  current = providerFor(locale);
  listeners.forEach((listener) => listener());
}

/** A message in the language in use, for code outside React (the data provider's errors). */
export const translateNow = (key: string, args?: Record<string, unknown>): string => current?.translate(key, args) ?? key;

/** Once, before the first render, so that the language in use has its messages synchronously. */
export async function loadCatalogs(source: CatalogSource): Promise<void> {
  fetchEdits = source;
  await reloadCatalogs();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The provider for <Admin>. A new one after each reload changes react-admin's i18n context,
 * so every component that translates renders again, with no remount and no lost state.
 */
export const useI18nProvider = (): I18nProvider => useSyncExternalStore(subscribe, () => current!);
