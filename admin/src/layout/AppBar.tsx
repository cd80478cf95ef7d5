import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef } from 'react';
import { AppBar as RaAppBar, LocalesMenuButton, TitlePortal, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { LANGUAGES } from '../providers/i18nProvider';
import { LogoutMenuItem } from './LogoutMenuItem';
import { USER_MENU } from './menuItems';
import { ThemeSwitch } from './ThemeSwitch';

const MenuLink = forwardRef<HTMLAnchorElement, { to: string; label: string; icon: React.ReactNode }>(
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

/** The translations pages have no sidebar item: they are reached from the user menu (docs/routes-and-pages.md). */
const AppUserMenu = () => (
  <UserMenu>
    {USER_MENU.map((link) => <MenuLink key={link.to} {...link} />)}
    <LogoutMenuItem />
  </UserMenu>
);

export const AppBar = () => (
  <RaAppBar userMenu={<AppUserMenu />} toolbar={<><LocalesMenuButton languages={LANGUAGES} /><ThemeSwitch /></>}>
    <TitlePortal />
  </RaAppBar>
);
