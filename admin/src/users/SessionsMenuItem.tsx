import DevicesIcon from '@mui/icons-material/Devices';
import { forwardRef } from 'react';
import { DialogMenuItem } from '../common/DialogMenuItem';
import { SignedInSessions } from './SignedInSessions';

/** "Where you're signed in" in the user menu: a dialog of one's sessions. */
export const SessionsMenuItem = forwardRef<HTMLLIElement>((_props, ref) => (
  <DialogMenuItem ref={ref} icon={<DevicesIcon fontSize="small" />} label="sessions.menu" title="sessions.title" intro="sessions.intro"
    testId="sessions">
    <SignedInSessions />
  </DialogMenuItem>
));
