import { requireUser } from '../middleware/guard';
import type { ResourceDef } from '../resources/resource';
import { User } from './User';

/**
 * Names of live users for pickers (an order's assigned user, the activity log's user filter):
 * readable by anyone signed in, who may not have the `users` page; nothing but id, names,
 * role and status.
 */
export const userOptionsResource: ResourceDef = {
  name: 'user-options',
  entityType: 'user',
  model: User,
  pageKey: 'users',
  guards: { read: requireUser() },
  label: 'username',
  sortable: ['id', 'username', 'firstName', 'lastName', 'role'],
  defaultSort: { field: 'firstName', order: 'asc' },
  search: ['username', 'firstName', 'lastName'],
  filters: { role: 'eq', status: 'eq' },
  hidden: ['passwordHash', 'email', 'phone', 'lastLoginAt', 'createdAt', 'updatedAt', 'version'],
  writable: false,
};
