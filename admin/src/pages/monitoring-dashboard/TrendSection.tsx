import { useTranslate } from 'react-admin';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartColors } from '../reports/useChartColors';
import { useReportFormat } from '../reports/useReportFormat';
import { DashboardSection } from './DashboardSection';
import { usePublicMonitoring, type PublicTrend } from './monitoringApi';

/** The reports section: orders booked and completed per day over the last 30 days. */
export const TrendSection = () => {
  const translate = useTranslate();
  const colors = useChartColors();
  const format = useReportFormat();
  const query = usePublicMonitoring<PublicTrend>('trend');
  return (
    <DashboardSection id="reports" title="monitoring.reports" query={query}
      subheader={translate('monitoring.trend_note', { days: query.data?.days.length ?? 30 })}>
      {(data) => (
        <ResponsiveContainer width="100%" height={280}>
          <AreaChart data={data.days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
            <XAxis dataKey="date" tickFormatter={format.dayMonth} tick={{ fill: colors.axis, fontSize: 12 }}
              stroke={colors.grid} minTickGap={16} />
            <YAxis allowDecimals={false} width={40} tick={{ fill: colors.axis, fontSize: 12 }} stroke={colors.grid}
              tickFormatter={format.count} />
            <Tooltip {...colors.tooltip} formatter={(value) => format.count(Number(value))}
              labelFormatter={(date) => format.date(String(date))} />
            <Legend wrapperStyle={{ fontSize: 13 }} />
            <Area dataKey="booked" name={translate('monitoring.booked')} stroke={colors.orders} fill={colors.orders}
              fillOpacity={0.15} strokeWidth={2} isAnimationActive={false} />
            <Area dataKey="completed" name={translate('monitoring.completed')} stroke={colors.completed} fill={colors.completed}
              fillOpacity={0.15} strokeWidth={2} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      )}
    </DashboardSection>
  );
};
