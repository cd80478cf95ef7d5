import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import {
  Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useListContext, useTranslate } from 'react-admin';
import { useNotifyUndoable } from '../../common/useUndoableNotify';
import { useToast } from '../../layout/useToast';
import { useAppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import type { RateCardApplyOutcome, RateCardApplyScope } from '@kernel/pricing/rateCardApply';

/** The preview's lines: each card and its orders, then those left as they are and why. */
const Outcome = ({ outcome }: { outcome: RateCardApplyOutcome }) => {
  const translate = useTranslate();
  const line = (key: string, count: number, args: Record<string, unknown> = {}) => count > 0 && (
    <ListItem key={key} disableGutters sx={{ py: 0.25 }} data-testid={`apply-${key}`}>
      <ListItemText primary={translate(`rate_cards.apply.${key}`, { smart_count: count, ...args })} />
    </ListItem>
  );
  return (
    <>
      {outcome.priced > 0
        ? <Alert severity="info" sx={{ mb: 1 }} data-testid="apply-will-price">{translate('rate_cards.apply.will_price', { smart_count: outcome.priced })}</Alert>
        : <Alert severity="warning" sx={{ mb: 1 }} data-testid="apply-nothing">{translate('rate_cards.apply.nothing')}</Alert>}
      <List dense disablePadding>
        {outcome.cards.map((card) => (
          <ListItem key={card.id} disableGutters sx={{ py: 0.25, pl: 2 }}>
            <ListItemText primary={card.name} secondary={translate('rate_cards.apply.by_card', { smart_count: card.orders })}
              slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
          </ListItem>
        ))}
        {line('already_priced', outcome.alreadyPriced)}
        {line('no_card', outcome.noCard.no_card)}
        {line('no_supplier', outcome.noCard.no_supplier)}
      </List>
    </>
  );
};

/**
 * "Apply rate cards" (docs/pricing.md#rate-cards): on the selected orders, or every unpriced order of
 * the list's filter. A preview first (which cards price how many, how many stay as they are and
 * why), then the pricing in one request and one transaction.
 */
export const ApplyRateCards = () => {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const queryClient = useQueryClient();
  const toast = useToast();
  const notifyUndoable = useNotifyUndoable();
  const { filterValues, selectedIds, onUnselectItems } = useListContext();
  const [open, setOpen] = useState(false);
  const scope: RateCardApplyScope = selectedIds.length > 0 ? { ids: selectedIds } : { filter: filterValues };
  const preview = useQuery({
    queryKey: queryKeys.rateCardPreview(scope), enabled: open, gcTime: 0,
    queryFn: () => dataProvider.applyRateCards({ ...scope, preview: true }),
  });
  const apply = useMutation({
    mutationFn: () => dataProvider.applyRateCards({ ...scope, preview: false }),
    onSuccess: async (outcome) => {
      setOpen(false);
      onUnselectItems();
      if (outcome.actionId) notifyUndoable('rate_cards.apply.done', { actionId: outcome.actionId, messageArgs: { smart_count: outcome.priced } });
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource('pricing') });
    },
    onError: () => toast({ variant: 'destructive', title: translate('rate_cards.apply.failure') }),
  });
  const priced = preview.data?.priced ?? 0;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" size="small" startIcon={<RequestQuoteIcon />} onClick={() => setOpen(true)} data-testid="apply-rate-cards">
          {translate(selectedIds.length > 0 ? 'rate_cards.apply.selected' : 'rate_cards.apply.button')}
        </Button>
        <Button component={Link} to="/rate-cards" size="small" data-testid="rate-cards-link">{translate('rate_cards.manage')}</Button>
      </Box>
      <Dialog open={open} onClose={() => !apply.isPending && setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="apply-title">
        <DialogTitle id="apply-title">{translate('rate_cards.apply.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {'ids' in scope ? translate('rate_cards.apply.scope_selected', { smart_count: scope.ids.length }) : translate('rate_cards.apply.scope_filter')}
          </Typography>
          {preview.isPending && <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}><CircularProgress size={20} />{translate('rate_cards.apply.loading')}</Box>}
          {preview.isError && <Alert severity="error">{translate('rate_cards.apply.failure')}</Alert>}
          {preview.data && <Outcome outcome={preview.data} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={apply.isPending}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={priced === 0 || apply.isPending} onClick={() => apply.mutate()} data-testid="apply-confirm"
            startIcon={apply.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {translate('rate_cards.apply.confirm', { smart_count: priced })}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
