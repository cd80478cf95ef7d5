import { Stack } from '@mui/material';
import type { ReactNode } from 'react';

/** Inputs side by side on a wide screen, one above the other on a phone. */
export const FormRow = ({ children }: { children: ReactNode }) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ width: '100%', columnGap: 2, '& > *': { flex: 1, minWidth: 0 } }}>
    {children}
  </Stack>
);
