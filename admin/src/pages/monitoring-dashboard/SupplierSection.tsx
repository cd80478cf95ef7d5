import { Box, Table, TableBody, TableCell, TableHead, TableRow, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartColors } from '../reports/useChartColors';
import { useReportFormat } from '../reports/useReportFormat';
import { DashboardSection } from './DashboardSection';
import { usePublicMonitoring, type PublicSuppliers } from './monitoringApi';

/** Sales amount and order count by supplier over the last 30 days: a chart, then the figures. */
export const SupplierSection = () => {
  const translate = useTranslate();
  const colors = useChartColors();
  const format = useReportFormat();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const query = usePublicMonitoring<PublicSuppliers>('suppliers');
  return (
    <DashboardSection id="suppliers" title="monitoring.suppliers" query={query}
      subheader={query.data && translate('monitoring.last_days', { days: query.data.days })}>
      {(data) => {
        if (data.suppliers.length === 0) return <Box sx={{ color: 'text.secondary' }}>{translate('monitoring.no_data')}</Box>;
        const points = data.suppliers.slice(0, 10).map((s) => ({ ...s, sales: Number(s.salesAmount) }));
        const sales = translate('monitoring.sales_amount');
        const orders = translate('monitoring.order_count');
        return (
          <>
            <ResponsiveContainer width="100%" height={points.length * 56 + 64}>
              <BarChart data={points} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
                <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" horizontal={false} />
                <XAxis xAxisId="sales" type="number" orientation="top" tick={{ fill: colors.axis, fontSize: 11 }}
                  stroke={colors.grid} tickFormatter={format.count} />
                <XAxis xAxisId="orders" type="number" allowDecimals={false} tick={{ fill: colors.axis, fontSize: 11 }}
                  stroke={colors.grid} tickFormatter={format.count} />
                <YAxis type="category" dataKey="name" width={small ? 96 : 180} interval={0}
                  tick={{ fill: colors.axis, fontSize: small ? 11 : 13 }} stroke={colors.grid} />
                <Tooltip {...colors.tooltip} formatter={(value, name) =>
                  [name === sales ? format.money(Number(value).toFixed(2)) : format.count(Number(value)), name]} />
                <Legend wrapperStyle={{ fontSize: 13 }} />
                <Bar xAxisId="sales" dataKey="sales" name={sales} fill={colors.sale} maxBarSize={18} isAnimationActive={false} />
                <Bar xAxisId="orders" dataKey="orderCount" name={orders} fill={colors.rate} maxBarSize={18} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
            <Box sx={{ overflowX: 'auto', mt: 2 }}>
              <Table size="small" data-testid="supplier-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('monitoring.supplier')}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{orders}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{sales}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {/* Ranked rows, keyed by rank: the public answer carries no ids. */}
                  {data.suppliers.map((s, rank) => (
                    <TableRow key={rank}>
                      <TableCell>{s.name}</TableCell>
                      <TableCell align="right">{format.count(s.orderCount)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{format.money(s.salesAmount)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </>
        );
      }}
    </DashboardSection>
  );
};
