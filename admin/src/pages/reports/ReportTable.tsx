import { Table, TableContainer } from '@mui/material';
import type { ReactNode } from 'react';

/** A cell that keeps its figure on one line, its digits in columns. */
export const nowrap = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * A report's table beside its chart. It scrolls inside its own box (both ways), so a phone keeps
 * the page's width and the header stays in view.
 */
export const ReportTable = ({ testId, children }: { testId: string; children: ReactNode }) => (
  <TableContainer sx={{ maxHeight: 480, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
    data-testid={testId}>
    <Table size="small" stickyHeader>{children}</Table>
  </TableContainer>
);
