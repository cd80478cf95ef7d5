import { useQuery } from '@tanstack/react-query';
import type {
  PublicAnalytics, PublicLogistics, PublicOrderStatus, PublicOverview, PublicSuppliers, PublicTrend,
} from '../../../../api/src/monitoring/publicMonitoring';

export type { PublicAnalytics, PublicLogistics, PublicOrderStatus, PublicOverview, PublicSuppliers, PublicTrend };

/** The server recomputes each figure at most once a minute; the screen follows at that pace. */
const MINUTE = 60_000;

/** One of the public aggregates (api/src/monitoring/publicMonitoring.ts): no session needed. */
export const usePublicMonitoring = <T>(name: string) => useQuery<T>({
  queryKey: [`/api/public/monitoring/${name}`], staleTime: MINUTE, refetchInterval: MINUTE,
});
