import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import BarChartIcon from '@mui/icons-material/BarChart';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import GroupIcon from '@mui/icons-material/Group';
import KeyIcon from '@mui/icons-material/Key';
import HistoryIcon from '@mui/icons-material/History';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MapIcon from '@mui/icons-material/Map';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SecurityIcon from '@mui/icons-material/Security';
import StoreIcon from '@mui/icons-material/Store';
import TimelineIcon from '@mui/icons-material/Timeline';
import TranslateIcon from '@mui/icons-material/Translate';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ViewListIcon from '@mui/icons-material/ViewList';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import WebhookIcon from '@mui/icons-material/Webhook';
import { lazy, type ReactNode } from 'react';
import type { ResourceProps } from 'react-admin';
import { PAGE_KEYS } from '@kernel/permissions/pageKeys';
import activityLogs from './activity-logs';
import apiTokens from './api-tokens';
import deliveryAreas from './delivery-areas';
import mailOutbox from './mail-outbox';
import orders, { OrderCreate } from './orders';
import rateCards from './rate-cards';
import suppliers from './suppliers';
import translations from './translations';
import trash from './trash';
import users from './users';
import vehicleTypes from './vehicle-types';
import warehouses from './warehouses';
import webhooks from './webhooks';
import { AuthPage } from './sign-in/AuthPage';
import { sidebarOf, userMenuOf, type SidebarPage, type UserMenuPage } from './layout/menuItems';
import type { Access } from './providers/authProvider';

// Every page is loaded on demand.
const Dashboard = lazy(() => import('./pages/dashboard/Dashboard'));
const MonitoringDashboard = lazy(() => import('./pages/monitoring-dashboard/MonitoringDashboard'));
const TrackingPage = lazy(() => import('./pages/tracking/TrackingPage'));
const PermissionDeniedDemo = lazy(() => import('./pages/permission-denied-demo/PermissionDeniedDemo'));
const TranslationImport = lazy(() => import('./pages/translation-import/TranslationImport'));
const NotificationSettingsPage = lazy(() => import('./notifications/NotificationSettingsPage'));
const PermissionsPage = lazy(() => import('./pages/permissions/PermissionsPage'));
const BatchModificationPage = lazy(() => import('./pages/batch-modification/BatchModificationPage'));
const PricingPage = lazy(() => import('./pages/pricing/PricingPage'));
const ProcessMonitoringPage = lazy(() => import('./pages/process-monitoring/ProcessMonitoringPage'));
const ReportsPage = lazy(() => import('./pages/reports/ReportsPage'));
const OldReports = lazy(() => import('./pages/reports/OldReports'));

/** A react-admin resource (named after the page's path), or one screen. */
type Content = { resource: Omit<ResourceProps, 'name'>; element?: never } | { element: ReactNode; resource?: never };

type Guard =
  | (SidebarPage & {
    /** The data resource its list reads, which react-admin checks by that name. */
    lists?: string;
  })
  | UserMenuPage
  | { access: 'public' };

export type Page = { path: string } & Content & Guard;

export const DASHBOARD: Page = {
  path: '/', access: 'dashboard', menu: { label: 'menu.dashboard', icon: <DashboardIcon /> }, element: <Dashboard />,
};

/**
 * Every page of the admin, in the sidebar's order: the admin's table of contents. App.tsx routes
 * them, the sidebar and the user menu list their items (handed to the layout), and the authProvider
 * finds a resource's page key here (docs/routes-and-pages.md).
 */
