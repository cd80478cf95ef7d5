import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useListContext, useRecordSelection, useTranslate } from 'react-admin';
import { MAX_BATCH_ORDERS } from '@kernel/orders/batchLimit';
import type { ScannedOrder } from '@kernel/orders/printing';
import { useSelectAllMatching, useSelectionMatching } from '../../common/listSelection';
import { ScanField } from '../../orders/ScanField';
import { useScanRefusal } from '../../orders/useScanner';
import { CompletionDateDialog } from './CompletionDateDialog';

/** The page's list keeps its filters and selection under its own key, apart from the order list's. */
export const BATCH_STORE_KEY = 'batch_modification';

/**
 * A scanned order is ticked, wherever it is in the results; the page changes completed orders
 * only, so any other is refused as the scan of an unknown code is, aloud. The selection is changed
 * through the store's own updates (untick, then toggle: ticked once, never unticked), not from the
 * ids this render saw: the next scan's lookup can answer before React renders the last one's tick.
 */
function useScanToSelect() {
  const [, { unselect, toggle }] = useRecordSelection({ resource: 'orders', storeKey: BATCH_STORE_KEY });
  const refuse = useScanRefusal();
  return (order: ScannedOrder) => {
    if (order.status !== 'completed') {
      refuse('scan.not_completed', { mtm: order.mtmNumber });
      return;
    }
    unselect([order.id]);
    toggle(order.id);
  };
}

/**
 * Always above the results (react-admin's own bulk toolbar only shows once something is
 * selected): the count of selected orders, "select all" of the current results (sent as "all N
 * matching" the search while untouched: docs/undo.md#selections), clearing, and the scan box, and
 * the button that opens the completion-date dialog — which says so when nothing is selected.
 */
export const SelectionBar = () => {
  const translate = useTranslate();
  const { selectedIds, onUnselectItems, total, isPending } = useListContext();
  const selectAll = useSelectAllMatching(MAX_BATCH_ORDERS, { storeKey: BATCH_STORE_KEY, meta: { idsOnly: true } });
  const matching = useSelectionMatching(BATCH_STORE_KEY);
  const tickScanned = useScanToSelect();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [nothingSelected, setNothingSelected] = useState(false);
  const count = selectedIds.length;
  // The warning is answered as soon as something is selected (set while rendering, not in an
  // effect: react.dev "Adjusting some state when a prop changes").
  if (count > 0 && nothingSelected) setNothingSelected(false);

  const openDialog = () => {
    if (count === 0) setNothingSelected(true);
    else setDialogOpen(true);
  };

  return (
    <Box sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 1 }}>
        <Typography variant="body1" aria-live="polite" data-testid="selected-count"
          sx={{ fontWeight: 600, mr: 1, color: count > 0 ? 'primary.main' : 'text.secondary' }}>
          {translate('batch_modification.selected', { smart_count: count })}
        </Typography>
        <Button size="small" disabled={isPending || !total} data-testid="select-all-results"
          onClick={selectAll}>
          {translate('batch_modification.select_all')}
        </Button>
        <Button size="small" color="inherit" disabled={count === 0} onClick={() => onUnselectItems()}>
          {translate('batch_modification.clear_selection')}
        </Button>
        <ScanField onOrder={tickScanned} sx={{ width: { xs: '100%', sm: 300 }, ml: { sm: 'auto' } }} />
        <Button variant="contained" startIcon={<EditCalendarIcon />} onClick={openDialog} data-testid="open-batch-dialog"
          sx={{ width: { xs: '100%', sm: 'auto' } }}>
          {translate('batch_modification.modify')}
        </Button>
      </Stack>
      {nothingSelected && (
        <Alert severity="warning" role="alert" sx={{ mt: 1.5 }} onClose={() => setNothingSelected(false)}>
          {translate('batch_modification.validation.no_selection')}
        </Alert>
      )}
      {dialogOpen && (
        <CompletionDateDialog ids={selectedIds} matching={matching} onClose={() => setDialogOpen(false)}
          onUpdated={() => { setDialogOpen(false); onUnselectItems(); }} />
      )}
    </Box>
  );
};
