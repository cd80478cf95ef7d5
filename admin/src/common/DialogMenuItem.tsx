import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { forwardRef, useState, type ReactNode } from 'react';
import { useTranslate, useUserMenu } from 'react-admin';
import { usePhone } from './ResponsiveDataTable';

export interface DialogMenuItemProps {
  icon: ReactNode;
  /** The item's label and the dialog's title and introduction (message keys). */
  label: string;
  title: string;
  intro: string;
  testId: string;
  /** The dialog's content, mounted while it is open. */
  children: ReactNode;
}

/**
 * A user-menu item that opens a dialog ("Two-step sign-in", "Where you're signed in"). The dialog
 * lives in the item, so the menu stays open behind it and closes with it; its keys and clicks stay
 * its own (the menu would take arrows and letters for moving between its items). Full screen on a phone.
 */
export const DialogMenuItem = forwardRef<HTMLLIElement, DialogMenuItemProps>(({ icon, label, title, intro, testId, children }, ref) => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    userMenu?.onClose();
  };
  return (
    <MenuItem ref={ref} onClick={() => setOpen(true)} data-testid={`${testId}-menu-item`}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={phone} data-testid={`${testId}-dialog`}
        onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
        <DialogTitle>{translate(title)}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{translate(intro)}</DialogContentText>
          {open && children}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </MenuItem>
  );
});
