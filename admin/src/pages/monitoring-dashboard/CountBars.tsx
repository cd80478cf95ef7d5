import { useMediaQuery, type Theme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartColors } from '../reports/useChartColors';
import { useReportFormat } from '../reports/useReportFormat';

export interface CountBar {
  key: string;
  label: string;
  count: number;
  /** This bar's own colour, else the chart's. */
  colour?: string;
}

/**
 * Counts as horizontal bars, one row each with its label on the left and its figure at the end:
 * the orders per status, the open orders per vehicle type or area.
 */
export const CountBars = ({ bars, name, colour, labelWidth, rowHeight = 32 }: {
  bars: CountBar[];
  /** What is counted, for the tooltip. */
  name: string;
  colour?: string;
  /** The label column's width on a phone and on a wider screen. */
  labelWidth: [number, number];
  rowHeight?: number;
}) => {
  const colors = useChartColors();
  const format = useReportFormat();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <ResponsiveContainer width="100%" height={bars.length * rowHeight + 40}>
      <BarChart data={bars} layout="vertical" margin={{ top: 0, right: 48, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={{ fill: colors.axis, fontSize: 12 }} stroke={colors.grid}
          tickFormatter={format.count} />
        <YAxis type="category" dataKey="label" width={small ? labelWidth[0] : labelWidth[1]} interval={0}
          tick={{ fill: colors.axis, fontSize: small ? 11 : 13 }} stroke={colors.grid} />
        <Tooltip {...colors.tooltip} formatter={(value) => format.count(Number(value))} />
        <Bar dataKey="count" name={name} fill={colour} maxBarSize={22} isAnimationActive={false}>
          {bars.map((bar) => <Cell key={bar.key} fill={bar.colour ?? colour} />)}
          <LabelList dataKey="count" position="right" fill={colors.axis} fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
};
