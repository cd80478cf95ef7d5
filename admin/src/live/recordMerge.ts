import type { RaRecord } from 'react-admin';

type Values = Record<string, unknown>;

/** Bookkeeping that changes with every save: not what anyone changed. */
const BOOKKEEPING = new Set(['id', 'version', 'updatedAt', 'createdAt']);

/** Two values of a field are the same when they read the same: an absent value is none. */
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Each field whose value differs between two versions of a record, as the activity log shows a change. */
export function differences(before: RaRecord, after: RaRecord): Record<string, { before: unknown; after: unknown }> {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => !BOOKKEEPING.has(field));
  return Object.fromEntries(fields.filter((field) => !same(before[field], after[field]))
    .map((field) => [field, { before: before[field] ?? null, after: after[field] ?? null }]));
}

export type Conflicts = Record<string, { theirs: unknown; mine: unknown }>;

/**
 * The three-way merge of a reload, field by field: `base` is the record as the form opened it,
 * `mine` the form's values, `theirs` the record saved meanwhile. A field only they changed takes
 * theirs, one only the person changed keeps the person's (the form does both: KEEP_UNSAVED_EDITS);
 * what is left to the person is each field both changed to different values, returned here.
 */
export function conflictsOf(base: Values, mine: Values, theirs: Values): Conflicts {
  return Object.fromEntries(Object.keys(mine)
    .filter((field) => !BOOKKEEPING.has(field) && !same(mine[field], base[field]) && !same(theirs[field], base[field])
      && !same(mine[field], theirs[field]))
    .map((field) => [field, { theirs: theirs[field] ?? null, mine: mine[field] ?? null }]));
}

/**
 * The fields the person changed that now hold what was saved meanwhile (both set the same value,
 * or the other person came round to the person's): no edit of the person's is left in them, so a
 * reload takes them as saved, unmarked, and a later change by someone else comes in.
 */
export function agreedFields(base: Values, mine: Values, theirs: Values): string[] {
  return Object.keys(mine).filter((field) => !BOOKKEEPING.has(field) && !same(mine[field], base[field]) && same(mine[field], theirs[field]));
}
