import AssessmentIcon from '@mui/icons-material/Assessment';
import HubIcon from '@mui/icons-material/Hub';
import CategoryIcon from '@mui/icons-material/Category';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import TrackChangesIcon from '@mui/icons-material/TrackChanges';
import type { ReactNode } from 'react';
import type { PageKey } from '@kernel/permissions/pageKeys';

export type SidebarGroup = 'orders' | 'units' | 'tracking' | 'integrations' | 'reports';

interface MenuPlace {
  label: string;
  icon: ReactNode;
}

/** A page of a page key; its sidebar item is in a group, or at the top level when no group is named. */
export interface SidebarPage {
  access: PageKey;
  menu?: MenuPlace & { group?: SidebarGroup };
}
/** A page every signed-in user opens; its item is in the user menu. */
export interface UserMenuPage {
  access: 'signed-in';
  menu?: MenuPlace & { group: 'user-menu' };
}
/** A page as the menus read it: its path, who opens it and where it is listed. */
export type MenuPage = { path: string } & (SidebarPage | UserMenuPage | { access: 'public' });

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
export type UserMenuLink = Omit<MenuLinkDef, 'pageKey'>;

/** The sidebar's groups; the separator comes before the units group (docs/routes-and-pages.md#sidebar). */
const GROUPS: Record<SidebarGroup, { label: string; icon: ReactNode; separatorBefore?: true }> = {
  orders: { label: 'menu.orders', icon: <LocalShippingIcon /> },
  units: { label: 'menu.units', icon: <CategoryIcon />, separatorBefore: true },
  tracking: { label: 'menu.tracking', icon: <TrackChangesIcon /> },
  integrations: { label: 'menu.integrations', icon: <HubIcon /> },
  reports: { label: 'menu.reports', icon: <AssessmentIcon /> },
};

/** The pages' sidebar items in their order, each group placed where its first item is. */
export function sidebarOf(pages: MenuPage[]): MenuEntry[] {
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

/** The user menu's links (app bar): pages every signed-in user opens. */
export const userMenuOf = (pages: MenuPage[]): UserMenuLink[] => pages.flatMap((page) =>
  (page.access === 'signed-in' && page.menu ? [{ to: page.path, label: page.menu.label, icon: page.menu.icon }] : []));

/** The sidebar's links, its groups' items in their place. */
export const menuLinks = (sidebar: MenuEntry[]): MenuLinkDef[] =>
  sidebar.flatMap((entry) => (entry === 'separator' ? [] : 'group' in entry ? entry.items : [entry]));

/** The item to highlight: the one whose path is the longest prefix of the current path. */
export function activeLink(sidebar: MenuEntry[], pathname: string): string | undefined {
  const matches = menuLinks(sidebar).filter(({ to }) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)));
  return matches.sort((a, b) => b.to.length - a.to.length)[0]?.to;
}
