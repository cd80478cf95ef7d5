import { FIELD_KINDS } from '@kernel/activity/fieldKinds';
import type { ResourceDef } from '../resources/resource';
import { personNameSql } from '../users/personNameSql';
import { ActivityLog } from './ActivityLog';

/** Who acted, by the name they have now (the log keeps their username as it was). */
const USER_NAME = `(select nullif(${personNameSql('u')}, '') from users u where u.id = activity_logs.user_id)`;

/** The API token a row's change came through, by its name (a purged token's is gone). */
const TOKEN_NAME = '(select t.name from api_tokens t where t.id = activity_logs.api_token_id)';

/** How many rows the action of a row wrote, as kept when they were written (null for rows logged before actions had ids). */
const ACTION_SIZE = '(select a.size from activity_actions a where a.action_id = activity_logs.action_id)';

/** Each logged reference field: its record type, field and the type of record it names. */
const REFERENCES = Object.entries(FIELD_KINDS).flatMap(([type, fields]) => Object.entries(fields)
  .flatMap(([field, kind]) => ('ref' in kind ? [[type, field, kind.ref]] : 'refs' in kind ? [[type, field, kind.refs]] : [])));

/**
 * Per reference field a row logs, the records its before and after name, each by the name it had
 * at the row's time: the label of that record's latest row up to then (the log keeps the name a
 * record had when each of its rows was written), else its name now. `{ deliveryAreaId: { "6": "浦东" } }`.
 */
const REFERENCE_NAMES = `(select jsonb_object_agg(f.field, (
    select jsonb_object_agg(v.id, coalesce(
      (select l.entity_label from activity_logs l where l.entity_type = f.ref and l.entity_id = v.id
        and l.at <= activity_logs.at and l.entity_label is not null order by l.at desc limit 1),
      activity_log_entity_label(f.ref, v.id)))
    from (select distinct value #>> '{}' as id from jsonb_path_query(activity_logs.changes -> f.field, 'lax $.*[*]') value
      where jsonb_typeof(value) = 'number') v))
  from (values ${REFERENCES.map((names) => `(${names.map((name) => `'${name}'`).join(', ')})`).join(', ')}) f(entity_type, field, ref)
  where f.entity_type = activity_logs.entity_type and activity_logs.changes -> f.field is not null)`;

/** Append-only: listed and read, never written through the API. */
export const activityLogsResource: ResourceDef<ActivityLog> = {
  name: 'activity-logs',
  entityType: 'activity_log',
  model: ActivityLog,
  pageKey: 'activity_logs',
  label: 'action',
  computed: { userName: USER_NAME, actionSize: ACTION_SIZE, referenceNames: REFERENCE_NAMES, tokenName: TOKEN_NAME },
  softDelete: false,
  // Which browser tab acted, and the areas an order was in, are for the live stream only (docs/live-updates.md).
  hidden: ['tabId', 'orderAreaIds', 'leads'],
  // An order's prices show only that they changed to someone who may not see them (field groups).
  changesOf: { entityType: 'entityType', changes: 'changes' },
  list: {
    // Tens of millions of rows: totals exact up to the cap, estimated beyond, as the order list's.
    countCap: 10_000,
    sortable: ['id', 'at', 'username', 'action', 'entityType'],
    defaultSort: { field: 'at', order: 'desc' },
    search: ['username', 'action', 'entityType', 'entityId'],
    filters: { userId: 'eq', action: 'eq', entityType: 'eq', entityId: 'eq', at: 'range', actionId: 'eq', apiTokenId: 'eq' },
    customFilters: {
      // One row per action on many records: the first row of each action stands for it (actionSize),
      // as marked when it was written (migrations/20261203000100_activity_log_actions.ts).
      grouped(query, value) {
        if (value === true || value === 'true') query.where('activityLogs.leads', true);
      },
    },
    export: {
      title: 'menu.activity_logs',
      // Every row: a file has no entry to open.
      ignores: ['grouped'],
      // As the list shows them: the actor by name, the record by the name it had (ActivityLogList.tsx).
      columns: [{ field: 'at', as: 'instant' }, { field: 'username', sql: `coalesce(${USER_NAME}, activity_logs.username)` },
        { field: 'action', translate: 'activity_logs.actions' }, { field: 'entityType', translate: 'entity_types' },
        { field: 'entityId', sql: `coalesce(activity_logs.entity_label, '#' || activity_logs.entity_id)` }, { field: 'ip' }],
    },
  },
};
