import type { Knex } from 'knex';
import { bundledCatalogs, type Catalog, type Locale } from '../../../admin/src/i18n/catalogs';

/** The database column that holds each locale's text. */
export const LOCALE_COLUMN: Record<Locale, 'zh' | 'en'> = { cn: 'zh', en: 'en' };

interface MessageRow {
  namespace: string;
  key: string;
  zh: string;
  en: string;
}

/** Nested catalog → dotted ids: 'ra.action.save' ↔ namespace 'ra', key 'action.save'. */
export function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(catalog)) {
    const id = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') out.set(id, value);
    else for (const [k, v] of flatten(value, id)) out.set(k, v);
  }
  return out;
}

export function catalogRows(): MessageRow[] {
  const cn = flatten(bundledCatalogs.cn);
  const en = flatten(bundledCatalogs.en);
  return [...new Set([...cn.keys(), ...en.keys()])].map((id) => {
    const dot = id.indexOf('.');
    return { namespace: id.slice(0, dot), key: id.slice(dot + 1), zh: cn.get(id) ?? '', en: en.get(id) ?? '' };
  });
}

/**
 * Adds the messages the repository's catalogs have and the database lacks, at every start, so a
 * new version's texts arrive in an existing database; texts edited on /translations are kept.
 */
export async function syncCatalogs(db: Knex): Promise<number> {
  const existing = new Set(
    (await db('translations').whereNull('deletedAt').select('namespace', 'key'))
      .map((r: MessageRow) => `${r.namespace}.${r.key}`),
  );
  const missing = catalogRows().filter((r) => !existing.has(`${r.namespace}.${r.key}`));
  if (missing.length > 0) await db.batchInsert('translations', missing, 500);
  return missing.length;
}

/** The catalog of one locale as the nested object react-admin's polyglot provider reads. */
export async function loadCatalog(db: Knex, locale: Locale): Promise<Catalog> {
  const column = LOCALE_COLUMN[locale];
  const rows: MessageRow[] = await db('translations').whereNull('deletedAt').select('namespace', 'key', column);
  const catalog: Catalog = {};
  for (const row of rows) {
    const text = row[column];
    if (!text) continue;
    const path = [row.namespace, ...row.key.split('.')];
    let node = catalog;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      node = typeof next === 'object' ? next : (node[segment] = {});
    }
    node[path[path.length - 1]] = text;
  }
  return catalog;
}

/** A translate function over some namespaces of the live catalog, for texts the server writes (CSV headers). */
export async function loadTranslator(db: Knex, locale: Locale, namespaces: string[]): Promise<(id: string) => string> {
  const column = LOCALE_COLUMN[locale];
  const rows: MessageRow[] = await db('translations').whereNull('deletedAt').whereIn('namespace', namespaces)
    .select('namespace', 'key', column);
  const texts = new Map(rows.filter((r) => r[column]).map((r) => [`${r.namespace}.${r.key}`, r[column]]));
  return (id) => texts.get(id) ?? id;
}
