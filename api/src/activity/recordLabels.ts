import type { Knex } from 'knex';
import { RECORD_TYPE_NAMES, RECORD_TYPES, type RecordLabel, type RecordTypeName } from '@kernel/resources/recordTypes';
import type { AnyResource } from '../resources/resource';
import { personNameSql } from '../users/personNameSql';

/** A record type's label (kernel/resources/recordTypes.ts) in SQL over its row aliased `r`. */
function labelSql(label: RecordLabel): string {
  if ('person' in label) return `coalesce(nullif(${personNameSql('r')}, ''), r.username)`;
  if ('column' in label) return `r.${label.column}`;
  return label.columns.map((column) => `r.${column}`).join(` || '${label.separator}' || `);
}

/**
 * Makes the log's record names, `activity_log_entity_label(entity_type, entity_id)`, from the list
 * of record types at every start (startup.ts), as the catalogs are synced: a record's name now, or
 * null for a record that is gone or of no record type. The trigger of migration
 * 20261127000300_activity_log_labels keeps it on each new log row; the log's reference names fall
 * back to it. A new record type is named from its first start: no migration copies the function.
 * `resources`: each record type's own resource (the registry's), for its table.
 */
export async function syncRecordLabels(db: Knex, resources: Readonly<Record<RecordTypeName, AnyResource>>): Promise<void> {
  const cases = RECORD_TYPE_NAMES.map((type) => `when '${type}' then select ${labelSql(RECORD_TYPES[type].label)} into label
          from ${resources[type].model.tableName} r where r.id = record_id;`);
  await db.raw(`create or replace function activity_log_entity_label(entity_type text, entity_id text)
    returns text language plpgsql stable as $$
      declare
        record_id integer;
        label text;
      begin
        if entity_id is null or entity_id !~ '^[0-9]{1,9}$' then return null; end if;
        record_id := entity_id::integer;
        case entity_type
          ${cases.join('\n          ')}
          else label := null;
        end case;
        return label;
      end $$`);
}
