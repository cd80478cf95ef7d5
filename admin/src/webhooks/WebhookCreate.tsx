import { useState } from 'react';
import { Create, useRedirect, type RaRecord } from 'react-admin';
import { SecretPage } from '../common/SecretShownOnce';
import { useServerErrors } from '../common/useServerErrors';
import { WebhookForm } from './WebhookForm';
import { SECRET_TEST_ID, WEBHOOK_SECRET_TEXTS } from './webhookSecret';

/**
 * Makes a webhook. Once saved, the page shows its signing secret instead of the form, this one
 * time (later it can only be rotated), then goes back to the list.
 */
const WebhookCreate = () => {
  const onError = useServerErrors();
  const redirect = useRedirect();
  const [secret, setSecret] = useState<string>();
  if (secret) {
    return <SecretPage title="webhooks.create_title" secret={secret} texts={WEBHOOK_SECRET_TEXTS} testId={SECRET_TEST_ID}
      onDone={() => redirect('list', 'webhooks')} />;
  }
  return (
    <Create title="webhooks.create_title" redirect={false} sx={{ '& .RaCreate-card': { maxWidth: 800 } }}
      mutationOptions={{ onError, onSuccess: (webhook: RaRecord) => setSecret(String(webhook.secret)) }}>
      <WebhookForm />
    </Create>
  );
};

export default WebhookCreate;
