import OutboxIcon from '@mui/icons-material/Outbox';
import { lazy } from 'react';

/** The mail outbox, for admins (docs/email.md#the-outbox): a read-only list with retry of failed mails. */
export default {
  list: lazy(() => import('./MailOutboxList')),
  icon: OutboxIcon,
};
