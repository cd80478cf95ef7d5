import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The reports' page box. react-admin's layout is at least as wide as its content (fit-content):
 * `contain: inline-size` keeps the wide tables and the measured charts from widening the page on
 * a phone, so they scroll inside their own boxes.
 */
export const ReportFrame = ({ children }: { children: ReactNode }) => (
  <Box sx={{ py: 2, contain: 'inline-size' }}>{children}</Box>
);
