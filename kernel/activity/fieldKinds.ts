import { RECORD_TYPE_NAMES, RECORD_TYPES, type FieldKind } from '../resources/recordTypes';

export type { FieldKind } from '../resources/recordTypes';

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
