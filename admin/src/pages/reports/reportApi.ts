import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '../../providers/apiRequest';
import type { AreaRevenue, ReportRun, Statistics, StatisticsQuery } from './reportModel';

/**
 * The report calls of the reports contract. Their query keys start with 'reports' (and the
 * snapshots' with react-admin's 'report-runs'), so a refresh reloads every report on screen.
 */
const query = (params: Record<string, string | number | undefined>) => new URLSearchParams(
  Object.entries(params).filter(([, value]) => value !== undefined).map(([name, value]) => [name, String(value)]));

/** The statistics as JSON, or with `csvLang` as the server's CSV of the same rows in that language. */
export const statisticsUrl = ({ months, granularity, dimension, runId }: StatisticsQuery, csvLang?: string) =>
  `/api/reports/statistics?${query({ months, granularity, dimension, runId,
    ...(csvLang ? { format: 'csv', lang: csvLang } : {}) })}`;

export const areaRevenueUrl = (runId?: number, csvLang?: string) =>
  `/api/reports/area-revenue?${query({ runId, ...(csvLang ? { format: 'csv', lang: csvLang } : {}) })}`;

/** A report file's name: the report, what it is by, and the months it covers (`report-daily-supplier-2026-06_2026-11.csv`). */
export const reportFileName = (parts: string[], from: string, to: string) =>
  `${['report', ...parts].join('-').replace(/_/g, '-')}-${from.slice(0, 7)}_${to.slice(0, 7)}.csv`;

export const useStatistics = (request: StatisticsQuery) => useQuery({
  queryKey: ['reports', 'statistics', request],
  queryFn: () => getJson<Statistics>(statisticsUrl(request)),
  // Switching the period or dimension keeps the last table on screen until the next one arrives.
  placeholderData: keepPreviousData,
});

export const useAreaRevenue = (runId?: number) => useQuery({
  queryKey: ['reports', 'area-revenue', runId ?? 'latest'],
  queryFn: () => getJson<AreaRevenue>(areaRevenueUrl(runId)),
});

export const useReportRun = (id: number) => useQuery({
  queryKey: ['report-runs', 'one', id],
  queryFn: () => getJson<ReportRun>(`/api/report-runs/${id}`),
});

/** "Refresh now" (admins): materialises a new snapshot, then every report reloads from it. */
export function useRefreshReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest('POST', '/api/report-runs', {})).json() as Promise<ReportRun>,
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: ['reports'] }),
      queryClient.invalidateQueries({ queryKey: ['report-runs'] }),
    ]),
  });
}
