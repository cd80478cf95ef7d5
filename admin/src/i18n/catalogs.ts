import cn from './cn';
import en from './en';
import raChinese from './ra/cn';
import raEnglish from './ra/en';

export const LOCALES = ['cn', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'cn';

/** A nested message tree as polyglot reads it. */
export interface Catalog {
  [name: string]: string | Catalog;
}

/** The catalogs in the repository: bundled into the admin and seeded into the database. */
export const bundledCatalogs: Record<Locale, Catalog> = {
  cn: { ...(raChinese as unknown as Catalog), ...cn },
  en: { ...(raEnglish as unknown as Catalog), ...en },
};
