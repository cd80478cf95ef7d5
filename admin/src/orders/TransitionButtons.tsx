import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BlockIcon from '@mui/icons-material/Block';
import CarCrashIcon from '@mui/icons-material/CarCrash';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography, type ButtonProps,
} from '@mui/material';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useGetIdentity, useNotify, useRefresh, useTranslate } from 'react-admin';
import { DateTimePickerField } from '../common/DateInputs';
import { useErrorText } from '../common/useServerErrors';
import { isPermissionError } from '../providers/permissionNotice';
import { useAppDataProvider } from '../providers/dataProvider';
import { nextStatuses, transitionKind, type TransitionKind } from '@kernel/orders/statusFlow';
import type { Role } from '@kernel/users/roles';
import type { OrderRecord } from '@kernel/orders/orderRecords';
import type { OrderStatus } from './orderModel';

interface Look { variant: ButtonProps['variant']; color: ButtonProps['color']; icon: ReactElement; label: string }

const LOOK: Record<TransitionKind, Look> = {
  forward: { variant: 'contained', color: 'primary', icon: <ArrowForwardIcon />, label: 'orders.transition.to' },
  back: { variant: 'outlined', color: 'inherit', icon: <UndoIcon />, label: 'orders.transition.back' },
  cancel: { variant: 'outlined', color: 'error', icon: <BlockIcon />, label: 'orders.transition.to' },
};
/** A breakdown is a forward move by the rules, but not progress: it looks like a warning. */
const BREAKDOWN: Look = { variant: 'outlined', color: 'warning', icon: <CarCrashIcon />, label: 'orders.transition.to' };
/** Progress first, then stepping back, cancelling last. */
const ORDER: TransitionKind[] = ['forward', 'back', 'cancel'];

/** The picked date-time as an instant; none (the server takes "now") while nothing whole is picked. */
const toInstant = (picked: Dayjs | null) => (picked?.isValid() ? picked.toISOString() : undefined);

/** Confirms one change with an optional note (and completion time); shows the server's refusal in place. */
const TransitionDialog = ({ order, to, onClose, onMoved }: {
  order: OrderRecord; to: OrderStatus; onClose: () => void; onMoved: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const errorText = useErrorText();
  const refresh = useRefresh();
  const dataProvider = useAppDataProvider();
  const [note, setNote] = useState('');
  const [completedAt, setCompletedAt] = useState<Dayjs | null>(null);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const status = translate(`order_status.${to}`);

  const confirm = async () => {
    setPending(true);
    setRefusal(null);
    try {
      await dataProvider.transitionOrder(order.id, { to, note: note.trim() || undefined, completionDate: toInstant(completedAt) });
      notify('orders.transition.done', { type: 'success', messageArgs: { status } });
      onMoved();
      refresh();
      onClose();
    } catch (error) {
      if (isPermissionError(error)) return onClose();
      setRefusal(errorText(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} fullWidth maxWidth="xs" data-testid="transition-dialog">
      <DialogTitle>{translate('orders.transition.confirm_title', { status })}</DialogTitle>
      <DialogContent>
        {refusal && <Alert severity="error" sx={{ mb: 1 }} data-testid="transition-error">{refusal}</Alert>}
        {to === 'completed' && (
          <DateTimePickerField name="completionDate" label={translate('orders.transition.completion_date')}
            helperText={translate('orders.transition.completion_date_help')} value={completedAt} onChange={setCompletedAt} />
        )}
        <TextField fullWidth margin="dense" multiline minRows={2} label={translate('orders.transition.note')} value={note}
          onChange={(event) => setNote(event.target.value)} slotProps={{ htmlInput: { maxLength: 1000, name: 'note' } }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={confirm} disabled={pending} data-testid="transition-confirm">
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** One button per status this role may move the order to next (statusFlow.ts, the server's own rules). */
export const TransitionButtons = ({ order }: { order: OrderRecord }) => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const [target, setTarget] = useState<OrderStatus | null>(null);
  const buttons = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  // The button that opened the dialog goes with the old status: the focus moves on to the new
  // status's first button (or to the notice that there is none), not back to the top of the page.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (buttons.current?.querySelector('button') ?? buttons.current)?.focus();
  }, [order.status]);
  if (!identity) return null;
  const role = identity.role as Role;
  const targets = nextStatuses(order.status, role)
    .map((to) => ({ to, kind: transitionKind(order.status, to, role)! }))
    .sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  if (targets.length === 0) {
    return (
      <Typography ref={buttons} tabIndex={-1} variant="body2" color="text.secondary">{translate('orders.transition.none')}</Typography>
    );
  }
  return (
    <Stack ref={buttons} spacing={1} data-testid="transition-buttons">
      {targets.map(({ to, kind }) => {
        const look = to === 'vehicle_breakdown' ? BREAKDOWN : LOOK[kind];
        return (
          <Button key={to} variant={look.variant} color={look.color} startIcon={look.icon} onClick={() => setTarget(to)}
            data-testid={`transition-${to}`} sx={{ justifyContent: 'flex-start', textAlign: 'left' }}>
            {translate(look.label, { status: translate(`order_status.${to}`) })}
          </Button>
        );
      })}
      {target && <TransitionDialog order={order} to={target} onClose={() => setTarget(null)}
        onMoved={() => { moved.current = true; }} />}
    </Stack>
  );
};
