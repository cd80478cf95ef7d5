import CloseIcon from '@mui/icons-material/Close';
import OrderListIcon from '@mui/icons-material/ListAlt';
import {
  Alert, Box, Button, Chip, IconButton, Link, Stack, Table, TableBody, TableCell, TableHead,
  TablePagination, TableRow, Tooltip, Typography, useMediaQuery, type Theme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { StatusChip } from '../../orders/StatusChip';
import { orderListLink, useLateOrders, type LateOrder, type Selection } from './processMonitoringApi';
import { useDateFormat } from '../../common/dateFormat';
import { FetchingBar } from '../../common/FetchingBar';

const PER_PAGE = 10;

const OrderLink = ({ order }: { order: LateOrder }) => (
  <Link component={RouterLink} to={`/orders/${order.id}`} sx={{ fontWeight: 600 }} data-testid="late-order-link">
    {order.mtmNumber}
  </Link>
);

const Overdue = ({ days }: { days: number }) => {
  const translate = useTranslate();
  return <Chip size="small" color={days > 7 ? 'error' : 'warning'} variant="outlined"
    label={translate('process_monitoring.days', { smart_count: days })} />;
};

/** A phone shows each order as a short block instead of a wide table row. */
const OrderBlocks = ({ rows }: { rows: LateOrder[] }) => {
  const translate = useTranslate();
  const format = useDateFormat();
  return (
    <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
      {rows.map((order) => (
        <Box key={order.id} sx={{ px: 2, py: 1.25 }} data-testid="late-order">
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <OrderLink order={order} />
            <Overdue days={order.daysOverdue} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {order.dnNumber} · {order.supplierName ?? translate('process_monitoring.no_supplier')}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 0.5 }}>
            <Typography variant="caption" color="text.secondary">
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{translate('resources.orders.fields.pickupDate')} {format.date(order.pickupDate)}</Box>
              {' · '}
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{translate('resources.orders.fields.mosDate')} {format.date(order.mosDate)}</Box>
            </Typography>
            <StatusChip status={order.status} />
          </Stack>
        </Box>
      ))}
    </Stack>
  );
};

const OrderTable = ({ rows, showArea }: { rows: LateOrder[]; showArea: boolean }) => {
  const translate = useTranslate();
  const format = useDateFormat();
  const field = (name: string) => translate(`resources.orders.fields.${name}`);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{field('mtmNumber')}</TableCell>
            <TableCell>{field('dnNumber')}</TableCell>
            <TableCell>{field('supplierId')}</TableCell>
            {showArea && <TableCell>{field('deliveryAreaId')}</TableCell>}
            <TableCell>{field('pickupDate')}</TableCell>
            <TableCell>{field('mosDate')}</TableCell>
            <TableCell>{field('status')}</TableCell>
            <TableCell align="right">{translate('process_monitoring.days_overdue')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((order) => (
            <TableRow key={order.id} hover data-testid="late-order">
              <TableCell><OrderLink order={order} /></TableCell>
              <TableCell>{order.dnNumber}</TableCell>
              <TableCell>{order.supplierName ?? '—'}</TableCell>
              {showArea && <TableCell>{order.deliveryAreaName ?? '—'}</TableCell>}
              <TableCell>{format.date(order.pickupDate)}</TableCell>
              <TableCell>{format.date(order.mosDate)}</TableCell>
              <TableCell><StatusChip status={order.status} /></TableCell>
              <TableCell align="right"><Overdue days={order.daysOverdue} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

/**
 * The orders behind one count, most overdue first, each linking to its detail page; the same
 * orders can be opened in the order list (its `delayed` filter).
 */
export const LateOrdersList = ({ selection, title, onClose }: { selection: Selection; title: string; onClose: () => void }) => {
  const translate = useTranslate();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [page, setPage] = useState(0);
  const { data, isPending, isError, isFetching } = useLateOrders(selection, page, PER_PAGE);
  return (
    <Box data-testid="late-orders" sx={{ bgcolor: 'action.hover', borderRadius: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, pl: 2, pr: 1, py: 0.5 }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1, minWidth: 0 }}>{title}</Typography>
        {phone ? (
          <Tooltip title={translate('process_monitoring.open_in_list')}>
            <IconButton size="small" color="primary" component={RouterLink} to={orderListLink(selection)}
              aria-label={translate('process_monitoring.open_in_list')}><OrderListIcon /></IconButton>
          </Tooltip>
        ) : (
          <Button size="small" component={RouterLink} to={orderListLink(selection)} startIcon={<OrderListIcon />}>
            {translate('process_monitoring.open_in_list')}
          </Button>
        )}
        <Tooltip title={translate('process_monitoring.close')}>
          <IconButton size="small" onClick={onClose} aria-label={translate('process_monitoring.close')}><CloseIcon /></IconButton>
        </Tooltip>
      </Stack>
      <FetchingBar fetching={isFetching} height={2} />
      {isError && <Alert severity="error" sx={{ m: 1 }}>{translate('process_monitoring.load_error')}</Alert>}
      {!isPending && data?.total === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>{translate('process_monitoring.none')}</Typography>
      )}
      {data && data.total > 0 && (
        <>
          {small ? <OrderBlocks rows={data.rows} /> : <OrderTable rows={data.rows} showArea={selection.deliveryAreaId === null} />}
          <TablePagination component="div" count={data.total} page={page} rowsPerPage={PER_PAGE}
            rowsPerPageOptions={[PER_PAGE]} onPageChange={(_e, next) => setPage(next)}
            labelDisplayedRows={({ from, to, count }) => translate('process_monitoring.range',
              { from, to, count })} />
        </>
      )}
    </Box>
  );
};
