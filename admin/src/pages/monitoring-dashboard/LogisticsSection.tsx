import { Box, Grid, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartColors } from '../reports/useChartColors';
import { useReportFormat } from '../reports/useReportFormat';
import { DashboardSection } from './DashboardSection';
import { usePublicMonitoring, type PublicLogistics } from './monitoringApi';

type Rows = PublicLogistics['vehicleTypes'];

const OpenOrdersChart = ({ title, rows, colour }: { title: string; rows: Rows; colour: string }) => {
  const translate = useTranslate();
  const colors = useChartColors();
  const format = useReportFormat();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const points = rows.slice(0, 12).map((r) => ({ ...r, label: r.name ?? translate('monitoring.unassigned') }));
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>{title}</Typography>
      {points.length === 0 ? <Typography color="text.secondary">{translate('monitoring.no_data')}</Typography> : (
        <ResponsiveContainer width="100%" height={points.length * 36 + 40}>
          <BarChart data={points} layout="vertical" margin={{ top: 0, right: 40, bottom: 0, left: 0 }}>
            <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={{ fill: colors.axis, fontSize: 12 }} stroke={colors.grid}
              tickFormatter={format.count} />
            <YAxis type="category" dataKey="label" width={small ? 96 : 140} interval={0}
              tick={{ fill: colors.axis, fontSize: small ? 11 : 13 }} stroke={colors.grid} />
            <Tooltip {...colors.tooltip} formatter={(value) => format.count(Number(value))} />
            <Bar dataKey="openOrders" name={translate('monitoring.open_orders')} fill={colour} maxBarSize={22} isAnimationActive={false}>
              <LabelList dataKey="openOrders" position="right" fill={colors.axis} fontSize={12} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
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
