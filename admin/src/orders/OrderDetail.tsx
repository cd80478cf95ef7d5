import EditIcon from '@mui/icons-material/Edit';
import {
  Box, Button, Card, CardContent, CardHeader, Stack, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  Edit, Form, ListButton, SaveButton, TopToolbar, useCanAccess, useNotify, useRecordContext, useTranslate,
} from 'react-admin';
import { useParams } from 'react-router-dom';
import { useServerErrors } from '../common/useServerErrors';
import { NotFound } from '../layout/NotFound';
import { useOrderAttachments, useOrderEvents } from './orderApi';
import { OrderAttachments } from './OrderAttachments';
import { OrderFields, OrderPrices, useShownPrices } from './OrderFields';
import { OrderInputs } from './OrderInputs';
import { EDITABLE_FIELDS, type OrderRecord } from '@kernel/orders/orderRecords';
import { toOrderPayload } from './orderModel';
import { RecordHistory } from '../activity-logs/RecordHistory';
import { OrderProgress } from './OrderProgress';
import { TrackingLinkButtons } from './TrackingLinkButtons';
import { PrintOrderButton } from './print/PrintButtons';
import { OrderTimeline } from './OrderTimeline';
import { StatusChip } from './StatusChip';
import { TransitionButtons } from './TransitionButtons';
import { useCanEditOrders } from './useCanEditOrders';
import { KEEP_UNSAVED_EDITS, LiveRecordNotice } from '../live/LiveRecordNotice';
import { DeletedRecordNotice, useDeletedRecord } from '../live/DeletedRecordNotice';

const Section = ({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId?: string }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardHeader title={translate(title)} action={action} sx={{ pb: 0 }}
        slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 }, action: { sx: { m: 0 } } }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
};

const OrderTitle = () => {
  const order = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  return <>{order ? translate('orders.detail.title', { mtm: order.mtmNumber }) : ''}</>;
};

/** Values the History puts back, set in the form once it is open, as if typed (dirty). */
const PutBack = ({ values, onDone }: { values?: Record<string, unknown>; onDone: () => void }) => {
  const { setValue } = useFormContext();
  useEffect(() => {
    if (!values) return;
    for (const [field, value] of Object.entries(values)) setValue(field, value, { shouldDirty: true });
    onDone();
  }, [values, setValue, onDone]);
  return null;
};

/**
 * Editing in place: the form of the new-order page, saved with the version it started from; held
 * while it is open, and told of others' changes, which a reload merges in (LiveRecordNotice), as
 * after a save refused as stale. `putBack`: earlier values from the History, filled in.
 */
const EditDetails = ({ onCancel, putBack, onPutBackDone }: {
  onCancel: () => void; putBack?: Record<string, unknown>; onPutBackDone: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Form resetOptions={KEEP_UNSAVED_EDITS}>
      <PutBack values={putBack} onDone={onPutBackDone} />
      <LiveRecordNotice />
      <OrderInputs />
      <Stack direction="row" spacing={1}>
        <SaveButton />
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
      </Stack>
    </Form>
  );
};

/**
 * Everything about the order. Editing, status changes and attachment uploads and deletions are
 * offered only to those who may edit orders; the others read the same page without them.
 */
const DetailBody = ({ editing, setEditing }: { editing: boolean; setEditing: (on: boolean) => void }) => {
  const order = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  const editable = useCanEditOrders();
  const { data: events = [] } = useOrderEvents(order?.id ?? 0);
  const { data: attachments = [] } = useOrderAttachments(order?.id ?? 0);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const [putBack, setPutBack] = useState<Record<string, unknown>>();
  const clearPutBack = useCallback(() => setPutBack(undefined), []);
  const { canAccess: readsLog } = useCanAccess({ resource: 'activity-logs', action: 'list' });
  const pricesShown = useShownPrices().length > 0;
  if (!order) return null;
  const actions = editable && (
    <Section title="orders.transition.title" testId="order-transitions"><TransitionButtons order={order} /></Section>
  );
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Typography variant="h5" component="h1" data-testid="page-title">{order.mtmNumber}</Typography>
            <StatusChip status={order.status} size="medium" />
            <Typography variant="body2" color="text.secondary">
              {translate('app.label_value', { label: translate('resources.orders.fields.dnNumber'), value: order.dnNumber })}
            </Typography>
            <TrackingLinkButtons orderId={order.id} />
          </Stack>
          <OrderProgress status={order.status} events={events} attachments={attachments} />
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(320px, 1fr)' }, gap: 2,
        alignItems: 'start' }}>
        <Stack spacing={2}>
          {/* In one column (a phone, a tablet) what the person came to do comes first. */}
          {!wide && actions}
          <Section title="orders.detail.details" testId="order-details" action={editable && !editing && (
            <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="order-edit">
              {translate('ra.action.edit')}
            </Button>
          )}>
            {editable && editing ? (
              <EditDetails onCancel={() => setEditing(false)} putBack={putBack} onPutBackDone={clearPutBack} />
            ) : <OrderFields />}
          </Section>
          {pricesShown && <Section title="orders.detail.prices"><OrderPrices /></Section>}
        </Stack>
        <Stack spacing={2}>
          {wide && actions}
          <Section title="orders.attachments.title" testId="order-attachments">
            <OrderAttachments orderId={order.id} attachments={attachments} editable={editable} />
          </Section>
          <Section title="orders.timeline.title" testId="order-timeline-card"><OrderTimeline events={events} /></Section>
          {readsLog && (
            <Section title="history.title" testId="order-history">
              <RecordHistory entityType="order" record={order} fields={EDITABLE_FIELDS}
                onPutBack={editable ? (values) => { setPutBack(values); setEditing(true); } : undefined} />
            </Section>
          )}
        </Stack>
      </Box>
    </Stack>
  );
};

/**
 * The order detail at /orders/{id}: progress, every field, status changes, attachments and the
 * timeline; the editable fields are edited in place, pessimistically, with the version check.
 * An order deleted meanwhile, or opened once deleted, gives way to what became of it.
 */
const OrderDetailPage = ({ id }: { id: string }) => {
  const notify = useNotify();
  const { deletion, queryOptions } = useDeletedRecord('orders', id);
  const onError = useServerErrors('orders');
  const [editing, setEditing] = useState(false);
  if (deletion) return <DeletedRecordNotice resource="orders" {...deletion} />;
  return (
    <Edit queryOptions={queryOptions} mutationMode="pessimistic" redirect={false} transform={toOrderPayload} component="div" title={<OrderTitle />}
      // The progress bar scrolls inside its card: the page itself never gets wider than a phone.
      sx={{ '& .RaEdit-card': { minWidth: 0 } }}
      actions={<TopToolbar><PrintOrderButton /><ListButton /></TopToolbar>}
      mutationOptions={{
        onSuccess: () => {
          notify('orders.detail.saved', { type: 'success' });
          setEditing(false);
        },
        onError,
      }}>
      <DetailBody editing={editing} setEditing={setEditing} />
    </Edit>
  );
};

/** react-admin mounts the resource's edit screen at /orders/:id/*; only /orders/{id} itself is a page. */
const OrderDetail = () => {
  const { id = '', '*': rest } = useParams();
  if (rest || !/^[1-9]\d*$/.test(id)) return <NotFound />;
  return <OrderDetailPage id={id} />;
};

export default OrderDetail;
