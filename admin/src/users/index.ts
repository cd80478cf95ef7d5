import GroupIcon from '@mui/icons-material/Group';
import { lazy } from 'react';
import { fullName, type UserRecord } from './userModel';

/** The users resource: list, create, and edit at /users/{id}/edit (docs/routes-and-pages.md#route-table). */
export default {
  list: lazy(() => import('./UserList')),
  create: lazy(() => import('./UserCreate')),
  edit: lazy(() => import('./UserEdit')),
  icon: GroupIcon,
  recordRepresentation: (user: UserRecord) => `${fullName(user)} (${user.username})`,
};
