import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { createContext, forwardRef, useCallback, useContext, useState, type ReactNode } from 'react';
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

type MenuDialog = Omit<DialogMenuItemProps, 'icon' | 'label'>;

/** Opens a dialog of the user menu's, outside the menu (MenuDialogs). */
const MenuDialogContext = createContext<((dialog: MenuDialog) => void) | undefined>(undefined);

/**
 * Where the user menu's dialogs open ("Two-step sign-in", "Where you're signed in"): beside the
 * menu, not in it, so the menu closes as its item opens the dialog and does not wait behind it.
 * The dialog's keys and clicks stay its own. Full screen on a phone.
 */
export const MenuDialogs = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const phone = usePhone();
  // The dialog shown, kept while it fades out; `open` until it is closed.
  const [dialog, setDialog] = useState<MenuDialog>();
  const [open, setOpen] = useState(false);
  const show = useCallback((next: MenuDialog) => {
    setDialog(next);
    setOpen(true);
  }, []);
  const close = () => setOpen(false);
  return (
    <MenuDialogContext.Provider value={show}>
      {children}
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={phone} data-testid={dialog && `${dialog.testId}-dialog`}
        slotProps={{ transition: { onExited: () => setDialog(undefined) } }}
        onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
        {dialog && (
          <>
            <DialogTitle>{translate(dialog.title)}</DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 1 }}>{translate(dialog.intro)}</DialogContentText>
              {dialog.children}
            </DialogContent>
          </>
        )}
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </MenuDialogContext.Provider>
  );
};

/** A user-menu item that closes the menu and opens its dialog (MenuDialogs, around the menu). */
export const DialogMenuItem = forwardRef<HTMLLIElement, DialogMenuItemProps>(({ icon, label, title, intro, testId, children }, ref) => {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const openDialog = useContext(MenuDialogContext);
  return (
    <MenuItem ref={ref} data-testid={`${testId}-menu-item`} onClick={() => {
      userMenu?.onClose();
      openDialog?.({ title, intro, testId, children });
    }}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
});
