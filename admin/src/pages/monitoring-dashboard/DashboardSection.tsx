import { Alert, Box, Card, CardContent, CardHeader, Skeleton } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * One section of the dashboard: an anchor for the menu, a heading, and its content once the
 * figures are there (a placeholder while loading, a notice when they cannot be loaded).
 */
export const DashboardSection = <T,>({ id, title, subheader, query, children }: {
  id: string;
  title: string;
  subheader?: string;
  query: { data?: T; isError: boolean };
  children: (data: T) => ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Card component="section" id={id} data-testid={`section-${id}`} sx={{ scrollMarginTop: 120 }}>
      <CardHeader title={translate(title)} subheader={subheader}
        slotProps={{ title: { variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }} sx={{ pb: 0 }} />
      <CardContent>
        {query.isError && <Alert severity="error">{translate('monitoring.load_error')}</Alert>}
        {!query.isError && (query.data === undefined
          ? <Box><Skeleton height={48} /><Skeleton height={48} /><Skeleton height={48} /></Box>
          : children(query.data))}
      </CardContent>
    </Card>
  );
};
