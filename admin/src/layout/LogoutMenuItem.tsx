import ExitIcon from '@mui/icons-material/PowerSettingsNew';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef, useState } from 'react';
import { useLogout, useTranslate, useUserMenu } from 'react-admin';
import { useToast } from './useToast';

/** Logout whose label changes while logging out; every cached query is cleared after it. */
export const LogoutMenuItem = forwardRef<HTMLLIElement>((_props, ref) => {
  const translate = useTranslate();
  const logout = useLogout();
  const toast = useToast();
  const userMenu = useUserMenu();
  const [pending, setPending] = useState(false);
  const onClick = async () => {
    setPending(true);
    try {
      await logout();
      toast({ variant: 'success', title: translate('auth.goodbye') });
    } catch {
      toast({ variant: 'destructive', title: translate('auth.logout_failed') });
    } finally {
      setPending(false);
      userMenu?.onClose();
    }
  };
  return (
    <MenuItem ref={ref} onClick={onClick} disabled={pending} data-testid="logout">
      <ListItemIcon><ExitIcon fontSize="small" /></ListItemIcon>
      <ListItemText>{translate(pending ? 'auth.logging_out' : 'auth.logout')}</ListItemText>
    </MenuItem>
  );
});
