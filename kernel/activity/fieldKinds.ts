import { RECORD_TYPE_NAMES, RECORD_TYPES } from '../resources/recordTypes';

/**
 * How a logged field's values read (docs/undo.md#a-records-history): the activity log and a
 * record's History show each value as the record's form shows it, not as stored. A field not named
 * here is text, a number or a date, shown as it is (dates in the reader's date style).
 */
export type FieldKind =
  /** One of a fixed set of keys, read through the catalog's `enum.<key>`: 'order_status' → order_status.delivered. */
  | { enum: string }
  /** The id of a record of that entity type, shown by the name it had then (the log's `referenceNames`). */
  | { ref: string }
  /** A list of such ids. */
  | { refs: string }
  | { money: true }
  | { boolean: true };

/**
 * Per entity type, its fields that are not plain values: each record type's `fields`
 * (kernel/resources/recordTypes.ts) and the mail settings'. The server names the references in SQL.
 */
export const FIELD_KINDS: Readonly<Record<string, Readonly<Record<string, FieldKind>>>> = {
  ...Object.fromEntries(RECORD_TYPE_NAMES.flatMap((type) => {
    const { fields } = RECORD_TYPES[type];
    return fields ? [[type, fields]] : [];
  })),
  mail_settings: { language: { enum: 'activity_logs.languages' } },
};

/** The kind of one logged field; undefined for a plain value. */
export const fieldKindOf = (entityType: string | null, field: string): FieldKind | undefined =>
  (entityType ? FIELD_KINDS[entityType]?.[field] : undefined);
