import AssessmentIcon from '@mui/icons-material/Assessment';
import CategoryIcon from '@mui/icons-material/Category';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import TrackChangesIcon from '@mui/icons-material/TrackChanges';
import type { ReactNode } from 'react';
import type { PageKey } from '@kernel/permissions/pageKeys';
import { PAGES, type Page } from './pageRegistry';

export interface MenuLinkDef {
  to: string;
  pageKey: PageKey;
  label: string;
  icon: ReactNode;
}
export interface MenuGroupDef {
  group: SidebarGroup;
  label: string;
  icon: ReactNode;
  items: MenuLinkDef[];
}
export type MenuEntry = MenuLinkDef | MenuGroupDef | 'separator';

export type SidebarGroup = 'orders' | 'units' | 'tracking' | 'reports';

/** The sidebar's groups; the separator comes before the units group (docs/routes-and-pages.md#sidebar). */
const GROUPS: Record<SidebarGroup, { label: string; icon: ReactNode; separatorBefore?: true }> = {
  orders: { label: 'menu.orders', icon: <LocalShippingIcon /> },
  units: { label: 'menu.units', icon: <CategoryIcon />, separatorBefore: true },
  tracking: { label: 'menu.tracking', icon: <TrackChangesIcon /> },
  reports: { label: 'menu.reports', icon: <AssessmentIcon /> },
};

/** The registry's sidebar items in its order, each group placed where its first item is. */
function sidebarOf(pages: Page[]): MenuEntry[] {
  const menu: MenuEntry[] = [];
  for (const page of pages) {
    if (page.access === 'public' || page.access === 'signed-in' || !page.menu) continue;
    const { group, label, icon } = page.menu;
    const link = { to: page.path, pageKey: page.access, label, icon };
    const known = menu.find((entry): entry is MenuGroupDef => entry !== 'separator' && 'group' in entry && entry.group === group);
    if (!group) menu.push(link);
    else if (known) known.items.push(link);
    else {
      const { separatorBefore, ...definition } = GROUPS[group];
      if (separatorBefore) menu.push('separator');
      menu.push({ group, ...definition, items: [link] });
    }
  }
  return menu;
}

export const MENU = sidebarOf(PAGES);

/** The user menu's links (app bar): pages every signed-in user opens. */
export const USER_MENU = PAGES.flatMap((page) =>
  (page.access === 'signed-in' && page.menu ? [{ to: page.path, label: page.menu.label, icon: page.menu.icon }] : []));

const links = MENU.flatMap((entry) => (entry === 'separator' ? [] : 'group' in entry ? entry.items : [entry]));

/** The item to highlight: the one whose path is the longest prefix of the current path. */
export function activeLink(pathname: string): string | undefined {
  const matches = links.filter(({ to }) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)));
  return matches.sort((a, b) => b.to.length - a.to.length)[0]?.to;
}
