/** The page keys of docs/routes-and-pages.md#route-table; the translations pages have no guard. */
export const PAGE_KEYS = [
  'dashboard',
  'orders',
  'new_order',
  'batch_modification',
  'suppliers',
  'vehicle_types',
  'warehouses',
  'delivery_areas',
  'users',
  'activity_logs',
  'pricing_management',
  'permissions',
  'trash',
  'reports',
  'process_monitoring',
  'old_reports',
  // Tokens and webhooks for customers' systems (DESIGN §15): administrators by default.
  'integrations',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export function isPageKey(value: unknown): value is PageKey {
  return typeof value === 'string' && (PAGE_KEYS as readonly string[]).includes(value);
}
