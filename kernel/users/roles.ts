export const ROLES = ['admin', 'director', 'manager', 'team_leader', 'biller', 'regional_dispatcher'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['active', 'inactive', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * The roles a non-administrator holding the `users` page manages and hands out
 * (docs/roles-and-permissions.md#who-manages-which-accounts): admin, director and manager accounts
 * are an administrator's alone, or a manager could take one over (reset its password, then sign in
 * with it) or raise someone to its level.
 */
export const STAFF_ROLES: readonly Role[] = ['team_leader', 'biller', 'regional_dispatcher'];

/** The roles whose accounts `actorRole` manages, and the only roles it may give. */
export const rolesManagedBy = (actorRole: Role): readonly Role[] => (actorRole === 'admin' ? ROLES : STAFF_ROLES);

/**
 * Whether the actor may edit, activate, delete, restore, purge, reset the password of or sign out
 * this account. One's own account is always one's own to look after (the role they may give still
 * caps a role change, and deactivating or deleting oneself is refused elsewhere).
 * Stated here so the server (userRules.ts) and the admin (users/useActor.ts) apply the same rule.
 */
export const mayManageUser = (actor: { id: number; role: Role }, target: { id: number; role: Role }): boolean =>
  actor.id === target.id || rolesManagedBy(actor.role).includes(target.role);
