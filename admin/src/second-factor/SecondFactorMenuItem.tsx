import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import { forwardRef } from 'react';
import { DialogMenuItem } from '../common/DialogMenuItem';
import { SecondFactorSettings } from './SecondFactorSettings';

/** "Two-step sign-in" in the user menu: a dialog of one's own factors. */
export const SecondFactorMenuItem = forwardRef<HTMLLIElement>((_props, ref) => (
  <DialogMenuItem ref={ref} icon={<PhonelinkLockIcon fontSize="small" />} label="second_factor.menu" title="second_factor.title"
    intro="second_factor.intro" testId="second-factor">
    <SecondFactorSettings />
  </DialogMenuItem>
));
