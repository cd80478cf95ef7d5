import LockResetIcon from '@mui/icons-material/LockReset';
import { Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { Button, Form, SaveButton, useLogout, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useErrorNotice, useFormErrors } from '../common/useServerErrors';
import { isPermissionError } from '../providers/permissionNotice';
import { useAppDataProvider } from '../providers/dataProvider';
import { PasswordInputs } from './PasswordInputs';
import { useActor } from './useActor';
import type { UserRecord } from './userModel';

/** Sets a new password for the user; the server ends all their sessions (one's own too). */
export const ResetPasswordButton = () => {
  const user = useRecordContext<UserRecord>();
  const { isSelf, mayManage } = useActor(user);
  const [open, setOpen] = useState(false);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const logout = useLogout();
  const onError = useErrorNotice();
  const formErrors = useFormErrors('users');
  const dataProvider = useAppDataProvider();
  if (!user || !mayManage) return null;

  const submit = async (values: { password?: string }) => {
    try {
      await dataProvider.resetPassword(user.id, values.password);
    } catch (error) {
      const errors = isPermissionError(error) ? undefined : formErrors(error);
      if (errors) return errors;
      onError(error);
      return undefined;
    }
    setOpen(false);
    notify('users.notifications.password_reset', { type: 'success', messageArgs: { username: user.username } });
    if (isSelf) logout();
    else refresh(); // the record's version moved on
    return undefined;
  };

  return (
    <>
      <Button label="users.actions.reset_password" onClick={() => setOpen(true)} data-testid="reset-password">
        <LockResetIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs" aria-labelledby="reset-password-title">
        <Form onSubmit={submit} record={{}}>
          <DialogTitle id="reset-password-title">
            {translate('users.reset_password.title', { username: user.username })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{translate('users.reset_password.body')}</DialogContentText>
            <PasswordInputs label="users.reset_password.new_password" />
          </DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={() => setOpen(false)} />
            <SaveButton label="users.reset_password.confirm" icon={<LockResetIcon />} />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
};
