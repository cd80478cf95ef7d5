import type { Identifier } from 'react-admin';
import type { StatisticsQuery } from '@kernel/reports/reportData';

/**
 * The keys of the app's own queries (react-admin keeps its [resource, 'getList', …]). A key's
 * first segment names what it shows, a resource's name when it belongs to one: invalidating
 * `resource(name)` then refetches react-admin's queries of it and ours under it alike. A key
 * without its last segments (`processMonitoring()`, `allPageAccess()`) refreshes all below it.
 */
export const queryKeys = {
  /** Every query of a resource: react-admin's own and the ones below that start with its name. */
  resource: (name: string) => [name] as const,
  /** react-admin's query of one record of a resource (its getOne), or without `id` of every one of them. */
  record: (name: string, id?: Identifier) => (id === undefined ? [name, 'getOne'] : [name, 'getOne', { id: String(id) }]),
  currentUser: () => ['current-user'] as const,
  accessiblePages: () => ['accessible-pages'] as const,
  allPageAccess: () => ['page-access'] as const,
  canAccessPage: (pageKey: string) => ['page-access', pageKey] as const,
  dashboard: () => ['dashboard'] as const,
  permissions: () => ['permissions'] as const,
  orderEvents: (id: Identifier) => ['orders', String(id), 'events'] as const,
  orderAttachments: (id: Identifier) => ['orders', String(id), 'attachments'] as const,
  deliveryNotes: (ids: Identifier[]) => ['orders', 'delivery-notes', ids.join(',')] as const,
  allSavedFilters: () => ['saved-filters'] as const,
  savedFilters: (resource: string) => ['saved-filters', resource] as const,
  processMonitoring: () => ['process-monitoring'] as const,
  delayCounts: () => ['process-monitoring', 'delays'] as const,
  lateOrders: (params: string) => ['process-monitoring', 'late-orders', params] as const,
  publicMonitoring: () => ['public-monitoring'] as const,
  publicFigure: (name: string) => ['public-monitoring', name] as const,
  reports: () => ['reports'] as const,
  statistics: (request: StatisticsQuery) => ['reports', 'statistics', request] as const,
  areaRevenue: (runId?: number) => ['reports', 'area-revenue', runId ?? 'latest'] as const,
  reportRun: (id: number) => ['report-runs', 'one', id] as const,
  allPricingStats: () => ['pricing', 'stats'] as const,
  pricingStats: (period?: string) => ['pricing', 'stats', period] as const,
  rateCardPreview: (request: unknown) => ['pricing', 'rate-card-preview', request] as const,
  translationNamespaces: () => ['translation-namespaces'] as const,
  notifications: () => ['notifications'] as const,
  notificationSettings: () => ['notification-settings'] as const,
  logArchives: () => ['activity-logs', 'archives'] as const,
  /** Where a person is signed in: one's own (no user), or a managed account's. */
  secondFactors: ['second-factors'] as const,
  sessions: (userId?: Identifier) => ['sessions', userId === undefined ? 'own' : String(userId)] as const,
};
