import KeyboardIcon from '@mui/icons-material/Keyboard';
import { Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePriceGrid } from './PriceGrid';

/** The grid's keys in a line above it, and what the grid last did, read out by screen readers as it changes. */
export const GridHint = () => {
  const translate = useTranslate();
  const status = usePriceGrid()?.status;
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider',
      color: 'text.secondary', flexWrap: 'wrap' }} data-testid="grid-hint">
      <KeyboardIcon fontSize="small" aria-hidden sx={{ mt: '1px' }} />
      <Typography variant="caption" sx={{ flex: '1 1 400px' }}>
        <strong>{translate('pricing_grid.hint_title')}</strong>: {translate('pricing_grid.hint')}
      </Typography>
      <Typography variant="caption" role="status" aria-live="polite" data-testid="grid-status" sx={{ color: 'text.primary' }}>
        {status ? translate(status.key, status.args) : ''}
      </Typography>
    </Stack>
  );
};
