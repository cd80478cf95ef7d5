import { useState, type ReactElement } from 'react';
import { Button, Confirm, useRecordContext } from 'react-admin';
import { useErrorNotice } from '../common/useServerErrors';
import { useActor } from './useActor';
import { fullName, type UserRecord } from './userModel';

export interface AccountActionProps {
  label: string;
  icon: ReactElement;
  testId: string;
  /** The confirmation's title and body (message keys); the title gets `username` and `name`. */
  title: string;
  content: string;
  /** The action on the user's account; its refusal is shown as a notice. */
  run: (user: UserRecord, isSelf: boolean) => Promise<void>;
}

/** A button on a user's page for an action on the account (sign out everywhere, reset two-step sign-in), after a confirmation; shown to those who manage it. */
export const AccountActionButton = ({ label, icon, testId, title, content, run }: AccountActionProps) => {
  const user = useRecordContext<UserRecord>();
  const { isSelf, mayManage } = useActor(user);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const onError = useErrorNotice();
  if (!user || !mayManage) return null;

  const confirmed = async () => {
    setPending(true);
    try {
      await run(user, isSelf);
    } catch (error) {
      onError(error);
    } finally {
      setPending(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} data-testid={testId}>{icon}</Button>
      <Confirm isOpen={open} loading={pending} title={title} content={content}
        titleTranslateOptions={{ username: user.username, name: fullName(user) || user.username }}
        onConfirm={confirmed} onClose={() => setOpen(false)} />
    </>
  );
};
