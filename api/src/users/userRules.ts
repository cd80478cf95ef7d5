import type { Knex } from 'knex';
import { isCommonPassword } from '@kernel/auth/passwordRules';
import { passwordRule } from '../auth/schemas';
import { fieldRefusal, fieldText, httpError, problem } from '../foundation/httpError';
import type { Row } from '../resources/resource';
import { mayManageUser, rolesManagedBy, type Role } from '@kernel/users/roles';
import { User } from './User';

/** A new password: the registration rules (8–128 characters, not one of the most common). */
export const newPassword = () => passwordRule.required()
  .custom((value: string, helpers) => (isCommonPassword(value) ? helpers.error('password.common') : value))
  .messages({
    'any.required': fieldText('required'),
    'string.empty': fieldText('required'),
    'string.base': fieldText('invalid_format'),
    'string.min': 'At least {#limit} characters',
    'string.max': 'At most {#limit} characters',
    'password.common': 'This password is too common, choose another',
  });

/** Every role but the staff roles is an administrator's to give (kernel/users/roles.ts rolesManagedBy). */
export function assertMayGrant(actor: User, role: unknown): void {
  if (rolesManagedBy(actor.role).includes(role as Role)) return;
  const roles = rolesManagedBy(actor.role).join(', ');
  throw httpError('grant_denied', `Access denied: only an administrator may give the role "${String(role)}"; you may give ${roles}`,
    { params: { role: String(role), roles }, fields: { role: problem('not_allowed', 'Not allowed') } });
}

/**
 * The one check of every route that touches an existing account (edit, activate, delete, restore,
 * purge, reset password, sign out everywhere): only administrators manage admin, director and
 * manager accounts (kernel/users/roles.ts mayManageUser).
 */
export function assertMayManage(actor: User, target: Row): void {
  if (mayManageUser(actor, target as { id: number; role: Role })) return;
  const roles = rolesManagedBy(actor.role).join(', ');
  throw httpError('manage_denied', `Access denied: only an administrator may manage the account "${target.username}" `
    + `(role ${target.role}); you may manage ${roles}`, { params: { username: target.username, role: target.role, roles } });
}

/**
 * Refuses to take away the last active administrator, or nobody could manage the system any more.
 * The other active admins are locked, so two admins demoting each other at once cannot both win.
 */
export async function assertAnotherActiveAdmin(trx: Knex.Transaction, user: Row, what: string): Promise<void> {
  if (user.role !== 'admin' || user.status !== 'active') return;
  const others = await User.query(trx).modify('live').where({ role: 'admin', status: 'active' })
    .whereNot('id', user.id).forUpdate().select('id');
  if (others.length === 0) {
    throw httpError('last_admin', `The last active administrator cannot be ${what}: make another user an active administrator first`);
  }
}

/** The username is free among live users, in any letter case. */
export async function assertUsernameFree(trx: Knex.Transaction, username: string, exceptId?: number): Promise<void> {
  const query = User.query(trx).modify('live').whereRaw('lower(username) = lower(?)', [username]);
  if (exceptId !== undefined) query.whereNot('id', exceptId);
  if (await query.select('id').first()) {
    throw httpError('unique_violation', `The username "${username}" is already taken`,
      { params: { field: 'username' }, fields: { username: problem('already_exists', 'Already exists') } });
  }
}

/**
 * Delivery areas belong to regional dispatchers only: area ids sent for another role are refused,
 * and a user who stops being a dispatcher loses the areas they had.
 */
export function deliveryAreasFor(role: string, sent: number[] | undefined, had: number[] = []): number[] | undefined {
  if (role === 'regional_dispatcher') return sent;
  if (sent && sent.length > 0) {
    throw fieldRefusal('invalid_input', 'Only regional dispatchers have delivery areas', 'deliveryAreaIds',
      problem('not_for_role', 'Only regional dispatchers have delivery areas'));
  }
  return sent ?? (had.length > 0 ? [] : undefined);
}
