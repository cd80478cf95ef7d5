import { Table, TableContainer } from '@mui/material';
import type { ReactNode } from 'react';

/** A cell that keeps its figure on one line, its digits in columns. */
export const nowrap = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * A report's table beside its chart. It scrolls inside its own box (both ways), so a phone keeps
 * the page's width and the header stays in view; a named region in the tab order, so a keyboard
 * scrolls it too.
 */
export const ReportTable = ({ testId, label, children }: { testId: string; label: string; children: ReactNode }) => (
  <TableContainer sx={{ maxHeight: 480, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
    data-testid={testId} tabIndex={0} role="region" aria-label={label}>
    <Table size="small" stickyHeader>{children}</Table>
  </TableContainer>
);
