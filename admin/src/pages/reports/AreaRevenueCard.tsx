import { Box, Card, CardContent, CardHeader, LinearProgress, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { areaRevenueUrl, reportFileName, useAreaRevenue } from './reportApi';
import type { AreaRevenue } from '@kernel/reports/reportData';
import { ChartBesideTable } from './ChartBesideTable';
import { ReportCsvButton } from './ReportCsvButton';
import { nowrap, ReportTable } from './ReportTable';
import { LoadingFailed, NoReportData } from './ReportStates';
import { useChartColors } from './useChartColors';
import { useReportFormat } from './useReportFormat';

/** Each month's sale, stacked by delivery area. */
const AreaRevenueChart = ({ data }: { data: AreaRevenue }) => {
  const format = useReportFormat();
  const colors = useChartColors();
  const points = data.months.map((month) => ({
    name: month,
    ...Object.fromEntries(data.rows.map((row) => [String(row.key), Number(row.values[month] ?? 0)])),
  }));
  const axis = { tick: { fill: colors.axis, fontSize: 12 }, stroke: colors.grid };
  return (
    <Box sx={{ width: '100%', height: 340 }} data-testid="area-revenue-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
          <XAxis dataKey="name" {...axis} />
          <YAxis {...axis} width={72} tickFormatter={format.count} />
          <Tooltip {...colors.tooltip} formatter={(value) => format.money(Number(value).toFixed(2))} />
          <Legend wrapperStyle={{ fontSize: 13 }} itemSorter={null} />
          {data.rows.map((row, index) => (
            <Bar key={row.key} dataKey={String(row.key)} name={row.label} stackId="areas" maxBarSize={48}
              fill={colors.series[index % colors.series.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
};

const AreaRevenueTable = ({ data }: { data: AreaRevenue }) => {
  const translate = useTranslate();
  const format = useReportFormat();
  return (
    <ReportTable testId="area-revenue-table" label={translate('reports.sections.area_revenue')}>
        <TableHead>
          <TableRow>
            <TableCell sx={nowrap}>{translate('reports.dimensions.delivery_area')}</TableCell>
            {data.months.map((month) => <TableCell key={month} align="right" sx={nowrap}>{month}</TableCell>)}
            <TableCell align="right" sx={nowrap}>{translate('reports.columns.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((row) => (
            <TableRow key={row.key} hover>
              <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>{row.label}</TableCell>
              {data.months.map((month) => (
                <TableCell key={month} align="right" sx={nowrap}>{format.money(row.values[month] ?? '0.00')}</TableCell>
              ))}
              <TableCell align="right" sx={{ ...nowrap, fontWeight: 700 }}>{format.money(row.total)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
    </ReportTable>
  );
};

/** The delivery areas' revenue over the last 6 months of the snapshot (docs/reports.md#report-kinds), chart beside table. */
export const AreaRevenueCard = ({ runId }: { runId?: number }) => {
  const translate = useTranslate();
  const { data, error, isPending } = useAreaRevenue(runId);
  const rows = data?.rows ?? [];
  return (
    <Card data-testid="area-revenue">
      <CardHeader title={translate('reports.sections.area_revenue')}
        slotProps={{ title: { variant: 'subtitle1', fontWeight: 600 } }}
        action={<ReportCsvButton urlFor={(lang) => areaRevenueUrl(runId, lang)} disabled={!rows.length}
          fileName={reportFileName(['area_revenue'], data?.months[0] ?? '', data?.months.at(-1) ?? '')}
          testId="area-revenue-export" />}
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }} />
      <CardContent sx={{ pt: 0 }}>
        {isPending && <LinearProgress />}
        {error && <LoadingFailed />}
        {data && !rows.length && <NoReportData />}
        {data && rows.length > 0 && (
          <ChartBesideTable chart={<AreaRevenueChart data={data} />} table={<AreaRevenueTable data={data} />} />
        )}
      </CardContent>
    </Card>
  );
};
