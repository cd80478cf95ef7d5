import { Box, GlobalStyles } from '@mui/material';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslate } from 'react-admin';
import type { PrintedOrder, PrintLayout } from '@kernel/orders/printing';
import { trackingPath } from '@kernel/tracking/trackedOrder';
import { useDateFormat } from '../../common/dateFormat';
import { Barcode } from '../../common/Barcode';

/** Each layout's sheet; a page is a hair shorter than its sheet so rounding never spills onto a blank one. */
const SHEETS: Record<PrintLayout, { size: string; width: string; height: string }> = {
  delivery_notes: { size: 'A4', width: '210mm', height: '296.5mm' },
  labels: { size: '100mm 150mm', width: '100mm', height: '149.5mm' },
};

const INK = '#000';
const LINE = `0.3mm solid ${INK}`;

/** One sheet: its size, then a page break, in black on white whatever the screen's theme. */
const Sheet = ({ layout, children }: { layout: PrintLayout; children: ReactNode }) => (
  <Box className="printed-page" sx={{ width: SHEETS[layout].width, height: SHEETS[layout].height, boxSizing: 'border-box',
    p: layout === 'labels' ? '5mm' : '14mm', overflow: 'hidden', breakAfter: 'page', '&:last-of-type': { breakAfter: 'auto' },
    bgcolor: '#fff', color: INK, fontFamily: 'system-ui, sans-serif', fontSize: '10.5pt', lineHeight: 1.35,
    display: 'flex', flexDirection: 'column', gap: layout === 'labels' ? '3mm' : '6mm' }}>
    {children}
  </Box>
);

const Label = ({ children }: { children: ReactNode }) => (
  <Box component="span" sx={{ display: 'block', fontSize: '8.5pt', color: '#444' }}>{children}</Box>
);

const Fact = ({ label, value, big = false }: { label: string; value: ReactNode; big?: boolean }) => (
  <Box>
    <Label>{label}</Label>
    <Box sx={{ fontSize: big ? '16pt' : '11pt', fontWeight: big ? 700 : 500, wordBreak: 'break-word' }}>{value || '—'}</Box>
  </Box>
);

/** A box to sign in and a line for the date, for the driver or the receiver. */
const SignatureBox = ({ who }: { who: 'driver' | 'receiver' }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, border: LINE, p: '3mm', display: 'flex', flexDirection: 'column', gap: '3mm' }}>
      <Label>{translate(`printing.signatures.${who}`)}</Label>
      <Box sx={{ height: '22mm' }} />
      <Box sx={{ borderTop: LINE, pt: '1mm' }}><Label>{translate('printing.signatures.date')}</Label></Box>
    </Box>
  );
};

/**
 * The receiver's way to follow the delivery: the order's tracking link as a QR code
 * (docs/tracking-links.md). In the dialog's preview an order may have no link yet: the print makes it.
 */
const TrackingCode = ({ token }: { token: string | null }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '34mm', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '1.5mm', textAlign: 'center' }}
      data-testid="note-tracking-code">
      {token
        ? <Barcode kind="qrcode" text={`${window.location.origin}${trackingPath(token)}`} style={{ width: '26mm', height: '26mm' }} />
        : <Box sx={{ width: '26mm', height: '26mm', border: '0.3mm dashed #888', display: 'flex', alignItems: 'center', p: '2mm',
          boxSizing: 'border-box', fontSize: '7.5pt', color: '#444' }}>{translate('printing.tracking_pending')}</Box>}
      <Label>{translate('printing.tracking')}</Label>
    </Box>
  );
};

/**
 * The A4 delivery note of one order: who and what, its DN as Code 128, its MTM as a QR code,
 * signatures, and the tracking link's QR code for the receiver.
 */
