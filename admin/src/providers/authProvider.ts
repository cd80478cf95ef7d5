import type { AuthProvider } from 'react-admin';
import { ApiError, apiRequest } from './apiRequest';
import { accessiblePagesQuery, canAccessPageQuery, currentUserQuery, queryClient, type CurrentUser } from './queryClient';
import { personName } from '@kernel/users/personName';

export interface Credentials {
  username: string;
  password: string;
}
export interface Registration extends Credentials {
  firstName: string;
  lastName: string;
  email?: string;
}

const fetchUser = () => queryClient.fetchQuery(currentUserQuery);

/** `null` once the server said nobody is signed in; `undefined` while that is not known. */
const knownUser = () => queryClient.getQueryData<CurrentUser | null>(currentUserQuery.queryKey);

/** Resources the seed leaves without a page guard: any signed-in user may open them. */
const UNGUARDED_RESOURCES = ['translations', 'translation-import'];

/** Resources served by a page whose key is not the resource's name. */
const RESOURCE_PAGES: Record<string, string> = { pricing: 'pricing_management', 'report-runs': 'old_reports' };

/** react-admin resource names use hyphens; page keys use underscores. */
export const pageKeyOf = (resource: string) => RESOURCE_PAGES[resource] ?? resource.replace(/-/g, '_');

/**
 * Sign-in, sign-up and sign-out through the seed's calls; page access through
 * /api/can-access-page, cached five minutes. Registration goes through `login` with
 * `register: true`, so react-admin handles the redirect and auth state the same way.
 */
export const authProvider: AuthProvider = {
  async login(params: (Credentials & { register?: false }) | (Registration & { register: true })) {
    const { register, ...body } = params;
    const res = await apiRequest('POST', register ? '/api/register' : '/api/login', body);
    const user = (await res.json()) as CurrentUser;
    queryClient.setQueryData(currentUserQuery.queryKey, user);
    // Forget the "not signed in" answers cached while on /auth, or react-admin logs out at once.
    queryClient.removeQueries({ queryKey: ['auth'] });
    queryClient.removeQueries({ queryKey: accessiblePagesQuery.queryKey });
    return user;
  },
  /**
   * Signed out already (the server said so): nothing to tell it. Otherwise a failed call is
   * reported (spec §8 "Logout failed") and the person stays signed in, so they can try again.
   */
  async logout() {
    if (knownUser() !== null) {
      await apiRequest('POST', '/api/logout').catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      });
    }
    queryClient.clear();
    queryClient.setQueryData(currentUserQuery.queryKey, null);
    return '/auth';
  },
  async checkAuth() {
    if (!(await fetchUser())) throw { redirectTo: '/auth', message: false };
  },
  /** A 401 while signed in means the session ended; while signed out it is expected and ignored. */
  async checkError(error: { status?: number }) {
    if (error?.status === 401 && knownUser() !== null) {
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      throw { redirectTo: '/auth', message: 'auth.session_expired' };
    }
  },
  async getIdentity() {
    const user = await fetchUser();
    if (!user) throw new ApiError(401, 'Not signed in', null);
    return { ...user, fullName: personName(user) };
  },
  /** Nobody signed in has no pages, and asking the server would only bring a 401. */
  async getPermissions() {
    if (!(await fetchUser())) return [];
    return (await queryClient.fetchQuery(accessiblePagesQuery))?.map((p) => p.pageKey) ?? [];
  },
  async canAccess({ resource }) {
    if (!(await fetchUser())) return false;
    if (UNGUARDED_RESOURCES.includes(resource)) return true;
    const answer = await queryClient.fetchQuery(canAccessPageQuery(pageKeyOf(resource)));
    return answer?.canAccess === true;
  },
};
