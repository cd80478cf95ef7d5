import { Box, Paper, Skeleton, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * What a list shows while its first page loads: the shape of its filters and rows, at once.
 * react-admin's own table placeholder waits a second first, so a list was a blank area meanwhile.
 */
export const ListSkeleton = () => {
  const translate = useTranslate();
  return (
    <Box role="status" aria-busy="true" aria-label={translate('ra.page.loading')} data-testid="list-skeleton" sx={{ mt: 2 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <Skeleton variant="rounded" height={48} sx={{ flex: '0 1 280px' }} />
        <Skeleton variant="rounded" height={48} sx={{ flex: '0 1 200px' }} />
      </Stack>
      <Paper sx={{ px: 2, py: 1 }}>
        {Array.from({ length: 8 }, (_, row) => <Skeleton key={row} height={36} />)}
      </Paper>
    </Box>
  );
};
