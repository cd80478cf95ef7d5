import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A report's chart beside its table when both fit: the table as wide as its columns need, the
 * chart in the rest. Otherwise the table goes under the chart, and scrolls inside its own box only
 * when the screen is narrower than the table.
 */
export const ChartBesideTable = ({ chart, table }: { chart: ReactNode; table: ReactNode }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
    <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>{chart}</Box>
    <Box sx={{ flex: '0 1 auto', minWidth: 0, maxWidth: '100%' }}>{table}</Box>
  </Box>
);
