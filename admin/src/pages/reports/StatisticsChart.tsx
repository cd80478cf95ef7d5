import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { periodLabels } from './periodLabels';
import type { Statistics } from '@kernel/reports/reportData';
import { useRowLabel } from './StatisticsTable';
import { useChartColors } from './useChartColors';
import { useWithheld } from '../../common/useWithheld';
import { useReportFormat } from './useReportFormat';

interface ChartPoint {
  name: string;
  completed: number;
  inProgress: number;
  cancelled: number;
  buyTotal: number;
  saleTotal: number;
  margin: number;
}

const emptyPoint = (name: string): ChartPoint =>
  ({ name, completed: 0, inProgress: 0, cancelled: 0, buyTotal: 0, saleTotal: 0, margin: 0 });

/**
 * One bar per period for the overall figures (every period of the span, empty ones too), one
 * per entity otherwise (its periods added up): the table beside it has the detail. Money becomes
 * a number here only to be drawn.
 */
function usePoints(data: Statistics): ChartPoint[] {
  const rowLabel = useRowLabel();
  const overall = data.dimension === 'overall';
  const periods = overall ? periodLabels(data.from, data.to, data.granularity) : [];
  const points = new Map(periods.map((label) => [label, emptyPoint(label)]));
  for (const row of data.rows) {
    const name = overall ? row.periodLabel ?? rowLabel(row, true) : rowLabel(row, false);
    const point = points.get(name) ?? emptyPoint(name);
    point.completed += row.completed;
    point.inProgress += row.inProgress;
    point.cancelled += row.cancelled;
    point.buyTotal += Number(row.buyTotal);
    point.saleTotal += Number(row.saleTotal);
    point.margin += Number(row.margin);
    points.set(name, point);
  }
  return [...points.values()];
}

const SERIES = {
  statuses: [['completed', 'completed'], ['inProgress', 'inProgress'], ['cancelled', 'cancelled']],
  money: [['buyTotal', 'buy'], ['saleTotal', 'sale'], ['margin', 'margin']],
} as const;

/** The orders by status (stacked), or buy, sale and margin side by side. */
export const StatisticsChart = ({ data, kind }: { data: Statistics; kind: 'statuses' | 'money' }) => {
  const translate = useTranslate();
  const format = useReportFormat();
  const colors = useChartColors();
  const points = usePoints(data);
  const byEntity = data.dimension !== 'overall';
  const money = kind === 'money';
  const withheld = useWithheld();
  const series = SERIES[kind].filter(([key]) => !withheld.has(key));
  const valueText = (value: number) => (money ? format.money(value.toFixed(2)) : format.count(value));
  const tick = { fill: colors.axis, fontSize: 12 };
  const categoryAxis = { dataKey: 'name', type: 'category' as const, tick, stroke: colors.grid };
  const valueAxis = { type: 'number' as const, tick, stroke: colors.grid, allowDecimals: money,
    tickFormatter: (value: number) => format.count(value) };
  // Entities are read best as horizontal bars, with room for their names.
  const height = byEntity ? Math.max(260, points.length * (money ? 44 : 30) + 80) : 320;
  return (
    <Box sx={{ width: '100%', height }} data-testid="report-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} layout={byEntity ? 'vertical' : 'horizontal'} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
          {byEntity
            ? <><XAxis {...valueAxis} /><YAxis {...categoryAxis} width={130} /></>
            : <><XAxis {...categoryAxis} minTickGap={16} /><YAxis {...valueAxis} width={money ? 72 : 48} /></>}
          <Tooltip {...colors.tooltip} formatter={(value) => valueText(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
          {series.map(([key, color]) => (
            <Bar key={key} dataKey={key} name={translate(`reports.columns.${key}`)} fill={colors[color]}
              stackId={money ? undefined : 'orders'} isAnimationActive={false} maxBarSize={money ? 18 : 36} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
};
