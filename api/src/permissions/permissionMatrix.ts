import { createHash } from 'node:crypto';
import Joi from 'joi';
import type { Knex } from 'knex';
import { logActivity } from '../activity/logActivity';
import { type FieldProblems, fieldText, httpError, problem } from '../foundation/httpError';
import type { Ctx } from '../resources/resource';
import { FIELD_GROUPS, type FieldGroup } from '@kernel/permissions/fieldGroups';
import { PAGE_KEYS, type PageKey } from '@kernel/permissions/pageKeys';
import {
  ADMIN_ONLY_PAGE, EDITABLE_ROLES, type EditableRole, type MatrixChange, type PermissionMatrix, type UserOverrides,
} from '@kernel/permissions/permissionMatrix';
import { ROLES, type Role } from '@kernel/users/roles';
import { personName } from '@kernel/users/personName';
import { liveRows } from '../db/liveRows';
import { User } from '../users/User';
import { recordId } from '../resources/fields';
import { requiredRoles } from '../auth/secondFactor';

const pageKey = Joi.string().valid(...PAGE_KEYS).messages({ 'any.only': 'Unknown page key', 'string.base': fieldText('invalid_format') });
const pageList = Joi.array().items(pageKey).unique().messages({ 'array.base': fieldText('invalid_format'),
  'array.unique': 'Listed twice' });

/** The PUT body: the GET answer's shape; `pages` and the users' names are echoes and ignored. */
export const matrixChangeSchema = Joi.object({
  pages: Joi.array().items(Joi.string()),
  roles: Joi.object(Object.fromEntries(EDITABLE_ROLES.map((role) => [role, pageList])))
    .messages({ 'object.unknown': 'Unknown role or not editable', 'object.base': fieldText('invalid_format') }),
  users: Joi.array().max(1000).items(Joi.object({
    userId: recordId().required()
      .messages({ 'any.required': fieldText('required'), 'number.base': fieldText('invalid_format'), 'number.integer': fieldText('invalid_format') }),
    username: Joi.string().allow(''),
    name: Joi.string().allow(''),
    role: Joi.string(),
    grants: pageList.default([]),
    denials: pageList.default([]),
  })).messages({ 'array.base': fieldText('invalid_format') }),
  secondFactorRoles: Joi.array().items(Joi.string().valid(...ROLES).messages({ 'any.only': 'Unknown role' })).unique()
    .messages({ 'array.base': fieldText('invalid_format'), 'array.unique': 'Listed twice' }),
  fieldGroups: Joi.object(Object.fromEntries(EDITABLE_ROLES.map((role) => [role, Joi.array()
    .items(Joi.string().valid(...FIELD_GROUPS).messages({ 'any.only': 'Unknown field group' })).unique()
    .messages({ 'array.base': fieldText('invalid_format'), 'array.unique': 'Listed twice' })])))
    .messages({ 'object.unknown': 'Unknown role or not editable', 'object.base': fieldText('invalid_format') }),
  version: Joi.string(),
});

const byRoleOrder = (roles: Iterable<Role>): Role[] => {
  const set = new Set(roles);
  return ROLES.filter((role) => set.has(role));
};

const byPageOrder = (pages: Iterable<PageKey>): PageKey[] => {
  const set = new Set(pages);
  return PAGE_KEYS.filter((key) => set.has(key));
};

const byGroupOrder = (groups: Iterable<FieldGroup>): FieldGroup[] => {
  const set = new Set(groups);
  return FIELD_GROUPS.filter((group) => set.has(group));
};

