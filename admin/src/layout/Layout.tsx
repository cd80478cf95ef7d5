import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { PermissionDeniedNotifier } from './PermissionDeniedNotifier';

export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout appBar={AppBar} menu={Menu}>
    <PermissionDeniedNotifier />
    {children}
  </RaLayout>
);
