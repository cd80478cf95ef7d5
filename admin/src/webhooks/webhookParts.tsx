import { Alert, Chip, Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { useDateFormat } from '../common/dateFormat';
import type { WebhookRecord } from './webhookModel';

/** A delivery area as the pickers offer it: code and name. */
export const areaOption = (area: RaRecord) => `${area.code} · ${area.name}`;

/** The endpoint, whole: a URL breaks anywhere rather than widen its column. */
export const WebhookUrl = () => {
  const webhook = useRecordContext<WebhookRecord>();
  if (!webhook) return null;
  return (
    <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', fontWeight: 600 }}>
      {webhook.url}
    </Typography>
  );
};

/** The events it hears of, as chips in the reader's language. */
export const EventChips = () => {
  const webhook = useRecordContext<WebhookRecord>();
  const translate = useTranslate();
  if (!webhook) return null;
  return (
    <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
      {webhook.events.map((event) => <Chip key={event} size="small" variant="outlined" label={translate(`webhooks.events.${event}`)} />)}
    </Stack>
  );
};

/** Active, paused by its failures (warning: someone has to look), or made inactive by a person. */
export const WebhookState = () => {
  const webhook = useRecordContext<WebhookRecord>();
  const translate = useTranslate();
  if (!webhook) return null;
  if (webhook.pausedAt) return <Chip size="small" color="warning" label={translate('webhooks.paused')} data-testid="paused-chip" />;
  return (
    <Chip size="small" color={webhook.active ? 'success' : 'default'} data-testid="state-chip"
      label={translate(webhook.active ? 'common.status.active' : 'common.status.inactive')} />
  );
};

/** A webhook its failures paused: since when, and that making it active again sends what waits. */
export const PausedNotice = () => {
  const webhook = useRecordContext<WebhookRecord>();
  const translate = useTranslate();
  const format = useDateFormat();
  if (!webhook?.pausedAt) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2, width: '100%' }} data-testid="paused-notice">
      {translate('webhooks.paused_notice', { at: format.dateTime(webhook.pausedAt) })}
    </Alert>
  );
};
