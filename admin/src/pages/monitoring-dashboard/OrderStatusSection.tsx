import { useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { STATUS_COLOURS } from '../../orders/StatusChip';
import { useChartColors } from '../reports/useChartColors';
import { useReportFormat } from '../reports/useReportFormat';
import { DashboardSection } from './DashboardSection';
import { usePublicMonitoring, type PublicOrderStatus } from './monitoringApi';

/** How many live orders are in each status, in the order of the flow. */
export const OrderStatusSection = () => {
  const translate = useTranslate();
  const colors = useChartColors();
  const format = useReportFormat();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const query = usePublicMonitoring<PublicOrderStatus>('order-status');
  return (
    <DashboardSection id="order_status" title="monitoring.order_status" query={query}>
      {(data) => {
        const points = data.statuses.map((s) => ({ ...s, label: translate(`order_status.${s.status}`) }));
        return (
          <ResponsiveContainer width="100%" height={points.length * 32 + 40}>
            <BarChart data={points} layout="vertical" margin={{ top: 0, right: 48, bottom: 0, left: 0 }}>
              <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} tick={{ fill: colors.axis, fontSize: 12 }} stroke={colors.grid}
                tickFormatter={format.count} />
              <YAxis type="category" dataKey="label" width={small ? 112 : 200} interval={0}
                tick={{ fill: colors.axis, fontSize: small ? 11 : 13 }} stroke={colors.grid} />
              <Tooltip {...colors.tooltip} formatter={(value) => format.count(Number(value))} />
              <Bar dataKey="count" name={translate('monitoring.orders')} maxBarSize={22} isAnimationActive={false}>
                {points.map((p) => <Cell key={p.status} fill={STATUS_COLOURS[p.status]} />)}
                <LabelList dataKey="count" position="right" fill={colors.axis} fontSize={12} />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        );
      }}
    </DashboardSection>
  );
};
