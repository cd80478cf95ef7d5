import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** The reports' page box (the layout keeps wide tables and charts scrolling inside it on a phone). */
export const ReportFrame = ({ children }: { children: ReactNode }) => <Box sx={{ py: 2 }}>{children}</Box>;
