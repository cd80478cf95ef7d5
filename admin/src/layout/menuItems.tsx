import AssessmentIcon from '@mui/icons-material/Assessment';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import BarChartIcon from '@mui/icons-material/BarChart';
import CategoryIcon from '@mui/icons-material/Category';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MapIcon from '@mui/icons-material/Map';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SecurityIcon from '@mui/icons-material/Security';
import StoreIcon from '@mui/icons-material/Store';
import TimelineIcon from '@mui/icons-material/Timeline';
import TrackChangesIcon from '@mui/icons-material/TrackChanges';
import ViewListIcon from '@mui/icons-material/ViewList';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import type { ReactNode } from 'react';
import type { PageKey } from '@kernel/permissions/pageKeys';

export interface MenuLinkDef {
  to: string;
  pageKey: PageKey;
  label: string;
  icon: ReactNode;
}
export interface MenuGroupDef {
  group: string;
  label: string;
  icon: ReactNode;
  items: MenuLinkDef[];
}
export type MenuEntry = MenuLinkDef | MenuGroupDef | 'separator';

/** The sidebar of spec §2 "Sidebar menu", in order. */
export const MENU: MenuEntry[] = [
  { to: '/', pageKey: 'dashboard', label: 'menu.dashboard', icon: <DashboardIcon /> },
  {
    group: 'orders', label: 'menu.orders', icon: <LocalShippingIcon />, items: [
      { to: '/orders', pageKey: 'orders', label: 'menu.order_list', icon: <ViewListIcon /> },
      { to: '/new-order', pageKey: 'new_order', label: 'menu.new_order', icon: <NoteAddIcon /> },
      { to: '/batch-modification', pageKey: 'batch_modification', label: 'menu.batch_modification',
        icon: <EditCalendarIcon /> },
    ],
  },
  { to: '/pricing-management', pageKey: 'pricing_management', label: 'menu.billings', icon: <AttachMoneyIcon /> },
  'separator',
  {
    group: 'units', label: 'menu.units', icon: <CategoryIcon />, items: [
      { to: '/suppliers', pageKey: 'suppliers', label: 'menu.suppliers', icon: <StoreIcon /> },
      { to: '/vehicle-types', pageKey: 'vehicle_types', label: 'menu.vehicle_types', icon: <LocalShippingIcon /> },
      { to: '/warehouses', pageKey: 'warehouses', label: 'menu.warehouses', icon: <WarehouseIcon /> },
      { to: '/delivery-areas', pageKey: 'delivery_areas', label: 'menu.delivery_areas', icon: <MapIcon /> },
      { to: '/users', pageKey: 'users', label: 'menu.users', icon: <GroupIcon /> },
    ],
  },
  {
    group: 'tracking', label: 'menu.tracking', icon: <TrackChangesIcon />, items: [
      { to: '/activity-logs', pageKey: 'activity_logs', label: 'menu.activity_logs', icon: <HistoryIcon /> },
      { to: '/trash', pageKey: 'trash', label: 'menu.trash', icon: <DeleteSweepIcon /> },
      { to: '/permissions', pageKey: 'permissions', label: 'menu.permissions', icon: <SecurityIcon /> },
    ],
  },
  {
    group: 'reports', label: 'menu.reports', icon: <AssessmentIcon />, items: [
      { to: '/reports', pageKey: 'reports', label: 'menu.data_reports', icon: <BarChartIcon /> },
      { to: '/reports/billings', pageKey: 'reports', label: 'menu.billings_report', icon: <ReceiptLongIcon /> },
      { to: '/reports/old-reports', pageKey: 'old_reports', label: 'menu.old_reports', icon: <TimelineIcon /> },
      { to: '/reports/process-monitoring', pageKey: 'process_monitoring', label: 'menu.process_monitoring',
        icon: <MonitorHeartIcon /> },
    ],
  },
];

const links = MENU.flatMap((entry) => (entry === 'separator' ? [] : 'group' in entry ? entry.items : [entry]));

/** The item to highlight: the one whose path is the longest prefix of the current path. */
export function activeLink(pathname: string): string | undefined {
  const matches = links.filter(({ to }) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)));
  return matches.sort((a, b) => b.to.length - a.to.length)[0]?.to;
}
