import PrintIcon from '@mui/icons-material/Print';
import {
  Alert, Box, Button, Checkbox, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel,
  FormLabel, List, ListItem, Radio, RadioGroup, Stack, Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useNotify, useTranslate, type Identifier } from 'react-admin';
import { MAX_PRINT_ORDERS, PRINT_LAYOUTS, type PrintedOrder, type PrintLayout, type ScannedOrder } from '@kernel/orders/printing';
import { usePhone } from '../../common/ResponsiveDataTable';
import { useAppDataProvider } from '../../providers/dataProvider';
import { isPermissionError } from '../../providers/permissionNotice';
import { queryKeys } from '../../providers/queryKeys';
import { ScanField } from '../ScanField';
import { PrintedPage, PrintedPages } from './PrintedPages';

/** The preview's scale: a whole first page in the dialog's column. */
const PREVIEW_ZOOM: Record<PrintLayout, { xs: number; sm: number }> = {
  delivery_notes: { xs: 0.38, sm: 0.42 },
  labels: { xs: 0.7, sm: 0.8 },
};

/** Every barcode drawn before the browser takes its picture of the pages. */
const imagesReady = () => Promise.all([...document.querySelectorAll<HTMLImageElement>('.printed-pages img')]
  .map((image) => image.decode().catch(() => undefined)));

/**
 * The print dialog (docs/printing-and-scanning.md): the layout, the orders (each ticked to print;
 * a scan ticks one, adding it when it was not there), a preview of the first page. Print logs the
 * print, then opens the browser's print window (a printer, or "Save as PDF") on the pages.
 */
export const PrintDialog = ({ ids, onClose }: { ids: Identifier[]; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = usePhone();
  const dataProvider = useAppDataProvider();
  const { data: selected = [], isPending, error } = useQuery({ queryKey: queryKeys.deliveryNotes(ids),
    queryFn: () => dataProvider.deliveryNotes(ids), enabled: ids.length > 0 });
  const [scanned, setScanned] = useState<PrintedOrder[]>([]);
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const [layout, setLayout] = useState<PrintLayout>('delivery_notes');
  const [busy, setBusy] = useState(false);
  // The tracking tokens the print made or found, by order id: its delivery notes carry their QR codes.
  const [tokens, setTokens] = useState<Record<string, string>>({});
  const orders = [...selected, ...scanned].map((order) => ({ ...order, trackingToken: tokens[order.id] ?? order.trackingToken }));
  const printed = orders.filter((order) => !unticked.has(order.id));
  const tooMany = printed.length > MAX_PRINT_ORDERS;

  const setTicked = (id: number, ticked: boolean) => setUnticked((before) => {
    const after = new Set(before);
    if (ticked) after.delete(id);
    else after.add(id);
    return after;
  });

  const tickScanned = async (found: ScannedOrder) => {
    setTicked(found.id, true);
    if (orders.some((order) => order.id === found.id)) return;
    const [note] = await dataProvider.deliveryNotes([found.id]);
    setScanned((before) => (before.some((order) => order.id === note.id) ? before : [...before, note]));
  };

  const print = async () => {
    setBusy(true);
    try {
      const { trackingTokens } = await dataProvider.recordPrint(printed.map((order) => order.id), layout);
      // The pages drawn with every link's QR code before the browser takes its picture of them.
      flushSync(() => setTokens((before) => ({ ...before, ...trackingTokens })));
      await imagesReady();
      window.print();
    } catch (failure) {
      if (!isPermissionError(failure)) notify(failure instanceof Error ? failure.message : String(failure), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md" fullScreen={phone} data-testid="print-dialog">
      <DialogTitle>{translate('printing.title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) auto' }, gap: 3 }}>
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <Box>
              <FormLabel id="print-layout">{translate('printing.layout')}</FormLabel>
              <RadioGroup aria-labelledby="print-layout" value={layout} onChange={(event) => setLayout(event.target.value as PrintLayout)}>
                {PRINT_LAYOUTS.map((choice) => (
                  <FormControlLabel key={choice} value={choice} control={<Radio size="small" />} label={translate(`printing.layouts.${choice}`)}
                    data-testid={`print-layout-${choice}`} />
                ))}
              </RadioGroup>
            </Box>
            {/* A phone would open its keyboard over the dialog: there the camera or a tap starts scanning. */}
            <ScanField onOrder={tickScanned} autoFocus={!phone} />
            <Box>
              <Typography variant="subtitle2">{translate('printing.orders')}</Typography>
              {isPending && ids.length > 0 && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 1 }}>
                  <CircularProgress size={16} /><Typography variant="body2">{translate('printing.loading')}</Typography>
                </Stack>
              )}
              {error && <Alert severity="error">{error.message}</Alert>}
              <List dense disablePadding sx={{ maxHeight: { xs: 200, md: 300 }, overflowY: 'auto' }}>
                {orders.map((order) => (
                  <ListItem key={order.id} disableGutters data-testid="print-order-row">
                    <FormControlLabel sx={{ mr: 0, minWidth: 0 }}
                      control={<Checkbox size="small" checked={!unticked.has(order.id)} onChange={(event) => setTicked(order.id, event.target.checked)} />}
                      label={(
                        <Typography variant="body2" noWrap>
                          <strong>{order.mtmNumber}</strong>{` · ${order.dnNumber} · ${order.areaName ?? ''}`}
                        </Typography>
                      )} />
                  </ListItem>
                ))}
              </List>
            </Box>
            {printed.length === 0 && !isPending && <Alert severity="info">{translate('printing.none')}</Alert>}
            {tooMany && (
              <Alert severity="error" data-testid="print-too-many">
                {translate('printing.too_many', { max: MAX_PRINT_ORDERS, smart_count: printed.length })}
              </Alert>
            )}
            <Typography variant="body2" color="text.secondary">{translate('printing.hint')}</Typography>
          </Stack>
          {printed[0] && (
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>{translate('printing.preview')}</Typography>
              <Box data-testid="print-preview" sx={{ zoom: PREVIEW_ZOOM[layout], boxShadow: 3, width: 'fit-content', mx: 'auto' }}>
                <PrintedPage order={printed[0]} layout={layout} />
              </Box>
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Typography variant="body2" sx={{ mr: 'auto', pl: 2 }} data-testid="print-count">
          {translate('printing.will_print', { smart_count: printed.length })}
        </Typography>
        <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <PrintIcon />}
          disabled={busy || printed.length === 0 || tooMany} onClick={print} data-testid="print-confirm">
          {translate(busy ? 'printing.preparing' : 'printing.print')}
        </Button>
      </DialogActions>
      <PrintedPages orders={printed} layout={layout} />
    </Dialog>
  );
};
