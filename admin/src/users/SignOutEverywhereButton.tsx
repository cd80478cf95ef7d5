import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout, useNotify } from 'react-admin';
import { useAppDataProvider } from '../providers/dataProvider';
import { AccountActionButton } from './AccountActionButton';

/** Ends every session of the user at once, after a confirmation. */
export const SignOutEverywhereButton = () => {
  const notify = useNotify();
  const logout = useLogout();
  const dataProvider = useAppDataProvider();
  return (
    <AccountActionButton label="users.actions.sign_out_everywhere" icon={<LogoutIcon />} testId="sign-out-everywhere"
      title="users.sign_out_everywhere.title" content="users.sign_out_everywhere.body"
      run={async (user, isSelf) => {
        const { sessionsEnded } = await dataProvider.signOutEverywhere(user.id);
        notify('users.notifications.signed_out', { type: 'success', messageArgs: { username: user.username, count: sessionsEnded } });
        if (isSelf) logout();
      }} />
  );
};
