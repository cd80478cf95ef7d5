import type { Knex } from 'knex';
import type { User } from '../users/User';
import { PAGE_KEYS, type PageKey } from '@kernel/permissions/pageKeys';

/**
 * The pages a user may open: admins all; a pending user only the dashboard; anyone else their
 * role's defaults plus their own grants minus their own denials.
 */
export async function accessiblePages(db: Knex, user: User): Promise<PageKey[]> {
  if (user.status !== 'active') return ['dashboard'];
  if (user.role === 'admin') return [...PAGE_KEYS];
  const rows: Array<{ pageKey: PageKey; allowed: boolean; userId: number | null }> = await db('pagePermissions')
    .whereNull('deletedAt')
    .andWhere((q) => q.where({ role: user.role }).orWhere({ userId: user.id }))
    .select('pageKey', 'allowed', 'userId');
  const pages = new Set(rows.filter((r) => r.userId === null && r.allowed).map((r) => r.pageKey));
  for (const row of rows.filter((r) => r.userId !== null)) {
    if (row.allowed) pages.add(row.pageKey);
    else pages.delete(row.pageKey);
  }
  return PAGE_KEYS.filter((key) => pages.has(key));
}

export async function canAccessPage(db: Knex, user: User, pageKey: PageKey): Promise<boolean> {
  return (await accessiblePages(db, user)).includes(pageKey);
}
