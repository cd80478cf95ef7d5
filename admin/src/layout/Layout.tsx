import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { PermissionDeniedNotifier } from './PermissionDeniedNotifier';

/**
 * react-admin's layout is at least as wide as its content (`min-width: fit-content`); with 0 on it
 * and on the content column, wide tables and charts scroll inside their own boxes on a phone
 * instead of widening the whole page.
 */
export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout appBar={AppBar} menu={Menu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
    <PermissionDeniedNotifier />
    {children}
  </RaLayout>
);
