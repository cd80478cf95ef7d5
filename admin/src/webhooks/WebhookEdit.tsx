import { Edit, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useServerErrors } from '../common/useServerErrors';
import { DeletedRecordNotice, useDeletedRecord } from '../live/DeletedRecordNotice';
import { RotateSecretButton } from './RotateSecretButton';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookForm } from './WebhookForm';
import { toWebhookPayload, type WebhookRecord } from './webhookModel';

const EditTitle = () => {
  const webhook = useRecordContext<WebhookRecord>();
  const translate = useTranslate();
  return <span>{translate('webhooks.edit_title', { url: webhook?.url ?? '' })}</span>;
};

/**
 * A webhook's page: its form (pessimistic, with the version the form was opened with, so a change
 * made meanwhile is refused rather than overwritten), Rotate secret, and below the form card its
 * delivery log. Deleted meanwhile, or opened once deleted, it gives way to what became of it.
 */
const WebhookEdit = () => {
  const { id } = useParams();
  const onError = useServerErrors();
  const { deletion, queryOptions } = useDeletedRecord('webhooks', id);
  if (deletion) return <DeletedRecordNotice resource="webhooks" {...deletion} />;
  return (
    <>
      <Edit title={<EditTitle />} mutationMode="pessimistic" redirect="list" transform={toWebhookPayload} mutationOptions={{ onError }}
        queryOptions={queryOptions} actions={<TopToolbar><RotateSecretButton /></TopToolbar>}
        sx={{ '& .RaEdit-card': { maxWidth: 800 } }}>
        <WebhookForm />
      </Edit>
      {id && <WebhookDeliveries webhookId={id} />}
    </>
  );
};

export default WebhookEdit;
