import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { LiveUpdates } from '../live/LiveUpdates';
import { AppBar } from './AppBar';
import { MailLanguageSync } from './MailLanguageSync';
import { Menu } from './Menu';
import { PermissionDeniedNotifier } from './PermissionDeniedNotifier';

/**
 * react-admin's layout, and a list's main column, are at least as wide as their content (a flex
 * item's automatic minimum width); with 0 on them, wide tables and charts scroll inside their own
 * boxes instead of widening the whole page. A list's action buttons wrap rather than leave the screen.
 */
const FIT_THE_SCREEN = {
  minWidth: 0,
  '& .RaLayout-content, & .RaList-main': { minWidth: 0 },
  '& .RaList-actions > .MuiToolbar-root': { flexWrap: 'wrap' },
} as const;

export const Layout = ({ children }: { children: ReactNode }) => (
  <RaLayout appBar={AppBar} menu={Menu} sx={FIT_THE_SCREEN}>
    <PermissionDeniedNotifier />
    <LiveUpdates />
    <MailLanguageSync />
    {children}
  </RaLayout>
);
