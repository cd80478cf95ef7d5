import type { TranslateFunction } from 'react-admin';
import type { PageKey } from '@kernel/permissions/pageKeys';
import {
  ADMIN_ONLY_PAGE, type EditableRole, type PermissionMatrix, type UserOverrides,
} from '@kernel/permissions/permissionMatrix';
import { MENU, type MenuLinkDef } from '../../layout/menuItems';

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

export const PAGE_GROUPS: PageGroup[] = [
  { rows: rowsOf(MENU.filter((entry): entry is MenuLinkDef => entry !== 'separator' && !('group' in entry))) },
  ...MENU.flatMap((entry) => (entry !== 'separator' && 'group' in entry ? [{ label: entry.label, rows: rowsOf(entry.items) }] : [])),
];

const PAGE_LABELS = new Map(PAGE_GROUPS.flatMap((group) => group.rows.map((row) => [row.pageKey, row.labels])));

/** A page's name in the UI's language: its menu labels ('数据报表 / 账单报表'), never its key. */
export const pageName = (page: PageKey, translate: TranslateFunction): string =>
  (PAGE_LABELS.get(page) ?? [page]).map((label) => translate(label)).join(' / ');

/** The page keys in the matrix's order (the sidebar's). */
export const PAGE_ORDER: PageKey[] = PAGE_GROUPS.flatMap((group) => group.rows.map((row) => row.pageKey));
const inPageOrder = (pages: Iterable<PageKey>) => {
  const set = new Set(pages);
  return PAGE_ORDER.filter((page) => set.has(page));
};

export interface Draft {
  roles: PermissionMatrix['roles'];
  users: UserOverrides[];
}

export function toggleRolePage(draft: Draft, role: EditableRole, page: PageKey): Draft {
  const pages = draft.roles[role];
  const next = pages.includes(page) ? pages.filter((p) => p !== page) : inPageOrder([...pages, page]);
  return { ...draft, roles: { ...draft.roles, [role]: next } };
}

export function setUserPages(draft: Draft, userId: number, list: 'grants' | 'denials', pages: PageKey[]): Draft {
  return { ...draft, users: draft.users.map((u) => (u.userId === userId ? { ...u, [list]: inPageOrder(pages) } : u)) };
}

export const addUser = (draft: Draft, user: Omit<UserOverrides, 'grants' | 'denials'>): Draft =>
  (draft.users.some((u) => u.userId === user.userId) ? draft
    : { ...draft, users: [...draft.users, { ...user, grants: [], denials: [] }] });

export const removeUser = (draft: Draft, userId: number): Draft =>
  ({ ...draft, users: draft.users.filter((u) => u.userId !== userId) });

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
const overridesOf = (users: UserOverrides[], userId: number) =>
  users.find((u) => u.userId === userId) ?? { grants: [], denials: [] };

/** The roles and users whose pages differ from what the server holds. */
export function changedSubjects(saved: Draft, draft: Draft): { roles: EditableRole[]; users: number[] } {
  const roles = (Object.keys(draft.roles) as EditableRole[]).filter((role) => !sameSet(saved.roles[role], draft.roles[role]));
  const ids = new Set([...saved.users, ...draft.users].map((u) => u.userId));
  const users = [...ids].filter((id) => {
    const [a, b] = [overridesOf(saved.users, id), overridesOf(draft.users, id)];
    return !sameSet(a.grants, b.grants) || !sameSet(a.denials, b.denials);
  });
  return { roles, users };
}
