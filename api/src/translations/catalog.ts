import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { bundledCatalogs, type Catalog, type Locale } from '@kernel/i18n/catalogs';
import { liveRows } from '../db/liveRows';
import { Translation } from './Translation';

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

function catalogRows(): MessageRow[] {
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
  const rows = await Translation.query(db).orderByRaw(liveRows('translations'))
    .select('id', 'namespace', 'key', 'zh', 'en', 'version', 'deletedAt').castTo<StoredRow[]>();
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
    for (let at = 0; at < missing.length; at += 500) await Translation.query(trx).insert(missing.slice(at, at + 500));
    for (const row of outdated) {
      // Past the model on purpose: a text that follows the repository's stays version 1, unedited.
      await trx('translations').where({ id: row.id, version: 1 }).update({ zh: row.zh, en: row.en, updatedAt: new Date() });
    }
  });
  invalidateCatalogs();
  return { added: missing.length, updated: outdated.length };
}

/** The catalog of one locale as the nested object react-admin's polyglot provider reads. */
async function loadCatalog(db: Knex, locale: Locale): Promise<Catalog> {
  const column = LOCALE_COLUMN[locale];
  const rows = await Translation.query(db).modify('live').select('namespace', 'key', column).castTo<MessageRow[]>();
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

/** A catalog as GET /api/translations/catalog/:locale sends it: the JSON text and its ETag. */
export interface ServedCatalog {
  json: string;
  etag: string;
}

interface CatalogCache {
  /** The table's stamp the catalogs below were read at. */
  stamp?: string;
  checkedAt: number;
  /** The invalidation this cache has seen (see `invalidations`). */
  seen: number;
  catalogs: Map<Locale, ServedCatalog>;
}

/**
 * How stale a catalog may be after a write this process did not make (another app instance on
 * the same database, an edit by hand): the stamp is checked at most this often.
 */
const STAMP_CHECK_MS = 1_000;

/** One cache per database handle, so that two apps in one process (the tests) never share one. */
const caches = new WeakMap<Knex, CatalogCache>();
/** Bumped by every write of this process: the next reader checks the stamp at once. */
let invalidations = 0;

/**
 * A fingerprint of the whole table, in one small query. Every insert, update and soft delete
 * gives its row a new xmin (the writing transaction's id) and a purge changes the count, so the
 * stamp changes with any committed change, whoever made it; a rolled-back one leaves it as it was.
 */
async function tableStamp(db: Knex): Promise<string> {
  const row = await db('translations').first(db.raw(`count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) as stamp`));
  return (row as { stamp: string }).stamp;
}

/**
 * The public catalog of a locale from memory. Every visitor's sign-in page asks for one (37 KB,
 * hundreds of requests a second): it is read from the table only after a change, noticed at
 * once when this process wrote it (`invalidateCatalogs`), within STAMP_CHECK_MS otherwise.
 */
export async function servedCatalog(db: Knex, locale: Locale): Promise<ServedCatalog> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, cache = { checkedAt: 0, seen: invalidations, catalogs: new Map() });
  if (cache.seen !== invalidations || Date.now() - cache.checkedAt >= STAMP_CHECK_MS) {
    const seen = invalidations;
    const checkedAt = Date.now();
    const stamp = await tableStamp(db);
    if (stamp !== cache.stamp) cache.catalogs = new Map();
    Object.assign(cache, { stamp, checkedAt, seen });
  }
  const cached = cache.catalogs.get(locale);
  if (cached) return cached;
  const { catalogs } = cache;
  const json = JSON.stringify(await loadCatalog(db, locale));
  // Weak: koa-compress may send the same catalog gzipped or not.
  const served = { json, etag: `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"` };
  // Kept only if no newer stamp replaced the cache while it was read.
  if (cache.catalogs === catalogs) catalogs.set(locale, served);
  return served;
}

/** Drops the catalogs held in memory: the next request reads the table's stamp and, as it changed, the table. */
export function invalidateCatalogs(): void {
  invalidations += 1;
}

/**
 * `invalidateCatalogs` once `db`'s transaction commits (at once outside one): dropped earlier, a
 * reader could fill the cache again from the rows as they were before the commit.
 */
export function invalidateCatalogsOnCommit(db: Knex | Knex.Transaction): void {
  if (db.isTransaction) (db as Knex.Transaction).executionPromise.then(invalidateCatalogs, () => undefined);
  else invalidateCatalogs();
}

/** A translate function over some namespaces of the live catalog, for texts the server writes (CSV headers). */
export async function loadTranslator(db: Knex, locale: Locale, namespaces: string[]): Promise<(id: string) => string> {
  const column = LOCALE_COLUMN[locale];
  const rows = await Translation.query(db).modify('live').whereIn('namespace', namespaces)
    .select('namespace', 'key', column).castTo<MessageRow[]>();
  const texts = new Map(rows.filter((r) => r[column]).map((r) => [`${r.namespace}.${r.key}`, r[column]]));
  return (id) => texts.get(id) ?? id;
}

/** A translate function over the live catalog that fills %{placeholders} (no plural forms: the server's texts count nothing). */
export type FillingTranslate = (key: string, args?: Record<string, unknown>) => string;

/** loadTranslator with the placeholders filled: an import's error file, the mails. */
export async function loadFillingTranslator(db: Knex, locale: Locale, namespaces: string[]): Promise<FillingTranslate> {
  const t = await loadTranslator(db, locale, namespaces);
  return (key, args = {}) => t(key).replace(/%\{(\w+)\}/g, (placeholder, name: string) => (name in args ? String(args[name]) : placeholder));
}
