import { HttpError, type AuthProvider } from 'react-admin';
import { dataProvider, type CurrentUser, type Credentials, type Registration } from './dataProvider';
import { accessiblePagesQuery, canAccessPageQuery, currentUserQuery, queryClient } from './queryClient';
import { serverPageToReturnTo } from './returnPath';
import type { PageKey } from '@kernel/permissions/pageKeys';
import type { SecondFactorProof, SecondStep } from '@kernel/auth/secondFactor';
import { personName } from '@kernel/users/personName';

/** The password was right and the sign-in goes on with a second step (the sign-in page shows it). */
export class SecondStepNeeded extends Error {
  constructor(readonly step: SecondStep) {
    super(`second factor: ${step.secondFactor}`);
  }
}

/**
 * What `login` takes: a username and password; the second step's code or passkey; a person signed in
 * already by an enrolment (whose recovery codes the page showed first); or a registration.
 */
export type LoginParams = (Credentials & { register?: false }) | SecondFactorProof | { signedIn: CurrentUser }
  | (Registration & { register: true });

async function signedInBy(params: LoginParams): Promise<CurrentUser> {
  if ('signedIn' in params) return params.signedIn;
  if ('code' in params || 'passkey' in params) return dataProvider.secondStep(params);
  if (params.register) {
    const { register: _register, ...registration } = params;
    return dataProvider.register(registration);
  }
  const { register: _register, ...credentials } = params;
  const answer = await dataProvider.signIn(credentials);
  if ('secondFactor' in answer) throw new SecondStepNeeded(answer);
  return answer;
}

/** Who may open a page: the holders of a page key, anyone signed in, or anyone. */
export type Access = PageKey | 'signed-in' | 'public';

const fetchUser = () => queryClient.fetchQuery(currentUserQuery);

/**
 * Asked as the app's scripts start, beside the catalog the first render waits for (main.tsx):
 * every screen's first checks (checkAuth, then the page's access) wait for this answer, which the
 * first render would otherwise only then ask for.
 */
void queryClient.prefetchQuery(currentUserQuery);

/** `null` once the server said nobody is signed in; `undefined` while that is not known. */
const knownUser = () => queryClient.getQueryData<CurrentUser | null>(currentUserQuery.queryKey);

/**
 * Sign-in (with its second step), sign-up and sign-out through the data provider's calls (docs/api-conventions.md#sessions); page access through
 * /api/can-access-page, cached five minutes. Registration goes through `login` with
 * `register: true`, so react-admin handles the redirect and auth state the same way. `accessOf`
 * names who may open what react-admin checks by name (the page registry's answer).
 */
export const authProviderOf = (accessOf: (name: string) => Access | undefined): AuthProvider => ({
  async login(params: LoginParams) {
    const user = await signedInBy(params);
    queryClient.setQueryData(currentUserQuery.queryKey, user);
    // Forget the "not signed in" answers cached while on /auth, or react-admin logs out at once.
    queryClient.removeQueries({ queryKey: ['auth'] });
    queryClient.removeQueries({ queryKey: accessiblePagesQuery.queryKey });
    // Sent here by a page of the server (the API reference): back to it, not into the app.
    const back = user.status === 'active' ? serverPageToReturnTo(window.location.search, window.location.origin) : undefined;
    if (back) {
      window.location.assign(back);
      return new Promise<never>(() => {});
    }
    return user;
  },
  /**
   * Signed out already (the server said so): nothing to tell it. Otherwise a failed call is
   * reported ("Logout failed", docs/admin-screens.md#notices) and the person stays signed in, so they can try again.
   */
  async logout() {
    if (knownUser() !== null) {
      await dataProvider.signOut().catch((error: unknown) => {
        if (!(error instanceof HttpError && error.status === 401)) throw error;
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
    if (!user) throw new HttpError('Not signed in', 401);
    return { ...user, fullName: personName(user) };
  },
  /** Nobody signed in has no pages, and asking the server would only bring a 401. */
  async getPermissions() {
    if (!(await fetchUser())) return [];
    return (await queryClient.fetchQuery(accessiblePagesQuery))?.map((p) => p.pageKey) ?? [];
  },
  /** A name that is no page (a picker such as user-options) is refused without asking the server. */
  async canAccess({ resource }) {
    if (!(await fetchUser())) return false;
    const access = accessOf(resource);
    if (access === undefined) return false;
    if (access === 'signed-in' || access === 'public') return true;
    return queryClient.fetchQuery(canAccessPageQuery(access));
  },
});
