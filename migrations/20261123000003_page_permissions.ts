import type { Knex } from 'knex';
import { standardColumns } from './helpers/standardColumns';

/** Role defaults (docs/roles-and-permissions.md#default-pages-per-role) at the time of this migration; later pages add their own rows. */
const roleDefaults: Record<string, string[]> = {
  director: ['dashboard', 'orders', 'reports', 'process_monitoring', 'old_reports', 'pricing_management',
    'suppliers', 'vehicle_types', 'warehouses', 'delivery_areas', 'activity_logs'],
  manager: ['dashboard', 'orders', 'new_order', 'batch_modification', 'suppliers', 'vehicle_types',
    'warehouses', 'delivery_areas', 'users', 'reports', 'process_monitoring', 'pricing_management',
    'trash', 'activity_logs'],
  team_leader: ['dashboard', 'orders', 'new_order', 'batch_modification', 'reports', 'process_monitoring'],
  biller: ['dashboard', 'orders', 'pricing_management', 'reports', 'old_reports'],
  regional_dispatcher: ['dashboard', 'orders', 'new_order', 'process_monitoring'],
};

/**
 * A row is either a role default (role set) or a per-user grant or denial (user_id set,
 * allowed true or false). Admins hold every page by rule, not by rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('page_permissions', (t) => {
    t.increments('id');
    t.text('role');
    t.integer('user_id').references('users.id').onDelete('CASCADE');
    t.text('page_key').notNullable();
    t.boolean('allowed').notNullable().defaultTo(true);
    standardColumns(knex, t);
  });
  await knex.raw(`alter table page_permissions add constraint page_permissions_subject_check
    check ((role is null) <> (user_id is null))`);
  await knex.raw(`create unique index page_permissions_role_unique on page_permissions (role, page_key)
    where role is not null and deleted_at is null`);
  await knex.raw(`create unique index page_permissions_user_unique on page_permissions (user_id, page_key)
    where user_id is not null and deleted_at is null`);
  const rows = Object.entries(roleDefaults).flatMap(([role, pages]) =>
    pages.map((page_key) => ({ role, page_key, allowed: true })));
  await knex('page_permissions').insert(rows);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('page_permissions');
}
