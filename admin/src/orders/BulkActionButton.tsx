import { Button as MuiButton, DialogActions } from '@mui/material';
import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, useTranslate } from 'react-admin';

/** A bulk action of the order list: its button opens the action's dialog, which closes itself when done. */
export const BulkActionButton = ({ label, icon, testId, dialog }: {
  label: string;
  icon: ReactElement;
  testId: string;
  dialog: (onClose: () => void) => ReactNode;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} data-testid={testId}>{icon}</Button>
      {open && dialog(() => setOpen(false))}
    </>
  );
};

/** Cancel and Confirm at the foot of a bulk dialog; Confirm submits the dialog's form, or runs `onConfirm`. */
export const BulkDialogActions = ({ onCancel, onConfirm, busy = false, disabled = false }: {
  onCancel: () => void;
  onConfirm?: () => void;
  /** The action is under way: neither button answers. */
  busy?: boolean;
  disabled?: boolean;
}) => {
  const translate = useTranslate();
  return (
    <DialogActions>
      <MuiButton onClick={onCancel} disabled={busy}>{translate('ra.action.cancel')}</MuiButton>
      <MuiButton type={onConfirm ? 'button' : 'submit'} variant="contained" onClick={onConfirm} disabled={busy || disabled}>
        {translate('ra.action.confirm')}
      </MuiButton>
    </DialogActions>
  );
};
