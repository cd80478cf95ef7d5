import { useGetIdentity } from 'react-admin';
import type { UserRecord } from './userModel';

/** Who is acting on a user record: oneself, and whether the server lets them manage it at all. */
export function useActor(user: UserRecord | undefined) {
  const { identity } = useGetIdentity();
  const role = identity?.role as string | undefined;
  return {
    role,
    isSelf: Boolean(user && identity && user.id === identity.id),
    // Only administrators manage administrator accounts (api/src/users/userRules.ts); the
    // identity is cached, so "not yet known" passes for a moment rather than flicker.
    mayManage: !identity || !user || role === 'admin' || user.role !== 'admin',
  };
}
