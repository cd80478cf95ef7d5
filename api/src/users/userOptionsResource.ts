import { requireActiveUser } from '../middleware/guard';
import { ofPicker, type ResourceDef } from '../resources/resource';
import { User } from './User';

/**
 * Names of live users for pickers: an order's assigned user and creator, the activity log's user
 * filter, the permissions page's user overrides. Any active user reads it, though they may not
 * have the `users` page; nothing but id, names, role and status. A pending registration does not
 * (docs/roles-and-permissions.md#pending-users: the dashboard and their own account only, no staff lists).
 */
export const userOptionsResource: ResourceDef<User> = {
  ...ofPicker('user'),
  model: User,
  guards: { read: requireActiveUser() },
  label: 'username',
  hidden: ['passwordHash', 'email', 'phone', 'lastLoginAt', 'createdAt', 'updatedAt', 'version'],
  list: {
    sortable: ['id', 'username', 'firstName', 'lastName', 'role'],
    sortKeys: { lastName: 'lastNameSort', firstName: 'firstNameSort' },
    defaultSort: { field: 'firstName', order: 'asc' },
    search: ['username', 'firstName', 'lastName'],
    filters: { role: 'eq', status: 'eq' },
  },
};
