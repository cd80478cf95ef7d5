import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Alert, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { useWithheld } from '../../common/useWithheld';
import { useAppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import { ComputedMoney } from './PriceCells';
import type { PricingStats as Stats } from '@kernel/pricing/pricingRecords';

const StatCard = ({ label, testId, icon, color, children }:
  { label: string; testId: string; icon?: ReactNode; color?: string; children: ReactNode }) => (
  <Card variant="outlined" data-testid={testId}>
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1.5, '&:last-child': { pb: 1.5 } }}>
      {icon && <Box sx={{ color, display: 'flex' }}>{icon}</Box>}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.3 }}>{label}</Typography>
        <Typography variant="h6" component="div" sx={{ fontVariantNumeric: 'tabular-nums', lineHeight: 1.3 }}
          data-testid={`${testId}-value`}>
          {children}
        </Typography>
      </Box>
    </CardContent>
  </Card>
);

/**
 * The statistics cards (docs/pricing.md#pricing-management) of the selected period: pricing complete, pricing not set and
 * all completed orders, then the MTM totals and the margin as the database sums them.
 */
export const PricingStats = () => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const period = filterValues.period as string | undefined;
  const dataProvider = useAppDataProvider();
  const withheld = useWithheld();
  const { data, error, isPending } = useQuery({
    queryKey: queryKeys.pricingStats(period),
    queryFn: () => dataProvider.pricingStats(period),
  });
  if (error) return <Alert severity="error" sx={{ mb: 2 }} data-testid="stats-error">{translate('pricing.load_error')}</Alert>;
  const value = (shown: (stats: Stats) => ReactNode) => (isPending || !data ? <Skeleton width={60} /> : shown(data));
  // The figures the server withholds from the person (field groups) are left out, not shown empty.
  const seen = (name: string) => !withheld.has(name);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' } }}>
      {seen('pricingComplete') && <StatCard label={translate('pricing.stats.complete')} testId="stat-complete" color="success.main"
        icon={<AssignmentTurnedInIcon />}>{value((s) => s.pricingComplete)}</StatCard>}
      {seen('pricingNotSet') && <StatCard label={translate('pricing.stats.not_set')} testId="stat-not-set" color="warning.main"
        icon={<PendingActionsIcon />}>{value((s) => s.pricingNotSet)}</StatCard>}
      <StatCard label={translate('pricing.stats.total')} testId="stat-total" color="primary.main"
        icon={<ReceiptLongIcon />}>{value((s) => s.totalCompleted)}</StatCard>
      {seen('buyTotal') && <StatCard label={translate('pricing.stats.buy_total')} testId="stat-buy-total">
        {value((s) => <ComputedMoney value={s.buyTotal} strong />)}
      </StatCard>}
      {seen('saleTotal') && <StatCard label={translate('pricing.stats.sale_total')} testId="stat-sale-total">
        {value((s) => <ComputedMoney value={s.saleTotal} strong />)}
      </StatCard>}
      {seen('margin') && <StatCard label={translate('pricing.stats.margin')} testId="stat-margin">
        {value((s) => <ComputedMoney value={s.margin} strong />)}
      </StatCard>}
    </Box>
  );
};
