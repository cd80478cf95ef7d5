import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Alert, CircularProgress, Dialog, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useMemo, useState } from 'react';
import {
  useGetIdentity, useGetMany, useListContext, useNotify, useRefresh, useTranslate, type Identifier,
} from 'react-admin';
import { nextStatuses } from '@kernel/orders/statusFlow';
import type { Role } from '@kernel/users/roles';
import { useNotifyUndoable } from '../common/useUndoableNotify';
import { useErrorNotice } from '../common/useServerErrors';
import { useAppDataProvider, type AppDataProvider } from '../providers/dataProvider';
import { BulkActionButton, BulkDialogActions } from './BulkActionButton';
import type { OrderRecord } from '@kernel/orders/orderRecords';
import { ORDER_STATUSES, type OrderStatus } from './orderModel';

/** The statuses every one of these orders may move to, for this role (the server checks each again). */
export function commonNextStatuses(orders: OrderRecord[], role: Role): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => orders.every((order) => nextStatuses(order.status, role).includes(to)));
}

/** Moves each order on its own, as one action (`batch`, the Undo's); one refusal does not stop the others. */
async function moveAll(dataProvider: AppDataProvider, ids: Identifier[], to: OrderStatus, note: string, batch: string) {
  const failed: Identifier[] = [];
  for (const id of ids) {
    try {
      await dataProvider.transitionOrder(id, { to, note: note || undefined }, batch);
    } catch {
      failed.push(id);
    }
  }
  return failed;
}

const StatusDialog = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyUndoable = useNotifyUndoable();
  const onError = useErrorNotice();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const { selectedIds, onSelect } = useListContext();
  const { identity } = useGetIdentity();
  const { data: orders, isPending } = useGetMany<OrderRecord>('orders', { ids: selectedIds });
  const choices = useMemo(() => (orders && identity ? commonNextStatuses(orders, identity.role as Role) : []),
    [orders, identity]);
  const [to, setTo] = useState<OrderStatus | ''>('');
  const [note, setNote] = useState('');
  const [running, setRunning] = useState(false);

  const run = async () => {
    if (!to) return;
    setRunning(true);
    // The moves are one action, under an id the server gives; without one, none is made.
    let actionId: string;
    try {
      actionId = await dataProvider.newAction();
    } catch (error) {
      onError(error);
      setRunning(false);
      return;
    }
    const failed = await moveAll(dataProvider, selectedIds, to, note, actionId);
    const succeeded = selectedIds.length - failed.length;
    const result = { type: failed.length ? 'warning' as const : 'success' as const,
      messageArgs: { ok: succeeded, failed: failed.length, status: translate(`order_status.${to}`) } };
    // The moves that went through can be undone together; none went through, nothing to undo.
    if (succeeded > 0) notifyUndoable('orders.bulk.status_result', { ...result, actionId });
    else notify('orders.bulk.status_result', result);
    // The refused ones stay selected, so they can be looked at or tried again.
    onSelect(failed);
    refresh();
    onClose();
  };

  return (
    <Dialog open onClose={running ? undefined : onClose} fullWidth maxWidth="xs" data-testid="bulk-status-dialog">
      <DialogTitle>{translate('orders.bulk.status_title', { smart_count: selectedIds.length })}</DialogTitle>
      <DialogContent>
        {isPending && <CircularProgress size={24} />}
        {!isPending && choices.length === 0 && <Alert severity="info">{translate('orders.bulk.no_common_status')}</Alert>}
        {choices.length > 0 && (
          <>
            <TextField select fullWidth margin="dense" label={translate('orders.bulk.target')} value={to}
              onChange={(event) => setTo(event.target.value as OrderStatus)} slotProps={{ htmlInput: { name: 'to' } }}>
              {choices.map((status) => (
                <MenuItem key={status} value={status}>{translate(`order_status.${status}`)}</MenuItem>
              ))}
            </TextField>
            <TextField fullWidth margin="dense" multiline minRows={2} label={translate('orders.transition.note')}
              value={note} onChange={(event) => setNote(event.target.value)} slotProps={{ htmlInput: { maxLength: 1000 } }} />
          </>
        )}
      </DialogContent>
      <BulkDialogActions onCancel={onClose} onConfirm={run} busy={running} disabled={!to} />
    </Dialog>
  );
};

/** Bulk status change: only to statuses legal for every selected order and the user's role. */
export const BulkStatusButton = () => (
  <BulkActionButton label="orders.bulk.change_status" icon={<SwapHorizIcon />} testId="bulk-status"
    dialog={(onClose) => <StatusDialog onClose={onClose} />} />
);
