import { useGetIdentity } from 'react-admin';
import { mayManageUser, type Role } from '@kernel/users/roles';
import type { UserRecord } from './userModel';

/**
 * The server's rule (kernel/users/roles.ts) as a test of any user record: only administrators
 * manage admin, director and manager accounts. The identity is cached, so "not yet known" passes
 * for a moment rather than flicker; the server refuses anyway.
 */
export function useMayManage(): (user: UserRecord) => boolean {
  const { identity } = useGetIdentity();
  const role = identity?.role as Role | undefined;
  return (user) => !identity || !role
    || mayManageUser({ id: Number(identity.id), role }, { id: Number(user.id), role: user.role });
}

/** Who is acting on a user record: their role, oneself, and whether they may manage it at all. */
export function useActor(user: UserRecord | undefined) {
  const { identity } = useGetIdentity();
  const mayManage = useMayManage();
  return {
    role: identity?.role as Role | undefined,
    isSelf: Boolean(user && identity && user.id === identity.id),
    mayManage: !user || mayManage(user),
  };
}