function fingerprint({ roles, users, secondFactorRoles, fieldGroups }: Omit<PermissionMatrix, 'pages' | 'version'>): string {
  const canonical = JSON.stringify([roles, users.map(({ userId, grants, denials }) => [userId, grants, denials]), secondFactorRoles,
    fieldGroups]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

/** Reads the matrix; role rows that are not `allowed` count as absent (the guard reads them so). */
export async function readMatrix(db: Knex | Knex.Transaction): Promise<PermissionMatrix> {
  const roleRows: Array<{ role: EditableRole; pageKey: PageKey }> = await db('pagePermissions as p')
    .whereRaw(liveRows('p')).whereIn('role', EDITABLE_ROLES).where('allowed', true).select('role', 'pageKey');
  const roles = Object.fromEntries(EDITABLE_ROLES.map((role) =>
    [role, byPageOrder(roleRows.filter((r) => r.role === role).map((r) => r.pageKey))])) as PermissionMatrix['roles'];

  const userRows: Array<{ userId: number; username: string; firstName: string; lastName: string; role: Role;
    pageKey: PageKey; allowed: boolean }> = await db('pagePermissions as p')
    .join('users as u', 'u.id', 'p.userId')
    .whereRaw(liveRows('p')).whereRaw(liveRows('u'))
    .select('p.userId', 'u.username', 'u.firstName', 'u.lastName', 'u.role', 'p.pageKey', 'p.allowed')
    .orderBy('u.username');
  const users = new Map<number, UserOverrides>();
  for (const row of userRows) {
    const entry = users.get(row.userId) ?? { userId: row.userId, username: row.username,
      name: personName(row), role: row.role, grants: [], denials: [] };
    (row.allowed ? entry.grants : entry.denials).push(row.pageKey);
    users.set(row.userId, entry);
  }
  const userList = [...users.values()].map((u) => ({ ...u, grants: byPageOrder(u.grants), denials: byPageOrder(u.denials) }));
  const secondFactorRoles = byRoleOrder(await requiredRoles(db));
  const groupRows: Array<{ role: EditableRole; fieldGroup: FieldGroup }> = await db('fieldGroupRoles').select('role', 'fieldGroup');
  const fieldGroups = Object.fromEntries(EDITABLE_ROLES.map((role) =>
    [role, byGroupOrder(groupRows.filter((r) => r.role === role).map((r) => r.fieldGroup))])) as PermissionMatrix['fieldGroups'];
  const matrix = { roles, users: userList, secondFactorRoles, fieldGroups };
  return { pages: [...PAGE_KEYS], ...matrix, version: fingerprint(matrix) };
}

/**
 * The checks joi cannot make: the admin-only page, a page both granted and denied, users that
 * exist. Answers the usernames of the users sent, for the activity log.
 */
async function assertValid(trx: Knex.Transaction, change: MatrixChange): Promise<Map<number, string>> {
  const errors: FieldProblems = {};
  for (const [role, pages] of Object.entries(change.roles ?? {})) {
    if (pages.includes(ADMIN_ONLY_PAGE)) errors[`roles.${role}`] = problem('not_allowed', 'Only administrators manage permissions');
  }
  const users = change.users ?? [];
  const ids = users.map((u) => u.userId);
  const live = new Map<number, string>((await User.query(trx).modify('live').whereIn('id', ids)
    .select('id', 'username')).map((u) => [u.id, u.username]));
  users.forEach((user, i) => {
    if (!live.has(user.userId)) errors[`users.${i}.userId`] = problem('unknown_id', `Unknown id ${user.userId}`, { ids: String(user.userId) });
    else if (ids.indexOf(user.userId) !== i) errors[`users.${i}.userId`] = problem('duplicate', 'Listed twice');
    if (user.grants.includes(ADMIN_ONLY_PAGE)) errors[`users.${i}.grants`] = problem('not_allowed', 'Only administrators manage permissions');
    const both = user.grants.filter((page) => user.denials.includes(page));
    if (both.length > 0) errors[`users.${i}.denials`] = problem('duplicate', `Both granted and denied: ${both.join(', ')}`, { pages: both.join(', ') });
  });
  const fields = Object.keys(errors);
  if (fields.length > 0) throw httpError('invalid_input', `Invalid input: ${fields.join(', ')}`, { params: { fields: fields.join(', ') }, fields: errors });
  return live;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.join() === b.join();

/**
 * Applies a change in one transaction: `roles` replaces the defaults of each role it names, and
 * `fieldGroups` the field groups of each role it names;
 * `users`, when sent, is the complete list of per-user overrides (a live user left out has
 * none). Only what changed is rewritten, and logged with its before and after. The rows of a
 * changed role or user are replaced, not soft-deleted: the activity log is their history.
 */
export async function writeMatrix(ctx: Ctx, change: MatrixChange): Promise<PermissionMatrix> {
  return ctx.state.db.transaction(async (trx) => {
    // One writer at a time, so the version check below cannot race another save.
    await trx.raw('lock table page_permissions in share row exclusive mode');
    const current = await readMatrix(trx);
    if (change.version !== undefined && change.version !== current.version) {
      throw httpError('version_conflict', 'The permissions were changed by someone else meanwhile: reload them and apply your change again',
        { params: { version: current.version, yours: change.version }, fields: { version: problem('stale_version', 'Stale version') } });
    }
    const usernames = await assertValid(trx, change);
    const changes: Record<string, { before: unknown; after: unknown }> = {};

    for (const [role, sent] of Object.entries(change.roles ?? {}) as Array<[EditableRole, PageKey[]]>) {
      const pages = byPageOrder(sent);
      if (sameList(pages, current.roles[role])) continue;
      await trx('pagePermissions').where({ role }).delete();
      if (pages.length > 0) await trx('pagePermissions').insert(pages.map((key) => ({ role, pageKey: key, allowed: true })));
      changes[`roles.${role}`] = { before: current.roles[role], after: pages };
    }

    if (change.users) {
      const sent = new Map(change.users.map((u) => [u.userId, { grants: byPageOrder(u.grants), denials: byPageOrder(u.denials) }]));
      const before = new Map(current.users.map((u) => [u.userId, u]));
      const none = { grants: [] as PageKey[], denials: [] as PageKey[] };
      for (const userId of new Set([...sent.keys(), ...before.keys()])) {
        const old = before.get(userId) ?? none;
        const next = sent.get(userId) ?? none;
        if (sameList(old.grants, next.grants) && sameList(old.denials, next.denials)) continue;
        await trx('pagePermissions').where({ userId }).delete();
        const rows = [...next.grants.map((key) => ({ userId, pageKey: key, allowed: true })),
          ...next.denials.map((key) => ({ userId, pageKey: key, allowed: false }))];
        if (rows.length > 0) await trx('pagePermissions').insert(rows);
        changes[`users.${before.get(userId)?.username ?? usernames.get(userId)}`] = { before: { grants: old.grants, denials: old.denials },
          after: { grants: next.grants, denials: next.denials } };
      }
    }

    if (change.secondFactorRoles) {
      const required = byRoleOrder(change.secondFactorRoles);
      if (!sameList(required, current.secondFactorRoles)) {
        await trx('secondFactorRoles').delete();
        if (required.length > 0) await trx('secondFactorRoles').insert(required.map((role) => ({ role })));
        changes.secondFactorRoles = { before: current.secondFactorRoles, after: required };
      }
    }

    for (const [role, sent] of Object.entries(change.fieldGroups ?? {}) as Array<[EditableRole, FieldGroup[]]>) {
      const groups = byGroupOrder(sent);
      if (sameList(groups, current.fieldGroups[role])) continue;
      await trx('fieldGroupRoles').where({ role }).delete();
      if (groups.length > 0) await trx('fieldGroupRoles').insert(groups.map((fieldGroup) => ({ role, fieldGroup })));
      changes[`fieldGroups.${role}`] = { before: current.fieldGroups[role], after: groups };
    }

    if (Object.keys(changes).length > 0) {
      await logActivity(trx, ctx, { action: 'update', entityType: 'permission', changes });
    }
    return readMatrix(trx);
  });
}
