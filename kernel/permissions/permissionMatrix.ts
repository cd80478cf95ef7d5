import { ROLES, type Role } from '../users/roles';
import type { FieldGroup } from './fieldGroups';
import type { PageKey } from './pageKeys';

/** Administrators hold every page by rule (api/src/permissions/access.ts): their row of the matrix is not editable. */
export const EDITABLE_ROLES = ROLES.filter((role) => role !== 'admin');
export type EditableRole = (typeof EDITABLE_ROLES)[number];

/**
 * Only administrators manage permissions
 * (docs/roles-and-permissions.md#grants-and-denials-per-user): no role or user is granted this
 * page.
 */
export const ADMIN_ONLY_PAGE: PageKey = 'permissions';

export interface UserOverrides {
  userId: number;
  username: string;
  name: string;
  role: Role;
  grants: PageKey[];
  denials: PageKey[];
}

/** The role × page matrix and the per-user grants and denials, as GET /api/permissions answers. */
export interface PermissionMatrix {
  pages: PageKey[];
  roles: Record<EditableRole, PageKey[]>;
  users: UserOverrides[];
  /** The roles whose people must sign in with a second factor (DESIGN §16). */
  secondFactorRoles: Role[];
  /** The field groups each role sees (kernel/permissions/fieldGroups.ts); administrators all, by rule. */
  fieldGroups: Record<EditableRole, FieldGroup[]>;
  /** A fingerprint of the matrix: a PUT that sends it is refused (409) if someone saved meanwhile. */
  version: string;
}

/** What PUT /api/permissions reads from its body. */
export interface MatrixChange {
  roles?: Partial<Record<EditableRole, PageKey[]>>;
  users?: Array<{ userId: number; grants: PageKey[]; denials: PageKey[] }>;
  secondFactorRoles?: Role[];
  fieldGroups?: Partial<Record<EditableRole, FieldGroup[]>>;
  version?: string;
}
