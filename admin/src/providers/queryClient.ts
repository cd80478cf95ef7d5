import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { getJson } from './apiRequest';

const MINUTE = 60 * 1000;

/** The default query: GET the URL made by joining the query key's segments with "/". */
const defaultQueryFn = ({ queryKey }: QueryFunctionContext) => getJson(queryKey.join('/'));

/**
 * Fresh 5 minutes, kept 10, one retry for queries, none for mutations, no refetch on focus
 * (docs/admin-screens.md#requests-and-caching).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: 5 * MINUTE,
      gcTime: 10 * MINUTE,
      retry: 1,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: { retry: false },
  },
});

/** The current user: fresh 30 minutes, kept an hour, no retry, no refetch on focus or mount. */
export const currentUserQuery = {
  queryKey: ['/api/user'],
  queryFn: () => getJson<CurrentUser>('/api/user', 'returnNull').catch(() => null),
  staleTime: 30 * MINUTE,
  gcTime: 60 * MINUTE,
  retry: false,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
} as const;

export const accessiblePagesQuery = {
  queryKey: ['/api/user-accessible-pages'],
  queryFn: () => getJson<Array<{ pageKey: string }>>('/api/user-accessible-pages'),
  staleTime: 5 * MINUTE,
} as const;

export const canAccessPageQuery = (pageKey: string) => ({
  queryKey: ['/api/can-access-page', pageKey],
  queryFn: () => getJson<{ canAccess: boolean }>(`/api/can-access-page?pageKey=${encodeURIComponent(pageKey)}`),
  staleTime: 5 * MINUTE,
});

export interface CurrentUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  role: string;
  status: 'active' | 'inactive' | 'pending';
  email: string | null;
}
