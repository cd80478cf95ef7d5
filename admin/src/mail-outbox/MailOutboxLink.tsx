import OutboxIcon from '@mui/icons-material/Outbox';
import { Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { currentUserQuery } from '../providers/queryClient';

/** The way to the mail outbox from the activity log, for admins (the only ones the server shows it to). */
export const MailOutboxLink = () => {
  const translate = useTranslate();
  const { data: user } = useQuery(currentUserQuery);
  if (user?.role !== 'admin') return null;
  return (
    <Button size="small" component={Link} to="/mail-outbox" startIcon={<OutboxIcon />} data-testid="mail-outbox-link">
      {translate('mail.title')}
    </Button>
  );
};
