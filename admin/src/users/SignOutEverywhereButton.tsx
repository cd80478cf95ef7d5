import LogoutIcon from '@mui/icons-material/Logout';
import { useState } from 'react';
import { Button, Confirm, useLogout, useNotify, useRecordContext } from 'react-admin';
import { useErrorNotice } from '../common/useServerErrors';
import { useAppDataProvider } from '../providers/dataProvider';
import { useActor } from './useActor';
import type { UserRecord } from './userModel';

/** Ends every session of the user at once, after a confirmation. */
export const SignOutEverywhereButton = () => {
  const user = useRecordContext<UserRecord>();
  const { isSelf, mayManage } = useActor(user);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const notify = useNotify();
  const logout = useLogout();
  const onError = useErrorNotice();
  const dataProvider = useAppDataProvider();
  if (!user || !mayManage) return null;

  const signOut = async () => {
    setPending(true);
    try {
      const { sessionsEnded } = await dataProvider.signOutEverywhere(user.id);
      notify('users.notifications.signed_out', { type: 'success',
        messageArgs: { username: user.username, count: sessionsEnded } });
      if (isSelf) logout();
    } catch (error) {
      onError(error);
    } finally {
      setPending(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button label="users.actions.sign_out_everywhere" onClick={() => setOpen(true)} data-testid="sign-out-everywhere">
        <LogoutIcon />
      </Button>
      <Confirm isOpen={open} loading={pending} title="users.sign_out_everywhere.title"
        content="users.sign_out_everywhere.body" titleTranslateOptions={{ username: user.username }}
        onConfirm={signOut} onClose={() => setOpen(false)} />
    </>
  );
};
