import AutorenewIcon from '@mui/icons-material/Autorenew';
import { Dialog, DialogContent } from '@mui/material';
import { useState } from 'react';
import { Button, Confirm, useRecordContext, useRefresh } from 'react-admin';
import { SecretShownOnce } from '../common/SecretShownOnce';
import { useErrorNotice } from '../common/useServerErrors';
import { useAppDataProvider } from '../providers/dataProvider';
import type { WebhookRecord } from './webhookModel';
import { SECRET_TEST_ID, WEBHOOK_SECRET_TEXTS } from './webhookSecret';

/**
 * Rotates the signing secret after a confirmation, then shows the new one once in a dialog. The
 * old one keeps signing beside it for 24 hours (the server's), so the receiver can switch.
 * Called past react-admin's update hooks: their cache would keep the secret as part of the record.
 */
export const RotateSecretButton = () => {
  const webhook = useRecordContext<WebhookRecord>();
  const dataProvider = useAppDataProvider();
  const refresh = useRefresh();
  const onError = useErrorNotice();
  const [asking, setAsking] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [secret, setSecret] = useState<string>();
  if (!webhook) return null;
  const rotate = async () => {
    setRotating(true);
    try {
      const { data } = await dataProvider.update<WebhookRecord & { secret: string }>('webhooks',
        { id: webhook.id, data: { rotateSecret: true }, previousData: webhook });
      setSecret(data.secret);
      // Its version moved on: the form's next save sends the new one.
      refresh();
    } catch (error) {
      onError(error);
    } finally {
      setRotating(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button label="webhooks.secret.rotate" onClick={() => setAsking(true)} data-testid="rotate-secret">
        <AutorenewIcon />
      </Button>
      <Confirm isOpen={asking} loading={rotating} title="webhooks.secret.rotate_title" content="webhooks.secret.rotate_body"
        confirm="webhooks.secret.rotate" confirmColor="warning" ConfirmIcon={AutorenewIcon}
        onConfirm={() => void rotate()} onClose={() => setAsking(false)} />
      <Dialog open={secret !== undefined} maxWidth="sm" fullWidth aria-labelledby="rotated-secret-title">
        <DialogContent>
          {secret && <SecretShownOnce secret={secret} texts={WEBHOOK_SECRET_TEXTS} testId={SECRET_TEST_ID} titleId="rotated-secret-title"
            onDone={() => setSecret(undefined)} />}
        </DialogContent>
      </Dialog>
    </>
  );
};
