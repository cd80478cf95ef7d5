import type { ResourceDef } from '../resources/resource';
import { personNameSql } from '../users/personNameSql';
import { ActivityLog } from './ActivityLog';

/** Who acted, by the name they have now (the log keeps their username as it was). */
const USER_NAME = `(select nullif(${personNameSql('u')}, '') from users u where u.id = activity_logs.user_id)`;

/** Append-only: listed and read, never written through the API. */
export const activityLogsResource: ResourceDef = {
  name: 'activity-logs',
  entityType: 'activity_log',
  model: ActivityLog,
  pageKey: 'activity_logs',
  label: 'action',
  sortable: ['id', 'at', 'username', 'action', 'entityType'],
  defaultSort: { field: 'at', order: 'desc' },
  search: ['username', 'action', 'entityType', 'entityId'],
  filters: { userId: 'eq', action: 'eq', entityType: 'eq', entityId: 'eq', at: 'range' },
  writable: false,
  computed: { userName: USER_NAME },
  softDelete: false,
  // Which browser tab acted, and the areas an order was in, are for the live stream only (docs/live-updates.md).
  hidden: ['tabId', 'orderAreaIds'],
  export: {
    title: 'menu.activity_logs',
    // As the list shows them: the actor by name, the record by the name it had (ActivityLogList.tsx).
    columns: [{ field: 'at', as: 'instant' }, { field: 'username', sql: `coalesce(${USER_NAME}, activity_logs.username)` },
      { field: 'action', translate: 'activity_logs.actions' }, { field: 'entityType', translate: 'entity_types' },
      { field: 'entityId', sql: `coalesce(activity_logs.entity_label, '#' || activity_logs.entity_id)` }, { field: 'ip' }],
  },
};
