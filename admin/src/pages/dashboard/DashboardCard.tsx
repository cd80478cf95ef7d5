import { Card, CardContent, CardHeader } from '@mui/material';
import type { ReactNode } from 'react';

export const DashboardCard = ({ title, icon, children, testId }:
  { title: string; icon: ReactNode; children: ReactNode; testId?: string }) => (
  <Card sx={{ height: '100%' }} data-testid={testId}>
    <CardHeader avatar={icon} title={title} slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 } }} sx={{ pb: 0 }} />
    <CardContent>{children}</CardContent>
  </Card>
);
