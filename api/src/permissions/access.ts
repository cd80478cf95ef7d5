import type { Knex } from 'knex';
import { PAGE_KEYS, type PageKey } from '@kernel/permissions/pageKeys';
import { FIELD_GROUPS, withheldFields, type FieldGroup } from '@kernel/permissions/fieldGroups';
import type { Role, UserStatus } from '@kernel/users/roles';
import { liveRows } from '../db/liveRows';

/**
 * What the page check reads of a user (a users/User): under the route guards, and so under the
 * generic layers, it names no model of a domain.
 */
export interface Person {
  id: number;
  role: Role;
  status: UserStatus;
}

/** A permission row of a user's role (userId null) or of the user. */
export interface PermissionRow { pageKey: PageKey; allowed: boolean; userId: number | null }

/** A user's permission rows and their role's field groups, as one column read with the user. */
export interface AccessRead { pages: PermissionRow[]; fieldGroups: FieldGroup[] }

/** What was read in the same statement as the user (the session's read): no second query. */
const readWithUser = new WeakMap<Person, AccessRead>();

/**
 * The SQL of a user's permission rows and their role's field groups as JSON, for a query over
 * `users as u` that reads them with the user; `readWith` keeps them for that user object.
 */
export const accessSql = `json_build_object('pages', (select coalesce(json_agg(json_build_object('pageKey', p.page_key,
  'allowed', p.allowed, 'userId', p.user_id)), '[]') from page_permissions p where ${liveRows('p')} and (p.role = u.role or p.user_id = u.id)),
  'fieldGroups', (select coalesce(json_agg(f.field_group), '[]') from field_group_roles f where f.role = u.role))`;
export const readWith = (user: Person, read: AccessRead) => readWithUser.set(user, read);

/**
 * The pages a user may open: admins all; a pending user only the dashboard; anyone else their
 * role's defaults plus their own grants minus their own denials.
 */
export async function accessiblePages(db: Knex, user: Person): Promise<PageKey[]> {
  if (user.status !== 'active') return ['dashboard'];
  if (user.role === 'admin') return [...PAGE_KEYS];
  const rows: PermissionRow[] = readWithUser.get(user)?.pages ?? await db('pagePermissions as p')
    .whereRaw(liveRows('p'))
    .andWhere((q) => q.where({ role: user.role }).orWhere({ userId: user.id }))
    .select('pageKey', 'allowed', 'userId');
  const pages = new Set(rows.filter((r) => r.userId === null && r.allowed).map((r) => r.pageKey));
  for (const row of rows.filter((r) => r.userId !== null)) {
    if (row.allowed) pages.add(row.pageKey);
    else pages.delete(row.pageKey);
  }
  return PAGE_KEYS.filter((key) => pages.has(key));
}

export async function canAccessPage(db: Knex, user: Person, pageKey: PageKey): Promise<boolean> {
  return (await accessiblePages(db, user)).includes(pageKey);
}

/**
 * The SQL condition (over `users as u`) that a user may open a page, as accessiblePages decides it
 * for one user, for a statement that finds all of them at once: active, and an admin, or their own
 * grant or denial of the page, else their role's.
 */
export const mayOpenPageSql = (pageKey: PageKey): string => {
  const row = (who: string) => `(select p.allowed from page_permissions p where ${liveRows('p')} and ${who} and p.page_key = '${pageKey}' limit 1)`;
  return `(u.status = 'active' and (u.role = 'admin' or coalesce(${row('p.user_id = u.id')}, ${row('p.user_id is null and p.role = u.role')}, false)))`;
};

/**
 * The field groups a user holds (docs/roles-and-permissions.md#field-groups): admins all; a user who
 * is not active none; anyone else their role's.
 */
export async function heldFieldGroups(db: Knex, user: Person): Promise<FieldGroup[]> {
  if (user.status !== 'active') return [];
  if (user.role === 'admin') return [...FIELD_GROUPS];
  const held = readWithUser.get(user)?.fieldGroups
    ?? (await db('fieldGroupRoles').where({ role: user.role }).select('fieldGroup')).map((row: { fieldGroup: FieldGroup }) => row.fieldGroup);
  return FIELD_GROUPS.filter((group) => held.includes(group));
}

/** The names of a record type's fields, sorts and filters the user may not see (kernel/permissions/fieldGroups.ts). */
export async function withheldFrom(db: Knex, user: Person, entityType: string): Promise<ReadonlySet<string>> {
  return new Set(withheldFields(entityType, await heldFieldGroups(db, user)));
}
