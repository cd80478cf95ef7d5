import { Chip, alpha, darken, lighten, useTheme, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { OrderRecord } from '@kernel/orders/orderRecords';
import type { OrderStatus } from './orderModel';

/**
 * The one colour scheme of the order statuses: the main flow goes from grey through blues to
 * green as the order moves on; the two side states stand out (breakdown amber, cancelled red).
 */
export const STATUS_COLOURS: Record<OrderStatus, string> = {
  booking_received: '#607d8b',
  awaiting_supplier_confirmation: '#7e57c2',
  awaiting_receiver_confirmation: '#5c6bc0',
  awaiting_vehicle_departure: '#1e88e5',
  vehicle_arrived_warehouse: '#039be5',
  in_transit: '#00897b',
  vehicle_breakdown: '#f57c00',
  awaiting_delivery: '#00acc1',
  awaiting_pod_upload: '#7cb342',
  completed: '#2e7d32',
  cancelled: '#d32f2f',
};

/**
 * A status as a tinted chip in the user's language, legible in the light and the dark theme: its
 * text keeps 4.5:1 on its tint for every status (WCAG AA; darkened by a quarter, the light greens
 * and oranges fell to 3.9).
 */
export const StatusChip = ({ status, size = 'small', ...props }: { status: OrderStatus } & Omit<ChipProps, 'color' | 'label'>) => {
  const translate = useTranslate();
  const theme = useTheme();
  const colour = STATUS_COLOURS[status] ?? theme.palette.grey[500];
  const dark = theme.palette.mode === 'dark';
  return (
    <Chip size={size} label={translate(`order_status.${status}`)} data-testid="order-status-chip" data-status={status}
      sx={{ bgcolor: alpha(colour, dark ? 0.28 : 0.12), color: dark ? lighten(colour, 0.45) : darken(colour, 0.4),
        border: `1px solid ${alpha(colour, 0.5)}`, fontWeight: 500 }} {...props} />
  );
};

/** The status of the record in context (a list column). */
export const StatusField = () => {
  const order = useRecordContext<OrderRecord>();
  return order ? <StatusChip status={order.status} /> : null;
};
