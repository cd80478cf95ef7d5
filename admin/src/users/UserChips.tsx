import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { UserRecord } from './userModel';

const STATUS_COLOURS: Record<UserRecord['status'], ChipProps['color']> = {
  active: 'success',
  pending: 'warning',
  inactive: 'default',
};

export const RoleChip = () => {
  const user = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!user) return null;
  return <Chip size="small" variant="outlined" color={user.role === 'admin' ? 'secondary' : 'primary'}
    label={translate(`roles.${user.role}`)} data-testid="role-chip" />;
};

export const StatusChip = () => {
  const user = useRecordContext<UserRecord>();
  const translate = useTranslate();
  if (!user) return null;
  return <Chip size="small" color={STATUS_COLOURS[user.status]} label={translate(`user_statuses.${user.status}`)}
    data-testid="status-chip" />;
};
