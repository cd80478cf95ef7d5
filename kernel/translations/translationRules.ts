import type { Role } from '../users/roles';

/**
 * The rules of a translation entry, shared by the server (which enforces them) and the admin
 * (which checks a form or an import file first). No joi here: the admin bundles this file.
 */

/** Who may save and import texts; every signed-in user reads them (docs/routes-and-pages.md#route-table). */
export const TRANSLATION_EDITORS: readonly Role[] = ['admin', 'manager'];

/** The first segment of a message id: 'app', 'ra', 'activity_logs'. */
export const NAMESPACE_PATTERN = /^[a-z0-9_]+$/;
/**
 * The rest of the id, dotted segments. react-admin's own ids need upper case and hyphens:
 * 'ra.sort.ASC', 'resources.vehicle-types.fields.capacityTons'.
 */
export const KEY_PATTERN = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

export const MAX_NAMESPACE = 64;
export const MAX_KEY = 200;
export const MAX_TEXT = 2000;
export const MAX_DESCRIPTION = 500;
/** The most rows one import takes (its JSON stays well under the 1 MB body limit). */
export const MAX_IMPORT_ROWS = 5000;

/** The languages' text columns, named as in the table and the JSON. */
export const TEXT_FIELDS = ['zh', 'en'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** The server's reason when the two languages' placeholders differ (the admin translates it). */
export const PLACEHOLDER_MISMATCH = 'Placeholders must match the other language';

/** The polyglot placeholders of a text, `%{name}`, each once, sorted. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]))].sort();
}

/** True when both texts are there and name different placeholders: one would print `%{name}`. */
export function placeholdersDiffer(zh: string, en: string): boolean {
  return zh !== '' && en !== '' && placeholders(zh).join() !== placeholders(en).join();
}

/**
 * True when one key would be a group of the other ('subtitle' and 'subtitle.short'): the
 * catalog is a tree, so a text cannot also hold texts (loadCatalog would lose one).
 */
export function keysNest(a: string, b: string): boolean {
  return a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}
