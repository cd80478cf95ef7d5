import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import { useNotify } from 'react-admin';
import { useAppDataProvider } from '../providers/dataProvider';
import { AccountActionButton } from './AccountActionButton';

/** Removes a person's authenticator app and recovery codes (a lost phone), after a confirmation; logged by the server. */
export const ResetSecondFactorButton = () => {
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  return (
    <AccountActionButton label="second_factor.reset" icon={<PhonelinkEraseIcon />} testId="reset-second-factor"
      title="second_factor.reset_title" content="second_factor.reset_body"
      run={async (user) => {
        await dataProvider.resetSecondFactors(user.id);
        notify('second_factor.reset_done', { type: 'success' });
      }} />
  );
};
