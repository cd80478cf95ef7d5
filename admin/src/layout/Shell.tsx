import { createContext, useContext, type ReactNode } from 'react';
import type { MenuEntry, UserMenuLink } from './menuItems';

/**
 * What the layout shows of the app's pages, handed down by the table of contents (App.tsx,
 * pageRegistry.tsx): the layout names no page and imports no feature.
 */
export interface Shell {
  sidebar: MenuEntry[];
  userMenu: UserMenuLink[];
  /** The features' buttons of the app bar (the notification bell), before the language and theme ones. */
  appBarTools: ReactNode;
  /** The features' items of the user menu (where you're signed in), after its links, before Logout. */
  userMenuItems: ReactNode;
}

const ShellContext = createContext<Shell>({ sidebar: [], userMenu: [], appBarTools: null, userMenuItems: null });

export const ShellProvider = ShellContext.Provider;
export const useShell = () => useContext(ShellContext);
