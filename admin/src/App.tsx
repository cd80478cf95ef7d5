import { lazy, type ComponentType } from 'react';
import { Admin, CustomRoutes, Resource, type ResourceProps } from 'react-admin';
import { Route } from 'react-router-dom';
import type { PageKey } from '@kernel/permissions/pageKeys';
import { AccessDenied } from './layout/AccessDenied';
import { AppNotification } from './layout/AppNotification';
import { AuthPage } from './layout/AuthPage';
import { Layout } from './layout/Layout';
import { NotFound } from './layout/NotFound';
import { PageGuard } from './layout/PageGuard';
import { FullScreenLoading } from './layout/PageLoading';
import { darkTheme, lightTheme, useLocalizedTheme } from './layout/theme';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { useI18nProvider } from './providers/i18nProvider';
import { queryClient } from './providers/queryClient';
import { store } from './providers/store';
import activityLogs from './activity-logs';
import deliveryAreas from './delivery-areas';
import orders, { OrderCreate } from './orders';
import suppliers from './suppliers';
import translations from './translations';
import trash from './trash';
import users from './users';
import vehicleTypes from './vehicle-types';
import warehouses from './warehouses';

// Every page is loaded on demand.
const Dashboard = lazy(() => import('./pages/dashboard/Dashboard'));
const MonitoringDashboard = lazy(() => import('./pages/monitoring-dashboard/MonitoringDashboard'));
const PermissionDeniedDemo = lazy(() => import('./pages/permission-denied-demo/PermissionDeniedDemo'));
const TranslationImport = lazy(() => import('./pages/translation-import/TranslationImport'));
const PermissionsPage = lazy(() => import('./pages/permissions/PermissionsPage'));
const BatchModificationPage = lazy(() => import('./pages/batch-modification/BatchModificationPage'));
const PricingPage = lazy(() => import('./pages/pricing/PricingPage'));
const ProcessMonitoringPage = lazy(() => import('./pages/process-monitoring/ProcessMonitoringPage'));
const ReportsPage = lazy(() => import('./pages/reports/ReportsPage'));
const OldReports = lazy(() => import('./pages/reports/OldReports'));

const DashboardPage = () => <PageGuard pageKey="dashboard"><Dashboard /></PageGuard>;

type Screens = Pick<ResourceProps, 'list' | 'create' | 'edit' | 'show'>;
const SCREENS = ['list', 'create', 'edit', 'show'] as const;

/** A react-admin resource whose every screen waits for its page-key check (spec §2). */
function guardedResource(pageKey: PageKey, definition: Screens & Omit<ResourceProps, 'name'>): Omit<ResourceProps, 'name'> {
  const guarded: Omit<ResourceProps, 'name'> = { ...definition };
  for (const screen of SCREENS) {
    const Screen = definition[screen] as ComponentType | undefined;
    if (Screen) guarded[screen] = () => <PageGuard pageKey={pageKey}><Screen /></PageGuard>;
  }
  return guarded;
}

export const App = () => (
  // The i18n provider is renewed when /translations or /translation-import change texts.
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
    <Resource name="orders" {...guardedResource('orders', orders)} />
    <Resource name="suppliers" {...guardedResource('suppliers', suppliers)} />
    <Resource name="warehouses" {...guardedResource('warehouses', warehouses)} />
    <Resource name="vehicle-types" {...guardedResource('vehicle_types', vehicleTypes)} />
    <Resource name="delivery-areas" {...guardedResource('delivery_areas', deliveryAreas)} />
    <Resource name="users" {...guardedResource('users', users)} />
    <Resource name="activity-logs" {...guardedResource('activity_logs', activityLogs)} />
    <Resource name="trash" {...guardedResource('trash', trash)} />
    {/* No page key (seed): every signed-in user reads them; saving is checked by the server. */}
    <Resource name="translations" {...translations} />
    <CustomRoutes noLayout>
      <Route path="/auth" element={<AuthPage />} />
      <Route path="/monitoring-dashboard" element={<MonitoringDashboard />} />
    </CustomRoutes>
    <CustomRoutes>
      <Route path="/new-order" element={<PageGuard pageKey="new_order"><OrderCreate /></PageGuard>} />
      <Route path="/batch-modification" element={<PageGuard pageKey="batch_modification"><BatchModificationPage /></PageGuard>} />
      <Route path="/pricing-management" element={<PageGuard pageKey="pricing_management"><PricingPage /></PageGuard>} />
      <Route path="/permissions" element={<PageGuard pageKey="permissions"><PermissionsPage /></PageGuard>} />
      <Route path="/reports" element={<PageGuard pageKey="reports"><ReportsPage view="overview" /></PageGuard>} />
      {(['daily', 'weekly', 'monthly', 'trend', 'billings'] as const).map((view) => (
        <Route key={view} path={`/reports/${view}`} element={<PageGuard pageKey="reports"><ReportsPage view={view} /></PageGuard>} />
      ))}
      <Route path="/reports/process-monitoring" element={<PageGuard pageKey="process_monitoring"><ProcessMonitoringPage /></PageGuard>} />
      <Route path="/reports/old-reports" element={<PageGuard pageKey="old_reports"><OldReports /></PageGuard>} />
      {/* No page key (seed): everyone signed in opens it; importing is checked by the server. */}
      <Route path="/translation-import" element={<TranslationImport />} />
      <Route path="/permission-denied-demo" element={<PermissionDeniedDemo />} />
    </CustomRoutes>
  </Admin>
);
