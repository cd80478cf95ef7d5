import { useIsFetching, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A page's refresh button: refetches every query whose key starts with `prefix` together, and
 * says while any of them is fetching.
 */
export function useRefreshQueries(prefix: QueryKey) {
  const queryClient = useQueryClient();
  const refreshing = useIsFetching({ queryKey: prefix }) > 0;
  return { refresh: () => queryClient.invalidateQueries({ queryKey: prefix }), refreshing };
}
