import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import type { MouseEvent } from 'react';
import { Button, useNotify, useRecordContext, useUpdate } from 'react-admin';
import { useActor } from './useActor';
import type { UserRecord } from './userModel';
import { useErrorNotice } from '../common/useServerErrors';

/** The list's quick action for a pending registration: one click makes the user active. */
export const ActivateButton = () => {
  const user = useRecordContext<UserRecord>();
  const notify = useNotify();
  const onError = useErrorNotice();
  const [update, { isPending }] = useUpdate<UserRecord>();
  const { mayManage } = useActor(user);
  if (!user || user.status !== 'pending' || !mayManage) return null;
  const activate = (event: MouseEvent) => {
    event.stopPropagation(); // not the row click that opens the edit page
    update('users', { id: user.id, data: { status: 'active' }, previousData: user }, {
      mutationMode: 'pessimistic',
      onSuccess: () => notify('users.notifications.activated', { type: 'success', messageArgs: { username: user.username } }),
      onError,
    });
  };
  return (
    <Button label="users.actions.activate" onClick={activate} disabled={isPending} size="small" color="success"
      data-testid={`activate-${user.id}`}>
      <CheckCircleIcon />
    </Button>
  );
};
