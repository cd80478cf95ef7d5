import { TableBody, TableCell, TableFooter, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Measures, Statistics, StatisticsRow } from '@kernel/reports/reportData';
import { nowrap, ReportTable } from './ReportTable';
import { MONEY_COLUMNS, type ColumnKey } from './reportViews';
import { useReportFormat, type ReportFormat } from './useReportFormat';

function measureText(column: ColumnKey, measures: Measures, format: ReportFormat): string {
  if (column === 'completionRate') return format.rate(measures.completed, measures.orders);
  if (column === 'avgCompletionDays') return format.days(measures.avgCompletionDays);
  if (MONEY_COLUMNS.includes(column)) return format.money(measures[column] as string);
  return format.count(measures[column] as number);
}

/** The label of a row's entity: the name kept in the snapshot, or "all orders" for the overall figures. */
export function useRowLabel() {
  const translate = useTranslate();
  return (row: Pick<StatisticsRow, 'label'>, overall: boolean) =>
    overall ? translate('reports.overall_label') : row.label ?? translate('reports.unassigned');
}

/** The rows beside the chart, with the totals under them. */
export const StatisticsTable = ({ data, columns, label }: { data: Statistics; columns: ColumnKey[]; label: string }) => {
  const translate = useTranslate();
  const format = useReportFormat();
  const rowLabel = useRowLabel();
  const byPeriod = data.granularity !== 'total';
  const byEntity = data.dimension !== 'overall';
  const lead = (byPeriod ? 1 : 0) + (byEntity ? 1 : 0);
  return (
    <ReportTable testId="report-table" label={label}>
        <TableHead>
          <TableRow>
            {byPeriod && <TableCell sx={nowrap}>{translate(`reports.columns.${data.granularity}`)}</TableCell>}
            {byEntity && <TableCell sx={nowrap}>{translate(`reports.dimensions.${data.dimension}`)}</TableCell>}
            {!lead && <TableCell sx={nowrap}>{translate('reports.columns.period')}</TableCell>}
            {columns.map((column) => (
              <TableCell key={column} align="right" sx={nowrap}>{translate(`reports.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((row) => (
            <TableRow key={`${row.period}:${row.key}`} hover>
              {byPeriod && <TableCell sx={nowrap}>{row.periodLabel}</TableCell>}
              {byEntity && <TableCell sx={{ ...nowrap, fontWeight: 500 }}>{rowLabel(row, false)}</TableCell>}
              {!lead && <TableCell sx={nowrap}>{`${data.from} – ${data.to}`}</TableCell>}
              {columns.map((column) => (
                <TableCell key={column} align="right" sx={nowrap}>
                  {measureText(column, row, format)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter sx={{ position: 'sticky', bottom: 0, bgcolor: 'background.paper' }}>
          <TableRow data-testid="report-totals">
            <TableCell colSpan={Math.max(lead, 1)} sx={{ ...nowrap, fontWeight: 700, color: 'text.primary' }}>
              {translate('reports.columns.total')}
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column} align="right"
                sx={{ ...nowrap, fontWeight: 700, color: 'text.primary' }}>
                {measureText(column, data.totals, format)}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
    </ReportTable>
  );
};
