import { PAGE_KEYS } from '@kernel/permissions/pageKeys';
import type { Role } from '@kernel/users/roles';

/**
 * The default pages of docs/roles-and-permissions.md#default-pages-per-role, written out
 * independently of the migration that seeds it.
 */
export const ROLE_PAGES: Record<Role, readonly string[]> = {
  admin: PAGE_KEYS,
  director: ['dashboard', 'orders', 'reports', 'process_monitoring', 'old_reports', 'pricing_management',
    'suppliers', 'vehicle_types', 'warehouses', 'delivery_areas', 'activity_logs'],
  manager: ['dashboard', 'orders', 'new_order', 'batch_modification', 'suppliers', 'vehicle_types', 'warehouses',
    'delivery_areas', 'users', 'reports', 'process_monitoring', 'pricing_management', 'trash', 'activity_logs'],
  team_leader: ['dashboard', 'orders', 'new_order', 'batch_modification', 'reports', 'process_monitoring'],
  biller: ['dashboard', 'orders', 'pricing_management', 'reports', 'old_reports'],
  regional_dispatcher: ['dashboard', 'orders', 'new_order', 'process_monitoring'],
};

/**
 * The price field groups of DESIGN §16 per role (docs/roles-and-permissions.md#field-groups),
 * written out independently of the migration that seeds them; administrators hold both by rule.
 */
export const ROLE_FIELD_GROUPS: Record<Exclude<Role, 'admin'>, readonly string[]> = {
  director: ['order.purchase_prices', 'order.sale_prices'],
  manager: ['order.purchase_prices', 'order.sale_prices'],
  team_leader: ['order.sale_prices'],
  biller: ['order.purchase_prices', 'order.sale_prices'],
  regional_dispatcher: [],
};
