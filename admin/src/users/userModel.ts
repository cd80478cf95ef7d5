import type { Identifier, RaRecord } from 'react-admin';
import { rolesManagedBy, ROLES, USER_STATUSES, type Role, type UserStatus } from '@kernel/users/roles';
import { personName } from '@kernel/users/personName';

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

/** The edit path is /users/{id}/edit (docs/routes-and-pages.md#route-table), not react-admin's default /users/{id}. */
export const userEditPath = (id: Identifier) => `/users/${id}/edit`;

export const fullName = (user: Pick<UserRecord, 'firstName' | 'lastName'>) => personName(user);

/**
 * The roles an actor may hand out (kernel/users/roles.ts rolesManagedBy). The record's own role
 * is listed too, greyed out when the actor may not give it, so the form shows what it holds.
 */
export function roleChoices(actorRole: Role | undefined, currentRole?: Role) {
  const given = actorRole ? rolesManagedBy(actorRole) : [];
  return ROLES.filter((role) => given.includes(role) || role === currentRole)
    .map((role) => ({ id: role, name: `roles.${role}`, disabled: !given.includes(role) }));
}

export const ROLE_CHOICES = ROLES.map((role) => ({ id: role, name: `roles.${role}` }));

export const STATUS_CHOICES = USER_STATUSES.map((status) => ({ id: status, name: `user_statuses.${status}` }));
