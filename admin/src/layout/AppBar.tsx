import TranslateIcon from '@mui/icons-material/Translate';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef } from 'react';
import { AppBar as RaAppBar, LocalesMenuButton, TitlePortal, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { LANGUAGES } from '../providers/i18nProvider';
import { LogoutMenuItem } from './LogoutMenuItem';
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

/** Translations pages have no menu entry (spec): they are reached from the user menu. */
const AppUserMenu = () => (
  <UserMenu>
    <MenuLink to="/translations" label="menu.translations" icon={<TranslateIcon fontSize="small" />} />
    <MenuLink to="/translation-import" label="menu.translation_import" icon={<UploadFileIcon fontSize="small" />} />
    <LogoutMenuItem />
  </UserMenu>
);

export const AppBar = () => (
  <RaAppBar userMenu={<AppUserMenu />} toolbar={<><LocalesMenuButton languages={LANGUAGES} /><ThemeSwitch /></>}>
    <TitlePortal />
  </RaAppBar>
);
