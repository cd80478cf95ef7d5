import PrintIcon from '@mui/icons-material/Print';
import { Dialog } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Button, useListContext, useNotify, useRecordContext, type Identifier } from 'react-admin';
import { MAX_PRINT_ORDERS } from '@kernel/orders/printing';
import { PageLoading } from '../../layout/PageLoading';
import type { OrderRecord } from '@kernel/orders/orderRecords';

// The dialog brings the barcode library (≈ 0.9 MB): read when a person first prints, not with the order list and detail.
const PrintDialog = lazy(() => import('./PrintDialog').then(({ PrintDialog: dialog }) => ({ default: dialog })));
const Opening = () => <Dialog open fullWidth maxWidth="xs"><PageLoading /></Dialog>;

const PrintButton = ({ ids, testId, tooMany }: { ids: Identifier[]; testId: string; tooMany?: () => boolean }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="printing.action" data-testid={testId} onClick={() => setOpen(!tooMany?.())}><PrintIcon /></Button>
      {open && <Suspense fallback={<Opening />}><PrintDialog ids={ids} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
};

/** The order list's bulk "Print": the selected orders, up to MAX_PRINT_ORDERS; more are refused before anything is read. */
export const BulkPrintButton = () => {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  const tooMany = () => {
    if (selectedIds.length <= MAX_PRINT_ORDERS) return false;
    notify('printing.too_many', { type: 'warning', messageArgs: { max: MAX_PRINT_ORDERS, smart_count: selectedIds.length } });
    return true;
  };
  return <PrintButton ids={selectedIds} testId="bulk-print" tooMany={tooMany} />;
};

/** "Print" on the order detail: this order's delivery note or label. */
export const PrintOrderButton = () => {
  const order = useRecordContext<OrderRecord>();
  if (!order) return null;
  return <PrintButton ids={[order.id]} testId="order-print" />;
};
