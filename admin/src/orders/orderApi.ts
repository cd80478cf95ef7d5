import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { useAppDataProvider } from '../providers/dataProvider';
import { queryKeys } from '../providers/queryKeys';

/**
 * The order calls beyond the resource protocol (api/src/orders/routes.ts, attachments.ts), read
 * through the data provider's own methods. Their query keys start with 'orders', so react-admin's
 * own refreshes of the resource refetch them too.
 */

export const useOrderEvents = (id: Identifier) => {
  const dataProvider = useAppDataProvider();
  return useQuery({ queryKey: queryKeys.orderEvents(id), queryFn: () => dataProvider.orderEvents(id) });
};

export const useOrderAttachments = (id: Identifier) => {
  const dataProvider = useAppDataProvider();
  return useQuery({ queryKey: queryKeys.orderAttachments(id), queryFn: () => dataProvider.orderAttachments(id) });
};

