import { useQuery } from '@tanstack/react-query';
import { useRefreshQueries } from '../../common/useRefreshQueries';
import { useAppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import type { PublicAnalytics, PublicLogistics, PublicOrderStatus, PublicOverview, PublicSuppliers, PublicTrend } from '@kernel/monitoring/publicMonitoring';

export type { PublicAnalytics, PublicLogistics, PublicOrderStatus, PublicOverview, PublicSuppliers, PublicTrend };

/** The server recomputes each figure at most once a minute: asking sooner brings the same answer. */
const MINUTE = 60_000;

/**
 * One of the public aggregates (api/src/monitoring/publicMonitoring.ts): no session needed. No
 * polling (docs/admin-screens.md#requests-and-caching): the page's refresh button asks again.
 */
export const usePublicMonitoring = <T>(name: string) => {
  const dataProvider = useAppDataProvider();
  return useQuery<T>({ queryKey: queryKeys.publicFigure(name), queryFn: () => dataProvider.publicMonitoring<T>(name), staleTime: MINUTE });
};

export const useRefreshPublicMonitoring = () => useRefreshQueries(queryKeys.publicMonitoring());
