import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRefreshQueries } from '../../common/useRefreshQueries';
import { useAppDataProvider } from '../../providers/dataProvider';
import { queryKeys } from '../../providers/queryKeys';
import type { AreaCounts } from '@kernel/monitoring/areaCounts';
import type { DelayKind } from '@kernel/orders/delayKinds';

export type { AreaCounts };
export type { DelayCounts, LateOrder, LateOrdersPage } from '@kernel/monitoring/processMonitoring';
export { DELAY_KINDS, type DelayKind } from '@kernel/orders/delayKinds';

/** The field of AreaCounts that counts each kind. */
export const COUNT_FIELD: Record<DelayKind, 'pullingOut' | 'mos' | 'delayed'> = {
  pulling_out: 'pullingOut', mos: 'mos', delayed: 'delayed',
};

/** What the user opened: the orders of one kind, in one area or (null) in all of theirs. */
export interface Selection {
  kind: DelayKind;
  deliveryAreaId: number | null;
}

// Late orders change all day long: a minute, not the default five.
const FRESH_MS = 60_000;

export const useDelayCounts = () => {
  const dataProvider = useAppDataProvider();
  return useQuery({ queryKey: queryKeys.delayCounts(), queryFn: () => dataProvider.delayCounts(), staleTime: FRESH_MS });
};

export const useLateOrders = ({ kind, deliveryAreaId }: Selection, page: number, perPage: number) => {
  const params = new URLSearchParams({ kind, offset: String(page * perPage), limit: String(perPage) });
  if (deliveryAreaId !== null) params.set('deliveryAreaId', String(deliveryAreaId));
  const dataProvider = useAppDataProvider();
  return useQuery({ queryKey: queryKeys.lateOrders(String(params)), queryFn: () => dataProvider.lateOrders(String(params)),
    staleTime: FRESH_MS, placeholderData: keepPreviousData });
};

/** Refetches the counts and the open list of late orders together, so they never disagree. */
export const useRefreshMonitoring = () => useRefreshQueries(queryKeys.processMonitoring());

/** The same orders in the order list, through its `delayed` filter (one kind, `delayed` for either). */
export const orderListLink = ({ kind, deliveryAreaId }: Selection) => {
  const filter = { delayed: kind, ...(deliveryAreaId === null ? {} : { deliveryAreaId }) };
  return `/orders?filter=${encodeURIComponent(JSON.stringify(filter))}`;
};
