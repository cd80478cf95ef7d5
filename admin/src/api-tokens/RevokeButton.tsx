import BlockIcon from '@mui/icons-material/Block';
import { useState, type MouseEvent } from 'react';
import { Button, Confirm, useDelete, useNotify, useRecordContext } from 'react-admin';
import { useErrorNotice } from '../common/useServerErrors';

/**
 * Revokes a token after a confirmation: the server moves it to the trash, where it never comes
 * back from (no Undo is offered: the server would refuse it).
 */
export const RevokeButton = () => {
  const token = useRecordContext();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  const notify = useNotify();
  const onError = useErrorNotice();
  if (!token) return null;
  const stop = (event: MouseEvent) => event.stopPropagation();
  const revoke = () => remove('api-tokens', { id: token.id, previousData: token }, {
    mutationMode: 'pessimistic',
    onSuccess: () => notify('api_tokens.revoke.done', { type: 'success', messageArgs: { name: token.name } }),
    onError,
    onSettled: () => setOpen(false),
  });
  return (
    <>
      <Button label="api_tokens.revoke.action" color="error" data-testid={`revoke-${token.id}`}
        onClick={(event) => { stop(event); setOpen(true); }}>
        <BlockIcon />
      </Button>
      <Confirm isOpen={open} loading={isPending} title="api_tokens.revoke.title" content="api_tokens.revoke.body"
        titleTranslateOptions={{ name: token.name }} confirm="api_tokens.revoke.action" confirmColor="warning" ConfirmIcon={BlockIcon}
        onConfirm={revoke} onClose={(event: MouseEvent) => { stop(event); setOpen(false); }} />
    </>
  );
};
