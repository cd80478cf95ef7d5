import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { PermissionDeniedNotifier } from './PermissionDeniedNotifier';

/** `minWidth: 0` lets wide tables scroll inside the content column instead of widening the page. */
export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout appBar={AppBar} menu={Menu} sx={{ '& .RaLayout-content': { minWidth: 0 } }}>
    <PermissionDeniedNotifier />
    {children}
  </RaLayout>
);
