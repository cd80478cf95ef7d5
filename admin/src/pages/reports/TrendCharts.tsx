import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Area, AreaChart, Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { periodLabels } from './periodLabels';
import type { Statistics } from '@kernel/reports/reportData';
import { useChartColors } from './useChartColors';
import { useWithheld } from '../../common/useWithheld';
import { useReportFormat } from './useReportFormat';

/** The month series of the trend report: orders with their completion rate, then the revenue. */
export const TrendCharts = ({ data }: { data: Statistics }) => {
  const translate = useTranslate();
  const format = useReportFormat();
  const colors = useChartColors();
  const withheld = useWithheld();
  // Every month of the span, those without orders as zero.
  const points = periodLabels(data.from, data.to, 'month').map((name) => {
    const row = data.rows.find((r) => r.periodLabel === name);
    return { name, orders: row?.orders ?? 0, completionRate: row?.orders ? row.completed / row.orders : null,
      saleTotal: Number(row?.saleTotal ?? 0), margin: Number(row?.margin ?? 0) };
  });
  const tick = { fill: colors.axis, fontSize: 12 };
  const axis = { tick, stroke: colors.grid };
  const heading = (key: string) => (
    <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>{translate(key)}</Typography>
  );
  return (
    <Box data-testid="report-chart" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ height: 260 }}>
        {heading('reports.sections.orders_chart')}
        <ResponsiveContainer width="100%" height="90%">
          <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
            <XAxis dataKey="name" {...axis} />
            <YAxis yAxisId="orders" {...axis} allowDecimals={false} width={44} tickFormatter={format.count} />
            <YAxis yAxisId="rate" orientation="right" {...axis} domain={[0, 1]} width={48} tickFormatter={format.percent} />
            <Tooltip {...colors.tooltip}
              formatter={(value, _name, item) => (item.dataKey !== 'completionRate' ? format.count(Number(value))
                : value === null ? '—' : format.percent(Number(value)))} />
            <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
            <Bar yAxisId="orders" dataKey="orders" name={translate('reports.columns.orders')} fill={colors.orders}
              maxBarSize={40} isAnimationActive={false} />
            <Line yAxisId="rate" dataKey="completionRate" name={translate('reports.columns.completionRate')}
              stroke={colors.rate} strokeWidth={2} dot connectNulls isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </Box>
      {!withheld.has('saleTotal') && <Box sx={{ height: 260 }}>
        {heading('reports.sections.revenue_chart')}
        <ResponsiveContainer width="100%" height="90%">
          <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
            <XAxis dataKey="name" {...axis} padding={{ left: 16, right: 16 }} />
            <YAxis {...axis} width={72} tickFormatter={format.count} />
            <Tooltip {...colors.tooltip} formatter={(value) => format.money(Number(value).toFixed(2))} />
            <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
            <Area dataKey="saleTotal" name={translate('reports.columns.saleTotal')} stroke={colors.sale} fill={colors.sale}
              fillOpacity={0.2} strokeWidth={2} isAnimationActive={false} />
            {!withheld.has('margin') && <Area dataKey="margin" name={translate('reports.columns.margin')} stroke={colors.margin}
              fill={colors.margin} fillOpacity={0.2} strokeWidth={2} isAnimationActive={false} />}
          </AreaChart>
        </ResponsiveContainer>
      </Box>}
    </Box>
  );
};
