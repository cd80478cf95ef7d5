import Joi from 'joi';
import { hashPassword } from '../auth/passwords';
import { usernameRule } from '../auth/schemas';
import { fieldText, httpError, problem } from '../foundation/httpError';
import { endSessionsOf } from '../middleware/session';
import { email, idList, partial, phone, requiredText } from '../resources/fields';
import { ofRecordType, type Input, type ResourceDef } from '../resources/resource';
import { ROLES, USER_STATUSES } from '@kernel/users/roles';
import { personNameSql } from './personNameSql';
import { User } from './User';
import {
  assertAnotherActiveAdmin, assertMayGrant, assertMayManage, assertUsernameFree, deliveryAreasFor, newPassword,
} from './userRules';

const choice = (values: readonly string[]) => Joi.string().valid(...values)
  .messages({ 'any.only': fieldText('invalid_value'), 'string.base': fieldText('invalid_format'), 'any.required': fieldText('required') });

/** What an edit may change; a password changes only through POST /api/users/:id/reset-password. */
const profile = Joi.object({
  username: usernameRule.required().messages({ 'any.required': fieldText('required'),
    'string.empty': fieldText('required'), 'string.min': 'At least {#limit} characters',
    'string.max': 'At most {#limit} characters', 'string.base': fieldText('invalid_format') }),
  firstName: requiredText(100),
  lastName: requiredText(100),
  role: choice(ROLES).required(),
  status: choice(USER_STATUSES).default('active'),
  email: email(),
  phone: phone(),
  deliveryAreaIds: idList(),
});

const create = profile.keys({ password: newPassword() });

/** What `create` passes: the account's required fields and a password, which is never stored. */
type NewUser = Input<User> & Pick<User, 'username' | 'role'> & { password: string };

/** Sets `deliveryAreaIds` only when it is to be written: a present key rewrites the user's areas. */
const withAreas = (data: Input<User>, areas: number[] | undefined): Input<User> => {
  const { deliveryAreaIds: _sent, ...rest } = data;
  return areas === undefined ? rest : { ...rest, deliveryAreaIds: areas };
};

/** Its deliveryAreaIds are User's deliveryAreas relation. */
export const usersResource: ResourceDef<User, NewUser> = {
  ...ofRecordType('user'),
  model: User,
  label: 'username',
  hidden: ['passwordHash'],
  list: {
    sortable: ['id', 'username', 'firstName', 'lastName', 'role', 'status', 'email', 'lastLoginAt', 'createdAt', 'updatedAt'],
    sortKeys: { lastName: 'lastNameSort', firstName: 'firstNameSort' },
    defaultSort: { field: 'username', order: 'asc' },
    search: ['username', 'firstName', 'lastName', 'email'],
    filters: { role: 'eq', status: 'eq' },
    export: {
      title: 'menu.users',
      columns: [{ field: 'username' }, { field: 'name', sql: personNameSql('users') }, { field: 'role', translate: 'roles' },
        { field: 'status', translate: 'user_statuses' }, { field: 'email' }, { field: 'phone' },
        { field: 'lastLoginAt', as: 'instant' }, { field: 'createdAt', as: 'day' }],
    },
  },
  write: { schemas: { create, update: partial(profile) }, readOnly: ['lastLoginAt'] },
  hooks: {
    async beforeCreate(ctx, data, trx) {
      assertMayGrant(ctx.state.user!, data.role);
      await assertUsernameFree(trx, data.username);
      const { password, ...rest } = data;
      const passwordHash = await hashPassword(password, ctx.state.config.passwordHashCost);
      return withAreas({ ...rest, passwordHash }, deliveryAreasFor(data.role, data.deliveryAreaIds));
    },
    async beforeUpdate(ctx, patch, existing, trx) {
      const actor = ctx.state.user!;
      assertMayManage(actor, existing);
      // An edit form sends the role back unchanged: only a different role is a grant.
      if (patch.role !== undefined && patch.role !== existing.role) assertMayGrant(actor, patch.role);
      const deactivating = patch.status !== undefined && patch.status !== 'active' && existing.status === 'active';
      if (deactivating && existing.id === actor.id) {
        throw httpError('own_account', 'You cannot deactivate your own account',
          { fields: { status: problem('not_yourself', 'You cannot deactivate yourself') } });
      }
      if (deactivating || (patch.role !== undefined && patch.role !== 'admin')) {
        await assertAnotherActiveAdmin(trx, existing, 'demoted or deactivated');
      }
      if (patch.username !== undefined && patch.username.toLowerCase() !== existing.username.toLowerCase()) {
        await assertUsernameFree(trx, patch.username, existing.id);
      }
      // A deactivated user is signed out everywhere at once (docs/api-conventions.md#sessions).
      if (patch.status === 'inactive' && existing.status !== 'inactive') await endSessionsOf(trx, existing.id);
      return withAreas(patch, deliveryAreasFor(patch.role ?? existing.role, patch.deliveryAreaIds, existing.deliveryAreaIds));
    },
    async beforeDelete(ctx, existing, trx) {
      const actor = ctx.state.user!;
      if (existing.id === actor.id) throw httpError('own_account', 'You cannot delete your own account');
      assertMayManage(actor, existing);
      await assertAnotherActiveAdmin(trx, existing, 'deleted');
      await endSessionsOf(trx, existing.id);
    },
    beforeTrashAction(ctx, deleted) {
      assertMayManage(ctx.state.user!, deleted);
    },
  },
};
