import type { ResourceDef } from '../resources/resource';
import { personNameSql } from '../users/personNameSql';
import { ActivityLog } from './ActivityLog';

/** Who acted, by the name they have now (the log keeps their username as it was). */
const USER_NAME = `(select nullif(${personNameSql('u')}, '') from users u where u.id = activity_logs.user_id)`;

/** How many rows the action of a row wrote, as kept when they were written (null for rows logged before actions had ids). */
const ACTION_SIZE = '(select a.size from activity_actions a where a.action_id = activity_logs.action_id)';

/** Append-only: listed and read, never written through the API. */
export const activityLogsResource: ResourceDef<ActivityLog> = {
  name: 'activity-logs',
  entityType: 'activity_log',
  model: ActivityLog,
  pageKey: 'activity_logs',
  label: 'action',
  computed: { userName: USER_NAME, actionSize: ACTION_SIZE },
  softDelete: false,
  // Which browser tab acted, and the areas an order was in, are for the live stream only (docs/live-updates.md).
  hidden: ['tabId', 'orderAreaIds', 'leads'],
  list: {
    // Tens of millions of rows: totals exact up to the cap, estimated beyond, as the order list's.
    countCap: 10_000,
    sortable: ['id', 'at', 'username', 'action', 'entityType'],
    defaultSort: { field: 'at', order: 'desc' },
    search: ['username', 'action', 'entityType', 'entityId'],
    filters: { userId: 'eq', action: 'eq', entityType: 'eq', entityId: 'eq', at: 'range', actionId: 'eq' },
    customFilters: {
      // One row per action on many records: the first row of each action stands for it (actionSize),
      // as marked when it was written (migrations/20261203000100_activity_log_actions.ts).
      // The export has every row: a file has no entry to open.
      grouped(query, value, ctx) {
        if ((value !== true && value !== 'true') || ctx.path.endsWith('/export.csv')) return;
        query.where('activityLogs.leads', true);
      },
    },
    export: {
      title: 'menu.activity_logs',
      // As the list shows them: the actor by name, the record by the name it had (ActivityLogList.tsx).
      columns: [{ field: 'at', as: 'instant' }, { field: 'username', sql: `coalesce(${USER_NAME}, activity_logs.username)` },
        { field: 'action', translate: 'activity_logs.actions' }, { field: 'entityType', translate: 'entity_types' },
        { field: 'entityId', sql: `coalesce(activity_logs.entity_label, '#' || activity_logs.entity_id)` }, { field: 'ip' }],
    },
  },
};
