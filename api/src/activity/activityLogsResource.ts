import type { ResourceDef } from '../resources/resource';
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
  softDelete: false,
  // Which browser tab acted, and the areas an order was in, are for the live stream only (docs/live-updates.md).
  hidden: ['tabId', 'orderAreaIds'],
  export: {
    title: 'menu.activity_logs',
    columns: [{ field: 'at', as: 'instant' }, { field: 'username' }, { field: 'action', translate: 'activity_logs.actions' },
      { field: 'entityType', translate: 'entity_types' }, { field: 'entityId' }, { field: 'ip' }],
  },
};
