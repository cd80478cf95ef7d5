import { Box, Grid, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useChartColors } from '../reports/useChartColors';
import { CountBars } from './CountBars';
import { DashboardSection } from './DashboardSection';
import { usePublicMonitoring, type PublicLogistics } from './monitoringApi';

type Rows = PublicLogistics['vehicleTypes'];

const OpenOrdersChart = ({ title, rows, colour }: { title: string; rows: Rows; colour: string }) => {
  const translate = useTranslate();
  const bars = rows.slice(0, 12).map((r, rank) => ({ key: String(rank), label: r.name ?? translate('monitoring.unassigned'),
    count: r.openOrders }));
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>{title}</Typography>
      {bars.length === 0 ? <Typography color="text.secondary">{translate('monitoring.no_data')}</Typography> : (
        <CountBars bars={bars} name={translate('monitoring.open_orders')} colour={colour} labelWidth={[96, 140]} rowHeight={36} />
      )}
    </Box>
  );
};

/** Where the open orders are: by vehicle type and by delivery area. */
export const LogisticsSection = () => {
  const translate = useTranslate();
  const colors = useChartColors();
  const query = usePublicMonitoring<PublicLogistics>('logistics');
  return (
    <DashboardSection id="logistics" title="monitoring.logistics" subheader={translate('monitoring.open_orders_note')} query={query}>
      {(data) => (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <OpenOrdersChart title={translate('monitoring.by_vehicle_type')} rows={data.vehicleTypes} colour={colors.series[0]} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <OpenOrdersChart title={translate('monitoring.by_delivery_area')} rows={data.deliveryAreas} colour={colors.series[1]} />
          </Grid>
        </Grid>
      )}
    </DashboardSection>
  );
};
