import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Measures } from '@kernel/reports/reportData';
import { useWithheld } from '../../common/useWithheld';
import { useReportFormat } from './useReportFormat';

const Figure = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <Card variant="outlined" data-testid={testId}>
    <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Typography variant="body2" color="text.secondary" noWrap>{label}</Typography>
      <Typography variant="h6" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }} noWrap>{value}</Typography>
    </CardContent>
  </Card>
);

/** The overview's headline figures over the chosen period. */
export const SummaryCards = ({ totals }: { totals: Measures }) => {
  const translate = useTranslate();
  const format = useReportFormat();
  const withheld = useWithheld();
  const figures = ([
    ['orders', format.count(totals.orders)],
    ['completionRate', format.rate(totals.completed, totals.orders)],
    ['inProgress', format.count(totals.inProgress)],
    ['saleTotal', format.money(totals.saleTotal)],
    ['margin', format.money(totals.margin)],
    ['avgCompletionDays', format.days(totals.avgCompletionDays)],
  ] satisfies Array<[string, string]>).filter(([key]) => !withheld.has(key));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(6, minmax(0, 1fr))' } }}>
      {figures.map(([key, value]) => (
        <Figure key={key} label={translate(`reports.columns.${key}`)} value={value} testId={`summary-${key}`} />
      ))}
    </Box>
  );
};
