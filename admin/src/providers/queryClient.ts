import { QueryClient } from '@tanstack/react-query';
import { dataProvider } from './dataProvider';
import { queryKeys } from './queryKeys';

const MINUTE = 60 * 1000;

/**
 * Fresh 5 minutes, kept 10, one retry for queries, none for mutations, no refetch on focus
 * (docs/admin-screens.md#requests-and-caching). No default query function: every query names
 * its data provider call.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * MINUTE,
      gcTime: 10 * MINUTE,
      retry: 1,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: { retry: false },
  },
});

/**
 * The current user: fresh 30 minutes, kept an hour, no retry, no refetch on focus or mount. A
 * server that cannot say counts as nobody signed in: the sign-in page, not a broken screen.
 */
export const currentUserQuery = {
  queryKey: queryKeys.currentUser(),
  queryFn: () => dataProvider.currentUser().catch(() => null),
  staleTime: 30 * MINUTE,
  gcTime: 60 * MINUTE,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
} as const;

export const accessiblePagesQuery = {
  queryKey: queryKeys.accessiblePages(),
  queryFn: () => dataProvider.accessiblePages(),
  staleTime: 5 * MINUTE,
} as const;

export const canAccessPageQuery = (pageKey: string) => ({
  queryKey: queryKeys.canAccessPage(pageKey),
  queryFn: () => dataProvider.canAccessPage(pageKey),
  staleTime: 5 * MINUTE,
});