const DeliveryNote = ({ order }: { order: PrintedOrder }) => {
  const translate = useTranslate();
  const format = useDateFormat();
  const field = (name: string) => translate(`printing.fields.${name}`);
  return (
    <Sheet layout="delivery_notes">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', borderBottom: LINE, pb: '3mm' }}>
        <Box sx={{ fontSize: '17pt', fontWeight: 700 }}>{translate('printing.company_name')}</Box>
        <Box sx={{ fontSize: '14pt' }}>{translate('printing.note_title')}</Box>
      </Box>
      <Box sx={{ display: 'flex', gap: '8mm', alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: '3mm' }}>
          <Fact label={field('mtm')} value={order.mtmNumber} big />
          <Fact label={field('dn')} value={order.dnNumber} big />
          <Barcode kind="code128" text={order.dnNumber} style={{ height: '16mm', maxWidth: '100%', alignSelf: 'flex-start' }} />
        </Box>
        <Barcode kind="qrcode" text={order.mtmNumber} style={{ width: '30mm', height: '30mm' }} />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '4mm 8mm', borderTop: LINE, pt: '5mm' }}>
        <Fact label={field('supplier')} value={order.supplierName} />
        <Fact label={field('warehouse')} value={order.warehouseName} />
        <Fact label={field('area')} value={order.areaName} />
        <Fact label={field('vehicle_type')} value={order.vehicleTypeName} />
        <Fact label={field('pickup_date')} value={format.date(order.pickupDate)} />
        <Fact label={field('mos_date')} value={format.date(order.mosDate)} />
        <Fact label={field('assigned')} value={order.assignedName} />
      </Box>
      <Box sx={{ border: LINE, p: '3mm', minHeight: '30mm', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        <Label>{field('notes')}</Label>
        {order.notes}
      </Box>
      <Box sx={{ display: 'flex', gap: '8mm', mt: 'auto' }}>
        <SignatureBox who="driver" />
        <SignatureBox who="receiver" />
        <TrackingCode token={order.trackingToken} />
      </Box>
    </Sheet>
  );
};

/** The 100 × 150 mm label of one order: its DN as Code 128, its MTM number, area and dates, readable from afar. */
const OrderLabel = ({ order }: { order: PrintedOrder }) => {
  const translate = useTranslate();
  const format = useDateFormat();
  const field = (name: string) => translate(`printing.fields.${name}`);
  return (
    <Sheet layout="labels">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', fontSize: '9pt', borderBottom: LINE, pb: '1.5mm' }}>
        <span>{translate('printing.company_name')}</span>
        <span>{translate('printing.label_title')}</span>
      </Box>
      <Fact label={field('dn')} value={order.dnNumber} big />
      <Barcode kind="code128" text={order.dnNumber} style={{ height: '22mm', maxWidth: '100%', alignSelf: 'flex-start' }} />
      <Fact label={field('mtm')} value={<Box component="span" sx={{ fontSize: '20pt' }}>{order.mtmNumber}</Box>} big />
      <Fact label={field('area')} value={<Box component="span" sx={{ fontSize: '18pt' }}>{order.areaName}</Box>} big />
      <Box sx={{ display: 'flex', gap: '6mm', mt: 'auto', borderTop: LINE, pt: '2mm' }}>
        <Fact label={field('pickup_date')} value={format.date(order.pickupDate)} />
        <Fact label={field('mos_date')} value={format.date(order.mosDate)} />
      </Box>
    </Sheet>
  );
};

/** One order's page in a layout: the print itself, and the dialog's preview of its first page. */
export const PrintedPage = ({ order, layout }: { order: PrintedOrder; layout: PrintLayout }) => (
  layout === 'labels' ? <OrderLabel order={order} /> : <DeliveryNote order={order} />
);

/**
 * The pages to print, outside the app: at the end of <body>, hidden on screen. When printing they
 * are all there is: the app, its dialogs and the body's scroll lock give way, and the sheet size
 * is the layout's, so N orders print as exactly N pages (docs/printing-and-scanning.md).
 */
export const PrintedPages = ({ orders, layout }: { orders: PrintedOrder[]; layout: PrintLayout }) => createPortal(
  <div className="printed-pages" data-testid="printed-pages">
    <GlobalStyles styles={{
      '@page': { size: SHEETS[layout].size, margin: 0 },
      '@media screen': { '.printed-pages': { display: 'none' } },
      '@media print': {
        'html, body': { height: 'auto !important', overflow: 'visible !important', background: '#fff !important', padding: '0 !important' },
        'body > *:not(.printed-pages)': { display: 'none !important' },
      },
    }} />
    {orders.map((order) => <PrintedPage key={order.id} order={order} layout={layout} />)}
  </div>,
  document.body,
);
