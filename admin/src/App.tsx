import type { ComponentType, ReactNode } from 'react';
import { Admin, CustomRoutes, Resource, type ResourceProps } from 'react-admin';
import { Route } from 'react-router-dom';
import { isPageKey } from '@kernel/permissions/pageKeys';
import { AccessDenied } from './layout/AccessDenied';
import { AppNotification } from './layout/AppNotification';
import { Layout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { PageGuard } from './layout/PageGuard';
import { FullScreenLoading } from './layout/PageLoading';
import { ShellProvider, type Shell } from './layout/Shell';
import { darkTheme, lightTheme, useLocalizedTheme } from './layout/theme';
import { NotificationBell } from './notifications/NotificationBell';
import { accessOf, DASHBOARD, MENU, PAGES, resourceName, USER_MENU, type Page } from './pageRegistry';
import { authProviderOf, type Access } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { useI18nProvider } from './providers/i18nProvider';
import { queryClient } from './providers/queryClient';
import { store } from './providers/store';
import { SessionsMenuItem } from './users/SessionsMenuItem';
import { SecondFactorMenuItem } from './second-factor/SecondFactorMenuItem';

/** A page behind its page-key check (docs/routes-and-pages.md#how-a-page-is-opened); the others as they are. */
const guarded = (access: Access, element: ReactNode) =>
  (isPageKey(access) ? <PageGuard pageKey={access}>{element}</PageGuard> : element);

const SCREENS = ['list', 'create', 'edit', 'show'] as const;

/** A react-admin resource whose every screen waits for its page's check. */
function guardedResource(access: Access, definition: Omit<ResourceProps, 'name'>): Omit<ResourceProps, 'name'> {
  const screens = { ...definition };
  for (const screen of SCREENS) {
    const Screen = definition[screen] as ComponentType | undefined;
    if (Screen) screens[screen] = () => guarded(access, <Screen />);
  }
  return screens;
}

// The registry's pages in react-admin's terms: the dashboard, resources, and routes without and with the layout.
const DashboardPage = () => guarded(DASHBOARD.access, DASHBOARD.element);
const resources = PAGES.flatMap((page) =>
  (page.resource ? [{ name: resourceName(page), ...guardedResource(page.access, page.resource) }] : []));
const routes = (pages: Page[]) =>
  pages.map(({ path, access, element }) => <Route key={path} path={path} element={guarded(access, element)} />);
const publicRoutes = routes(PAGES.filter((page) => page.access === 'public'));
const layoutRoutes = routes(PAGES.filter((page) => page !== DASHBOARD && !page.resource && page.access !== 'public'));

const authProvider = authProviderOf(accessOf);
/** What the layout shows of the pages: their menus, and the notification bell in the app bar. */
const SHELL: Shell = { sidebar: MENU, userMenu: USER_MENU, appBarTools: <NotificationBell />, userMenuItems: <><SecondFactorMenuItem /><SessionsMenuItem /></> };

export const App = () => (
  <ShellProvider value={SHELL}>
    {/* The i18n provider is renewed when /translations or /translation-import change texts. */}
    <Admin
      title="app.title"
      dashboard={DashboardPage}
      layout={Layout}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={useI18nProvider()}
      queryClient={queryClient}
      store={store}
      theme={useLocalizedTheme(lightTheme)}
      darkTheme={useLocalizedTheme(darkTheme)}
      loading={FullScreenLoading}
      catchAll={NotFound}
      accessDenied={AccessDenied}
      notification={AppNotification}
      requireAuth
      disableTelemetry
    >
      {resources.map((resource) => <Resource key={resource.name} {...resource} />)}
      <CustomRoutes noLayout>{publicRoutes}</CustomRoutes>
      <CustomRoutes>{layoutRoutes}</CustomRoutes>
    </Admin>
  </ShellProvider>
);
