import { lazy } from 'react';
import { Admin, CustomRoutes, localStorageStore } from 'react-admin';
import { Route } from 'react-router-dom';
import type { PageKey } from '../../api/src/permissions/pageKeys';
import { AccessDenied } from './layout/AccessDenied';
import { AppNotification } from './layout/AppNotification';
import { AuthPage } from './layout/AuthPage';
import { Layout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { PageGuard } from './layout/PageGuard';
import { FullScreenLoading } from './layout/PageLoading';
import { darkTheme, lightTheme } from './layout/theme';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { queryClient } from './providers/queryClient';

// Every page is loaded on demand.
const Dashboard = lazy(() => import('./pages/dashboard/Dashboard'));
const ComingSoon = lazy(() => import('./pages/coming-soon/ComingSoon'));
const MonitoringDashboard = lazy(() => import('./pages/monitoring-dashboard/MonitoringDashboard'));
const PermissionDeniedDemo = lazy(() => import('./pages/permission-denied-demo/PermissionDeniedDemo'));
const Translations = lazy(() => import('./pages/coming-soon/ComingSoon'));

/** A route of the seed's table guarded by its page key; modules still to come show ComingSoon. */
const guarded = (path: string, pageKey: PageKey, title: string) => (
  <Route key={path} path={path} element={<PageGuard pageKey={pageKey}><ComingSoon title={title} /></PageGuard>} />
);

const DashboardPage = () => <PageGuard pageKey="dashboard"><Dashboard /></PageGuard>;

export const App = () => (
  <Admin
    title="app.title"
    dashboard={DashboardPage}
    layout={Layout}
    authProvider={authProvider}
    dataProvider={dataProvider}
    i18nProvider={i18nProvider}
    queryClient={queryClient}
    store={localStorageStore(undefined, 'logistics')}
    theme={lightTheme}
    darkTheme={darkTheme}
    loading={FullScreenLoading}
    catchAll={NotFound}
    accessDenied={AccessDenied}
    notification={AppNotification}
    requireAuth
    disableTelemetry
  >
    <CustomRoutes noLayout>
      <Route path="/auth" element={<AuthPage />} />
      <Route path="/monitoring-dashboard" element={<MonitoringDashboard />} />
    </CustomRoutes>
    <CustomRoutes>
      {guarded('/orders', 'orders', 'menu.order_list')}
      {guarded('/orders/:id', 'orders', 'menu.order_list')}
      {guarded('/new-order', 'new_order', 'menu.new_order')}
      {guarded('/batch-modification', 'batch_modification', 'menu.batch_modification')}
      {guarded('/suppliers', 'suppliers', 'menu.suppliers')}
      {guarded('/vehicle-types', 'vehicle_types', 'menu.vehicle_types')}
      {guarded('/warehouses', 'warehouses', 'menu.warehouses')}
      {guarded('/delivery-areas', 'delivery_areas', 'menu.delivery_areas')}
      {guarded('/users', 'users', 'menu.users')}
      {guarded('/users/:id/edit', 'users', 'menu.users')}
      {guarded('/activity-logs', 'activity_logs', 'menu.activity_logs')}
      {guarded('/pricing-management', 'pricing_management', 'menu.billings')}
      {guarded('/permissions', 'permissions', 'menu.permissions')}
      {guarded('/trash', 'trash', 'menu.trash')}
      {guarded('/reports', 'reports', 'menu.data_reports')}
      {['daily', 'weekly', 'monthly', 'trend'].map((p) => guarded(`/reports/${p}`, 'reports', 'menu.data_reports'))}
      {guarded('/reports/billings', 'reports', 'menu.billings_report')}
      {guarded('/reports/process-monitoring', 'process_monitoring', 'menu.process_monitoring')}
      {guarded('/reports/old-reports', 'old_reports', 'menu.old_reports')}
      <Route path="/translations" element={<Translations title="menu.translations" />} />
      <Route path="/translation-import" element={<Translations title="menu.translation_import" />} />
      <Route path="/permission-denied-demo" element={<PermissionDeniedDemo />} />
    </CustomRoutes>
  </Admin>
);
