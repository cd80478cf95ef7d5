import { Suspense, type ReactNode } from 'react';
import { useCanAccess } from 'react-admin';
import type { PageKey } from '@kernel/permissions/pageKeys';
import { AccessDenied } from './AccessDenied';
import { PageLoading } from './PageLoading';

/**
 * The per-page permission check (docs/routes-and-pages.md#how-a-page-is-opened): a spinner while the server answers, the
 * access-denied screen when it refuses or the check fails, else the (lazily loaded) page.
 */
export const PageGuard = ({ pageKey, children }: { pageKey: PageKey; children: ReactNode }) => {
  const { isPending, canAccess, error } = useCanAccess({ resource: pageKey, action: 'access' });
  if (isPending) return <PageLoading />;
  if (error || !canAccess) return <AccessDenied />;
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
};
