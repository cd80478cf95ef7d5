import type { ResourceDef } from '../resources/resource';
import { personNameSql } from '../users/personNameSql';
import { ActivityLog } from './ActivityLog';

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
  // Who acted, by the name they have now (the log keeps their username as it was).
  computed: { userName: `(select nullif(${personNameSql('u')}, '') from users u where u.id = activity_logs.user_id)` },
  softDelete: false,
  // Which browser tab acted, and the areas an order was in, are for the live stream only (docs/live-updates.md).
  hidden: ['tabId', 'orderAreaIds'],
};
