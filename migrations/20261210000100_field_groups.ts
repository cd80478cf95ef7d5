import type { Knex } from 'knex';

/*
 * Field groups per role (DESIGN §16, docs/roles-and-permissions.md#field-groups): a row gives a
 * role one group of an order's fields, `order.purchase_prices` or `order.sale_prices`.
 * Administrators hold both by rule and have no rows. A new company's defaults: directors, managers
 * and billers both, team leaders the sale prices, regional dispatchers none. A change is heard by
 * every instance's session cache, as a page permission's is (migration 20261130000100).
 */
const DEFAULTS: Array<[string, string[]]> = [
  ['director', ['order.purchase_prices', 'order.sale_prices']],
  ['manager', ['order.purchase_prices', 'order.sale_prices']],
  ['team_leader', ['order.sale_prices']],
  ['biller', ['order.purchase_prices', 'order.sale_prices']],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('field_group_roles', (t) => {
    t.text('role').notNullable();
    t.text('field_group').notNullable();
    t.primary(['role', 'field_group']);
  });
  await knex.raw(`alter table field_group_roles add constraint field_group_roles_role_check check (role in
    ('director','manager','team_leader','biller','regional_dispatcher'))`);
  await knex.raw(`alter table field_group_roles add constraint field_group_roles_group_check check (field_group in
    ('order.purchase_prices','order.sale_prices'))`);
  await knex('field_group_roles').insert(DEFAULTS.flatMap(([role, groups]) => groups.map((group) => ({ role, field_group: group }))));
  await knex.raw(`create trigger field_group_roles_changed_notify after insert or update or delete on field_group_roles
    for each statement execute function permissions_changed_notify()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('field_group_roles');
}
