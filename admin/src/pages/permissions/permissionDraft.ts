import { useMemo } from 'react';
import type { TranslateFunction } from 'react-admin';
import type { PageKey } from '@kernel/permissions/pageKeys';
import { FIELD_GROUPS, type FieldGroup } from '@kernel/permissions/fieldGroups';
import { ROLES, type Role } from '@kernel/users/roles';
import {
  ADMIN_ONLY_PAGE, type EditableRole, type PermissionMatrix, type UserOverrides,
} from '@kernel/permissions/permissionMatrix';
import type { MenuEntry, MenuLinkDef } from '../../layout/menuItems';
import { useShell } from '../../layout/Shell';

export { ADMIN_ONLY_PAGE, type EditableRole, type PermissionMatrix, type UserOverrides };

/** The matrix's rows: the sidebar's pages in its order and groups, labelled by its items. */
export interface PageRow {
  pageKey: PageKey;
  /** The menu labels of the page (reports has two items). */
  labels: string[];
}
export interface PageGroup {
  /** The group's label, or undefined for top-level items. */
  label?: string;
  rows: PageRow[];
}

function rowsOf(items: MenuLinkDef[]): PageRow[] {
  const rows = new Map<PageKey, string[]>();
  for (const item of items) rows.set(item.pageKey, [...(rows.get(item.pageKey) ?? []), item.label]);
  return [...rows].map(([pageKey, labels]) => ({ pageKey, labels }));
}

/** The matrix's pages, read from the sidebar. */
export interface MatrixPages {
  groups: PageGroup[];
  /** The page keys in the matrix's order (the sidebar's). */
  order: PageKey[];
  /** A page's name in the UI's language: its menu labels ('数据报表 / 账单报表'), never its key. */
  name: (page: PageKey, translate: TranslateFunction) => string;
}

function matrixPagesOf(sidebar: MenuEntry[]): MatrixPages {
  const groups: PageGroup[] = [
    { rows: rowsOf(sidebar.filter((entry): entry is MenuLinkDef => entry !== 'separator' && !('group' in entry))) },
    ...sidebar.flatMap((entry) => (entry !== 'separator' && 'group' in entry ? [{ label: entry.label, rows: rowsOf(entry.items) }] : [])),
  ];
  const labels = new Map(groups.flatMap((group) => group.rows.map((row) => [row.pageKey, row.labels])));
  return {
    groups,
    order: groups.flatMap((group) => group.rows.map((row) => row.pageKey)),
    name: (page, translate) => (labels.get(page) ?? [page]).map((label) => translate(label)).join(' / '),
  };
}

/** The matrix's pages from the sidebar the table of contents handed the layout. */
export function useMatrixPages(): MatrixPages {
  const { sidebar } = useShell();
  return useMemo(() => matrixPagesOf(sidebar), [sidebar]);
}

const inPageOrder = (order: PageKey[], pages: Iterable<PageKey>) => {
  const set = new Set(pages);
  return order.filter((page) => set.has(page));
};

export interface Draft {
  roles: PermissionMatrix['roles'];
  users: UserOverrides[];
  secondFactorRoles: Role[];
  fieldGroups: PermissionMatrix['fieldGroups'];
}

/** What the editor starts from: the matrix as saved. */
export const draftOf = ({ roles, users, secondFactorRoles, fieldGroups }: PermissionMatrix): Draft =>
  ({ roles, users, secondFactorRoles, fieldGroups });

/** Ticks or clears a role's field group (the prices it sees). */
export const toggleFieldGroup = (draft: Draft, role: EditableRole, group: FieldGroup): Draft => {
  const groups = draft.fieldGroups[role];
  return { ...draft, fieldGroups: { ...draft.fieldGroups,
    [role]: FIELD_GROUPS.filter((g) => (g === group ? !groups.includes(g) : groups.includes(g))) } };
};

/** Ticks or clears a role's "two-step sign-in required". */
export const toggleSecondFactor = (draft: Draft, role: Role): Draft => ({ ...draft,
  secondFactorRoles: draft.secondFactorRoles.includes(role) ? draft.secondFactorRoles.filter((r) => r !== role)
    : ROLES.filter((r) => r === role || draft.secondFactorRoles.includes(r)) });

export function toggleRolePage(draft: Draft, role: EditableRole, page: PageKey, order: PageKey[]): Draft {
  const pages = draft.roles[role];
  const next = pages.includes(page) ? pages.filter((p) => p !== page) : inPageOrder(order, [...pages, page]);
  return { ...draft, roles: { ...draft.roles, [role]: next } };
}

export function setUserPages(draft: Draft, userId: number, list: 'grants' | 'denials', pages: PageKey[], order: PageKey[]): Draft {
  return { ...draft, users: draft.users.map((u) => (u.userId === userId ? { ...u, [list]: inPageOrder(order, pages) } : u)) };
}

export const addUser = (draft: Draft, user: Omit<UserOverrides, 'grants' | 'denials'>): Draft =>
  (draft.users.some((u) => u.userId === user.userId) ? draft
    : { ...draft, users: [...draft.users, { ...user, grants: [], denials: [] }] });

export const removeUser = (draft: Draft, userId: number): Draft =>
  ({ ...draft, users: draft.users.filter((u) => u.userId !== userId) });

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
const overridesOf = (users: UserOverrides[], userId: number) =>
  users.find((u) => u.userId === userId) ?? { grants: [], denials: [] };

/** The roles and users whose pages (or, for a role, two-step sign-in or field groups) differ from what the server holds. */
export function changedSubjects(saved: Draft, draft: Draft): { roles: Role[]; users: number[] } {
  const roles = ROLES.filter((role) => (role !== 'admin' && (!sameSet(saved.roles[role], draft.roles[role])
    || !sameSet(saved.fieldGroups[role], draft.fieldGroups[role])))
    || saved.secondFactorRoles.includes(role) !== draft.secondFactorRoles.includes(role));
  const ids = new Set([...saved.users, ...draft.users].map((u) => u.userId));
  const users = [...ids].filter((id) => {
    const [a, b] = [overridesOf(saved.users, id), overridesOf(draft.users, id)];
    return !sameSet(a.grants, b.grants) || !sameSet(a.denials, b.denials);
  });
  return { roles, users };
}
