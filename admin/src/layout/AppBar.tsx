import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef } from 'react';
import {
  AppBar as RaAppBar, LocalesMenuButton, TitlePortal, UserMenu, useGetIdentity, useTranslate, useUserMenu,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { MenuDialogs } from '../common/DialogMenuItem';
import { LANGUAGES } from '../providers/i18nProvider';
import { LogoutMenuItem } from './LogoutMenuItem';
import type { UserMenuLink } from './menuItems';
import { useShell } from './Shell';
import { ThemeSwitch } from './ThemeSwitch';

const MenuLink = forwardRef<HTMLAnchorElement, UserMenuLink>(
  ({ to, label, icon }, ref) => {
    const translate = useTranslate();
    const userMenu = useUserMenu();
    return (
      <MenuItem ref={ref as never} component={Link} to={to} onClick={() => userMenu?.onClose()}>
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText>{translate(label)}</ListItemText>
      </MenuItem>
    );
  });

/**
 * The translations pages have no sidebar item: they are reached from the user menu (docs/routes-and-pages.md).
 * Its button shows the person's name, so its accessible name starts with that name (WCAG 2.5.3).
 */
const AppUserMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { userMenu, userMenuItems } = useShell();
  return (
    <MenuDialogs>
      <UserMenu label={identity?.fullName ? translate('app.user_menu', { name: identity.fullName }) : undefined}>
        {userMenu.map((link) => <MenuLink key={link.to} {...link} />)}
        {userMenuItems}
        <LogoutMenuItem />
      </UserMenu>
    </MenuDialogs>
  );
};

export const AppBar = () => {
  const { appBarTools } = useShell();
  return (
    <RaAppBar userMenu={<AppUserMenu />} toolbar={<>{appBarTools}<LocalesMenuButton languages={LANGUAGES} /><ThemeSwitch /></>}>
      {/* The page's title wrapper is inline-block, which text-overflow does not cut: a long title ran under the language button with no ellipsis. */}
      <TitlePortal sx={{ minWidth: 0, '& .RaConfigurable-root': { display: 'inline' } }} />
    </RaAppBar>
  );
};
