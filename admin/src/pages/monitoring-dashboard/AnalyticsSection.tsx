import { Box, Grid, LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useReportFormat } from '../reports/useReportFormat';
import { DashboardSection } from './DashboardSection';
import { Figure } from './OverviewSection';
import { usePublicMonitoring, type PublicAnalytics } from './monitoringApi';

type Rate = PublicAnalytics['week'];

const RateFigure = ({ label, rate, testId }: { label: string; rate: Rate; testId: string }) => {
  const translate = useTranslate();
  const format = useReportFormat();
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ flexGrow: 1 }}>
        <Figure label={label} colour="success.main" testId={testId} value={format.rate(rate.completed, rate.orders)}
          caption={translate('monitoring.rate_caption', { completed: format.count(rate.completed),
            orders: format.count(rate.orders), from: format.date(rate.fromDate) })} />
      </Box>
      <LinearProgress variant="determinate" color="success" value={rate.rate ?? 0} aria-label={label}
        sx={{ mt: -0.5, mx: 0.25, borderRadius: 1 }} />
    </Box>
  );
};

/** Performance: completion rate this week and this month, average days from booking to completion. */
export const AnalyticsSection = () => {
  const translate = useTranslate();
  const format = useReportFormat();
  const query = usePublicMonitoring<PublicAnalytics>('analytics');
  return (
    <DashboardSection id="analytics" title="monitoring.analytics" subheader={translate('monitoring.analytics_note')} query={query}>
      {(data) => (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <RateFigure label={translate('monitoring.rate_week')} rate={data.week} testId="rate-week" />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <RateFigure label={translate('monitoring.rate_month')} rate={data.month} testId="rate-month" />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Figure label={translate('monitoring.average_days')} colour="info.main" testId="average-days"
              value={data.averageCompletionDays.days === null ? '—'
                : translate('monitoring.days', { days: format.days(data.averageCompletionDays.days) })}
              caption={translate('monitoring.average_caption', { orders: format.count(data.averageCompletionDays.orders),
                days: data.averageCompletionDays.windowDays })} />
          </Grid>
        </Grid>
      )}
    </DashboardSection>
  );
};
