import DevicesIcon from '@mui/icons-material/Devices';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef, useState } from 'react';
import { useTranslate, useUserMenu } from 'react-admin';
import { usePhone } from '../common/ResponsiveDataTable';
import { SignedInSessions } from './SignedInSessions';

/**
 * "Where you're signed in" in the user menu: a dialog of one's sessions. The dialog lives in the
 * item, so the menu stays open behind it and closes with it; its keys and clicks stay its own
 * (the menu would take arrows and letters for moving between its items).
 */
export const SessionsMenuItem = forwardRef<HTMLLIElement>((_props, ref) => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    userMenu?.onClose();
  };
  return (
    <MenuItem ref={ref} onClick={() => setOpen(true)} data-testid="sessions-menu-item">
      <ListItemIcon><DevicesIcon fontSize="small" /></ListItemIcon>
      <ListItemText>{translate('sessions.menu')}</ListItemText>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={phone} data-testid="sessions-dialog"
        onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
        <DialogTitle>{translate('sessions.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate('sessions.intro')}</DialogContentText>
          {open && <SignedInSessions />}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </MenuItem>
  );
});
