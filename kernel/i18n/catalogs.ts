import cn from './cn';
import en from './en';
import raChinese from './ra/cn';
import raEnglish from './ra/en';
import { MODULE_MESSAGES } from './moduleMessages';

export const LOCALES = ['cn', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'cn';

/** A nested message tree as polyglot reads it. */
export interface Catalog {
  [name: string]: string | Catalog;
}

/** A module's own texts in both languages. */
export interface ModuleMessages {
  cn: Catalog;
  en: Catalog;
}

/**
 * Merges message trees: later trees add keys and override texts, branches merge. (The server
 * reads these catalogs too, so this cannot lean on react-admin's mergeTranslations.)
 */
function mergeCatalogs(...catalogs: Catalog[]): Catalog {
  const out: Catalog = {};
  for (const catalog of catalogs) {
    for (const [name, value] of Object.entries(catalog)) {
      const current = out[name];
      out[name] = typeof value === 'object' && typeof current === 'object' ? mergeCatalogs(current, value) : value;
    }
  }
  return out;
}

/** The catalogs in the repository: bundled into the admin and seeded into the database. */
export const bundledCatalogs: Record<Locale, Catalog> = {
  cn: mergeCatalogs(raChinese, cn, ...MODULE_MESSAGES.map((m) => m.cn)),
  en: mergeCatalogs(raEnglish, en, ...MODULE_MESSAGES.map((m) => m.en)),
};
