import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import type { StatisticsQuery } from '@kernel/reports/reportData';

export { areaRevenueUrl, statisticsUrl } from '../../providers/dataProvider';

/**
 * The report calls of the reports contract, through the data provider's own methods. Their query
 * keys start with 'reports' (and the snapshots' with react-admin's 'report-runs'), so a refresh
 * reloads every report on screen.
 */

/** A report file's name: the report, what it is by, and the months it covers (`report-daily-supplier-2026-06_2026-11.csv`). */
export const reportFileName = (parts: string[], from: string, to: string) =>
  `${['report', ...parts].join('-').replace(/_/g, '-')}-${from.slice(0, 7)}_${to.slice(0, 7)}.csv`;

export const useStatistics = (request: StatisticsQuery) => {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: queryKeys.statistics(request),
    queryFn: () => dataProvider.statistics(request),
    // Switching the period or dimension keeps the last table on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
};

export const useAreaRevenue = (runId?: number) => {
  const dataProvider = useAppDataProvider();
  return useQuery({
    queryKey: queryKeys.areaRevenue(runId),
    queryFn: () => dataProvider.areaRevenue(runId),
  });
};

export const useReportRun = (id: number) => {
  const dataProvider = useAppDataProvider();
  return useQuery({ queryKey: queryKeys.reportRun(id), queryFn: () => dataProvider.reportRun(id) });
};

/** "Refresh now" (admins): materialises a new snapshot, then every report reloads from it. */
export function useRefreshReports() {
  const queryClient = useQueryClient();
  const dataProvider = useAppDataProvider();
  return useMutation({
    mutationFn: () => dataProvider.refreshReports(),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.reports() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.resource('report-runs') }),
    ]),
  });
}
