import ReplayIcon from '@mui/icons-material/Replay';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useErrorNotice } from '../common/useServerErrors';
import { useAppDataProvider } from '../providers/dataProvider';
import type { WebhookDeliveryRecord } from './webhookModel';

/**
 * Redeliver: the same message (its id, its body) due again at once, with a new 24 hours of
 * retries. Not while it is being sent: the server would refuse it (delivery_in_progress). In the
 * log's table, where every column counts, an icon with its name as tooltip; on a phone, labelled.
 */
export const RedeliverButton = ({ iconOnly = false }: { iconOnly?: boolean }) => {
  const delivery = useRecordContext<WebhookDeliveryRecord>();
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const onError = useErrorNotice();
  const redeliver = useMutation({
    mutationFn: (id: WebhookDeliveryRecord['id']) => dataProvider.redeliverWebhook(id),
    onSuccess: () => {
      notify('webhooks.deliveries.redelivered', { type: 'success' });
      refresh();
    },
    onError,
  });
  if (!delivery || delivery.status === 'sending') return null;
  const label = translate('webhooks.deliveries.redeliver');
  const props = {
    disabled: redeliver.isPending,
    'data-testid': `redeliver-${delivery.id}`,
    // A click on it is not one on the row, which opens the body.
    onClick: (event: MouseEvent) => {
      event.stopPropagation();
      redeliver.mutate(delivery.id);
    },
  };
  if (!iconOnly) return <Button size="small" startIcon={<ReplayIcon />} {...props}>{label}</Button>;
  return (
    <Tooltip title={label}>
      <IconButton size="small" color="primary" aria-label={label} {...props}><ReplayIcon fontSize="small" /></IconButton>
    </Tooltip>
  );
};