export const PAGES: Page[] = [
  DASHBOARD,
  { path: '/orders', access: 'orders', resource: orders,
    menu: { group: 'orders', label: 'menu.order_list', icon: <ViewListIcon /> } },
  { path: '/new-order', access: 'new_order', element: <OrderCreate />,
    menu: { group: 'orders', label: 'menu.new_order', icon: <NoteAddIcon /> } },
  { path: '/batch-modification', access: 'batch_modification', element: <BatchModificationPage />,
    menu: { group: 'orders', label: 'menu.batch_modification', icon: <EditCalendarIcon /> } },
  { path: '/pricing-management', access: 'pricing_management', element: <PricingPage />, lists: 'pricing',
    menu: { label: 'menu.billings', icon: <AttachMoneyIcon /> } },
  // Pricing management's cards, reached from its page: the sidebar is the customer's (no item of its own).
  { path: '/rate-cards', access: 'pricing_management', resource: rateCards },
  { path: '/suppliers', access: 'suppliers', resource: suppliers,
    menu: { group: 'units', label: 'menu.suppliers', icon: <StoreIcon /> } },
  { path: '/vehicle-types', access: 'vehicle_types', resource: vehicleTypes,
    menu: { group: 'units', label: 'menu.vehicle_types', icon: <LocalShippingIcon /> } },
  { path: '/warehouses', access: 'warehouses', resource: warehouses,
    menu: { group: 'units', label: 'menu.warehouses', icon: <WarehouseIcon /> } },
  { path: '/delivery-areas', access: 'delivery_areas', resource: deliveryAreas,
    menu: { group: 'units', label: 'menu.delivery_areas', icon: <MapIcon /> } },
  { path: '/users', access: 'users', resource: users,
    menu: { group: 'units', label: 'menu.users', icon: <GroupIcon /> } },
  { path: '/activity-logs', access: 'activity_logs', resource: activityLogs,
    menu: { group: 'tracking', label: 'menu.activity_logs', icon: <HistoryIcon /> } },
  // The mail outbox, reached from the activity log by admins (the server answers admins only).
  { path: '/mail-outbox', access: 'activity_logs', resource: mailOutbox },
  { path: '/trash', access: 'trash', resource: trash,
    menu: { group: 'tracking', label: 'menu.trash', icon: <DeleteSweepIcon /> } },
  { path: '/permissions', access: 'permissions', element: <PermissionsPage />,
    menu: { group: 'tracking', label: 'menu.permissions', icon: <SecurityIcon /> } },
  // Customers' systems (DESIGN §15): the tokens they call the API with, the webhooks that tell them of order events.
  { path: '/api-tokens', access: 'integrations', resource: apiTokens,
    menu: { group: 'integrations', label: 'menu.api_tokens', icon: <KeyIcon /> } },
  { path: '/webhooks', access: 'integrations', resource: webhooks, lists: 'webhook-deliveries',
    menu: { group: 'integrations', label: 'menu.webhooks', icon: <WebhookIcon /> } },
  { path: '/reports', access: 'reports', element: <ReportsPage view="overview" />,
    menu: { group: 'reports', label: 'menu.data_reports', icon: <BarChartIcon /> } },
  ...(['daily', 'weekly', 'monthly', 'trend'] as const).map((view): Page =>
    ({ path: `/reports/${view}`, access: 'reports', element: <ReportsPage view={view} /> })),
  { path: '/reports/billings', access: 'reports', element: <ReportsPage view="billings" />,
    menu: { group: 'reports', label: 'menu.billings_report', icon: <ReceiptLongIcon /> } },
  { path: '/reports/old-reports', access: 'old_reports', element: <OldReports />, lists: 'report-runs',
    menu: { group: 'reports', label: 'menu.old_reports', icon: <TimelineIcon /> } },
  { path: '/reports/process-monitoring', access: 'process_monitoring', element: <ProcessMonitoringPage />,
    menu: { group: 'reports', label: 'menu.process_monitoring', icon: <MonitorHeartIcon /> } },
  // No page key: every signed-in user reads the texts; the server checks who saves and imports.
  { path: '/translations', access: 'signed-in', resource: translations,
    menu: { group: 'user-menu', label: 'menu.translations', icon: <TranslateIcon fontSize="small" /> } },
  { path: '/translation-import', access: 'signed-in', element: <TranslationImport />,
    menu: { group: 'user-menu', label: 'menu.translation_import', icon: <UploadFileIcon fontSize="small" /> } },
  // Everyone's own choices: no page key (the server answers each person theirs).
  { path: '/notification-settings', access: 'signed-in', element: <NotificationSettingsPage />,
    menu: { group: 'user-menu', label: 'menu.notification_settings', icon: <NotificationsIcon fontSize="small" /> } },
  { path: '/permission-denied-demo', access: 'signed-in', element: <PermissionDeniedDemo /> },
  { path: '/auth', access: 'public', element: <AuthPage /> },
  { path: '/monitoring-dashboard', access: 'public', element: <MonitoringDashboard /> },
  // A receiver's page of one order (docs/tracking-links.md): whoever holds the link.
  { path: '/t/:token', access: 'public', element: <TrackingPage /> },
];

/** The sidebar's entries and the user menu's links, in the pages' order. */
export const MENU = sidebarOf(PAGES);
export const USER_MENU = userMenuOf(PAGES);

/** A resource's name is its page's path without the slash. */
export const resourceName = (page: Page) => page.path.slice(1);

const ACCESS_BY_NAME = new Map<string, Access>([
  ...PAGE_KEYS.map((key): [string, Access] => [key, key]),
  ...PAGES.flatMap((page): Array<[string, Access]> => [
    ...(page.resource ? [[resourceName(page), page.access] as [string, Access]] : []),
    ...('lists' in page && page.lists ? [[page.lists, page.access] as [string, Access]] : []),
  ]),
]);

/**
 * Who may open what react-admin checks by name: a page key, a resource or a page's data
 * resource. Undefined for any other name (a picker such as user-options is no page).
 */
export const accessOf = (name: string): Access | undefined => ACCESS_BY_NAME.get(name);
