import type { Identifier, RaRecord } from 'react-admin';
import { ROLES, USER_STATUSES, type Role, type UserStatus } from '../../../api/src/users/roles';
import { personName } from '../../../api/src/users/personName';

/** A user as GET /api/users answers it (never a password hash). */
export interface UserRecord extends RaRecord {
  username: string;
  firstName: string;
  lastName: string;
  role: Role;
  status: UserStatus;
  email: string | null;
  phone: string | null;
  deliveryAreaIds: number[];
  lastLoginAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** The spec's edit path is /users/{id}/edit, not react-admin's default /users/{id}. */
export const userEditPath = (id: Identifier) => `/users/${id}/edit`;

export const fullName = (user: Pick<UserRecord, 'firstName' | 'lastName'>) => personName(user);

/**
 * The roles an actor may hand out: only an administrator grants `admin`. A manager looking at an
 * administrator still sees the role, greyed out, so the form shows what the record holds.
 */
export function roleChoices(actorRole: string | undefined, currentRole?: string) {
  return ROLES.filter((role) => role !== 'admin' || actorRole === 'admin' || currentRole === 'admin')
    .map((role) => ({ id: role, name: `roles.${role}`, disabled: role === 'admin' && actorRole !== 'admin' }));
}

export const ROLE_CHOICES = ROLES.map((role) => ({ id: role, name: `roles.${role}` }));

export const STATUS_CHOICES = USER_STATUSES.map((status) => ({ id: status, name: `user_statuses.${status}` }));
