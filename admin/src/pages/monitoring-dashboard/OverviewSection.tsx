import BusinessIcon from '@mui/icons-material/Business';
import InventoryIcon from '@mui/icons-material/Inventory2';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Box, Grid, Paper, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import { useReportFormat } from '../reports/useReportFormat';
import { DashboardSection } from './DashboardSection';
import { usePublicMonitoring, type PublicOverview } from './monitoringApi';

const CARDS: Array<[keyof Omit<PublicOverview, 'generatedAt'>, ReactElement, string]> = [
  ['totalOrders', <InventoryIcon key="i" />, 'primary.main'],
  ['activeSuppliers', <BusinessIcon key="i" />, 'secondary.main'],
  ['inTransit', <LocalShippingIcon key="i" />, 'info.main'],
  ['completedToday', <TaskAltIcon key="i" />, 'success.main'],
];

/** A big number with its label: the overview cards and the analytics figures. */
export const Figure = ({ label, value, icon, colour, caption, testId }: { label: string; value: string;
  icon?: ReactElement; colour: string; caption?: string; testId?: string }) => (
  <Paper variant="outlined" sx={{ p: 2, height: '100%', display: 'flex', gap: 1.5, alignItems: 'flex-start' }} data-testid={testId}>
    {icon && <Box sx={{ color: colour, display: 'flex', pt: 0.5, '& svg': { fontSize: 32 } }}>{icon}</Box>}
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">{label}</Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600, color: colour, lineHeight: 1.3 }}>{value}</Typography>
      {caption && <Typography variant="caption" color="text.secondary">{caption}</Typography>}
    </Box>
  </Paper>
);

export const OverviewSection = () => {
  const translate = useTranslate();
  const format = useReportFormat();
  const query = usePublicMonitoring<PublicOverview>('overview');
  return (
    <DashboardSection id="overview" title="monitoring.overview" query={query}
      subheader={query.data && translate('monitoring.updated', { time: format.dateTime(query.data.generatedAt) })}>
      {(data) => (
        <Grid container spacing={2}>
          {CARDS.map(([field, icon, colour]) => (
            <Grid key={field} size={{ xs: 6, md: 3 }}>
              <Figure label={translate(`monitoring.cards.${field}`)} value={format.count(data[field])} icon={icon}
                colour={colour} testId={`card-${field}`} />
            </Grid>
          ))}
        </Grid>
      )}
    </DashboardSection>
  );
};
