import { Box, Card, CardContent, Chip, Link, Stack, Typography, type ChipProps } from '@mui/material';
import type { MouseEvent, ReactNode } from 'react';
import { DataTable, ListBase, Pagination, useRecordContext, useTranslate, WithListContext, type Identifier } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { DeliveryStatus } from '@kernel/webhooks/webhookEvents';
import { LocalDateField } from '../common/LocalDateField';
import { ListLoadError } from '../common/ListLoadError';
import { LIST_TABLE_SX, NO_WRAP, usePhone } from '../common/ResponsiveDataTable';
import { orderPath } from '../orders/orderModel';
import { RedeliverButton } from './RedeliverButton';
import type { WebhookDeliveryRecord } from './webhookModel';

const STATUS_COLOURS: Record<DeliveryStatus, ChipProps['color']> = {
  pending: 'default', sending: 'info', delivered: 'success', failed: 'error', skipped: 'default',
};

const DeliveryStatusChip = () => {
  const delivery = useRecordContext<WebhookDeliveryRecord>();
  const translate = useTranslate();
  if (!delivery) return null;
  return (
    <Chip size="small" color={STATUS_COLOURS[delivery.status]} variant={delivery.status === 'skipped' ? 'outlined' : 'filled'}
      label={translate(`webhooks.statuses.${delivery.status}`)} data-testid="delivery-status" data-status={delivery.status} />
  );
};

const EventField = () => {
  const delivery = useRecordContext<WebhookDeliveryRecord>();
  const translate = useTranslate();
  return delivery ? <>{translate(`webhooks.events.${delivery.eventType}`)}</> : null;
};

/** The order's page; a click on it opens the order, not the row. */
const OrderLink = ({ label }: { label: (id: Identifier) => string }) => {
  const delivery = useRecordContext<WebhookDeliveryRecord>();
  if (!delivery) return null;
  return (
    <Link component={RouterLink} to={orderPath(delivery.orderId)} onClick={(event: MouseEvent) => event.stopPropagation()}>
      {label(delivery.orderId)}
    </Link>
  );
};

/** A reason of the worker's own (a code) in the reader's language; what the receiver answered, or the send met, as it was. */
const ErrorField = () => {
  const delivery = useRecordContext<WebhookDeliveryRecord>();
  const translate = useTranslate();
  if (!delivery?.lastError) return null;
  const reason = /^[a-z_]+$/.test(delivery.lastError) ? translate(`webhooks.errors.${delivery.lastError}`, { _: delivery.lastError }) : delivery.lastError;
  return <Typography variant="body2" sx={{ whiteSpace: 'normal', minWidth: 140, maxWidth: 320, overflowWrap: 'anywhere' }}>{reason}</Typography>;
};

/** The JSON sent, indented; as it was if it is not JSON. */
function formatted(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** One fact of a delivery above its body: its field's name, then its value. */
const Fact = ({ source, children }: { source: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">{translate(`resources.webhook-deliveries.fields.${source}`)}</Typography>
      <Typography variant="body2" component="div">{children}</Typography>
    </Box>
  );
};

/**
 * A row opened: the message id a receiver dedupes by, when the event happened, when it is tried
 * next (while it waits) or was delivered, and the body sent, in a box of its own that scrolls (and
 * a keyboard reaches).
 */
const DeliveryPanel = () => {
  const delivery = useRecordContext<WebhookDeliveryRecord>();
  const translate = useTranslate();
  if (!delivery) return null;
  const label = translate('resources.webhook-deliveries.fields.body');
  return (
    <Stack sx={{ py: 1, gap: 1.5 }} data-testid="delivery-panel">
      <Stack direction="row" sx={{ gap: { xs: 1, sm: 4 }, flexWrap: 'wrap' }}>
        <Fact source="messageId"><Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{delivery.messageId}</Box></Fact>
        <Fact source="createdAt"><LocalDateField source="createdAt" showTime variant="inherit" /></Fact>
        {delivery.status === 'pending' && <Fact source="nextAttemptAt"><LocalDateField source="nextAttemptAt" showTime variant="inherit" /></Fact>}
        {delivery.deliveredAt && <Fact source="deliveredAt"><LocalDateField source="deliveredAt" showTime variant="inherit" /></Fact>}
      </Stack>
      {delivery.body && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>{label}</Typography>
          <Box component="pre" role="region" aria-label={label} tabIndex={0} data-testid="delivery-body"
            sx={{ m: 0, p: 1.5, maxHeight: 420, overflow: 'auto', fontFamily: 'monospace', fontSize: 12,
              bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {formatted(delivery.body)}
          </Box>
        </Box>
      )}
    </Stack>
  );
};

/** Where a phone has no room for columns: the state, the event and its order, when, why it failed. */
const PhoneEntry = () => {
  const translate = useTranslate();
  return (
    <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <DeliveryStatusChip />
        <EventField />
      </Stack>
      <OrderLink label={(id) => translate('webhooks.deliveries.order', { id })} />
      <Typography variant="caption" color="text.secondary"><LocalDateField source="createdAt" showTime variant="inherit" /></Typography>
      <ErrorField />
      <RedeliverButton />
    </Stack>
  );
};

const Column = DataTable.Col<WebhookDeliveryRecord>;

/**
 * The table of a page of deliveries, a row a delivery: its state, the receiver's answer, why it
 * failed and Redeliver, on one line each; the rest (when it happened, the body sent) a click away.
 */
const DeliveryTable = () => {
  const phone = usePhone();
  return (
    <DataTable<WebhookDeliveryRecord> bulkActionButtons={false} rowClick="expand" expand={<DeliveryPanel />}
      sx={[LIST_TABLE_SX, { '& .RaDataTable-rowCell': NO_WRAP }]}>
      {phone ? <Column source="createdAt"><PhoneEntry /></Column> : <Column source="status" field={DeliveryStatusChip} />}
      {!phone && <Column source="eventType" field={EventField} />}
      {!phone && <Column source="orderId" disableSort><OrderLink label={(id) => `#${id}`} /></Column>}
      {!phone && <Column source="attempts" align="right" />}
      {!phone && <Column source="responseStatus" disableSort align="right" />}
      {!phone && <Column source="durationMs" disableSort align="right" />}
      {!phone && <Column source="lastAttemptAt"><LocalDateField source="lastAttemptAt" showTime /></Column>}
      {!phone && <Column source="lastError" field={ErrorField} disableSort />}
      {!phone && <Column source="id" label="" disableSort><RedeliverButton iconOnly /></Column>}
    </DataTable>
  );
};

/**
 * A webhook's delivery log (docs/webhooks.md#the-delivery-log), newest first, a page at a time:
 * each event's state, the receiver's answer and time, why it failed, the body sent, and Redeliver.
 */
export const WebhookDeliveries = ({ webhookId }: { webhookId: Identifier }) => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} data-testid="webhook-deliveries">
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h2">{translate('webhooks.deliveries.title')}</Typography>
      </CardContent>
      <ListBase resource="webhook-deliveries" filter={{ webhookId }} sort={{ field: 'id', order: 'DESC' }} perPage={10}
        disableSyncWithLocation>
        <WithListContext render={({ total, isPending, error }) => {
          if (error) return <ListLoadError />;
          if (!isPending && total === 0) {
            return <CardContent><Typography color="text.secondary">{translate('webhooks.deliveries.empty')}</Typography></CardContent>;
          }
          return (
            <>
              <DeliveryTable />
              <Pagination rowsPerPageOptions={[10, 25, 50]} />
            </>
          );
        }} />
      </ListBase>
    </Card>
  );
};
