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

interface StoredRow extends MessageRow {
  id: number;
  version: number;
  deletedAt: Date | null;
}

/**
 * Brings the repository's catalogs into the table at every start, so a new version's texts
 * arrive in an existing database. A message the table lacks is added. A row nobody has changed
 * (still version 1) follows the repository's text. A row edited on /translations or by an
 * import (version > 1) keeps its text, and one in the trash stays deleted until it is purged.
 */
export async function syncCatalogs(db: Knex): Promise<{ added: number; updated: number }> {
  // Live rows last, so each id maps to its live row when it has one.
  const rows: StoredRow[] = await db('translations').orderByRaw('deleted_at is null')
    .select('id', 'namespace', 'key', 'zh', 'en', 'version', 'deletedAt');
  const stored = new Map(rows.map((row) => [`${row.namespace}.${row.key}`, row]));
  const missing: MessageRow[] = [];
  const outdated: StoredRow[] = [];
  for (const row of catalogRows()) {
    const current = stored.get(`${row.namespace}.${row.key}`);
    if (!current) missing.push(row);
    else if (!current.deletedAt && current.version === 1 && (current.zh !== row.zh || current.en !== row.en)) {
      outdated.push({ ...current, zh: row.zh, en: row.en });
    }
  }
  await db.transaction(async (trx) => {
    for (let at = 0; at < missing.length; at += 500) await trx('translations').insert(missing.slice(at, at + 500));
    for (const row of outdated) {
      await trx('translations').where({ id: row.id, version: 1 }).update({ zh: row.zh, en: row.en, updatedAt: new Date() });
    }
  });
  return { added: missing.length, updated: outdated.length };
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
