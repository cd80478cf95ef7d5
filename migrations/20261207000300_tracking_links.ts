import type { Knex } from 'knex';

/*
 * Tracking links (DESIGN §15, docs/tracking-links.md): an order's public page, /t/<token>. One
 * live link per order, made when someone first asks for it; a new one replaces it (the old token
 * then finds nothing). Making one is logged as the order's `tracking_link`, which tells no webhook
 * event: the order itself did not change.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tracking_links', (t) => {
    t.integer('order_id').primary().references('orders.id').onDelete('cascade');
    /** 128 random bits, url-safe base64 (22 characters). */
    t.text('token').notNullable().unique();
    t.integer('created_by').references('users.id').onDelete('set null');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`create or replace function webhook_events_of(action text, changes jsonb) returns text[] language sql immutable as $$
    select case
      when action in ('print', 'purge', 'upload', 'tracking_link') or coalesce(changes \\? 'attachment', false) then '{}'::text[]
      when action in ('create', 'import') then array['order.created']
      when action = 'restore' or (changes \\? 'deletedAt' and changes -> 'deletedAt' ->> 'after' is null) then array['order.restored']
      when action = 'delete' or changes -> 'deletedAt' ->> 'after' is not null then array['order.deleted']
      when changes is null or changes = '{}'::jsonb then '{}'::text[]
      else array['order.updated']
        || case when changes \\? 'status' then array['order.status_changed'] else '{}'::text[] end
        || case when changes -> 'status' ->> 'after' = 'completed' then array['order.completed'] else '{}'::text[] end
        || case when changes \\?| array['basePurchasePrice', 'haulingBuyPrice', 'foulTripBuyPrice', 'mtmBuyPrice',
          'baseSalePrice', 'haulingSalePrice', 'foulTripSalePrice', 'mtmSalePrice'] then array['order.priced'] else '{}'::text[] end
    end $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function webhook_events_of(action text, changes jsonb) returns text[] language sql immutable as $$
    select case
      when action in ('print', 'purge', 'upload') or coalesce(changes \\? 'attachment', false) then '{}'::text[]
      when action in ('create', 'import') then array['order.created']
      when action = 'restore' or (changes \\? 'deletedAt' and changes -> 'deletedAt' ->> 'after' is null) then array['order.restored']
      when action = 'delete' or changes -> 'deletedAt' ->> 'after' is not null then array['order.deleted']
      when changes is null or changes = '{}'::jsonb then '{}'::text[]
      else array['order.updated']
        || case when changes \\? 'status' then array['order.status_changed'] else '{}'::text[] end
        || case when changes -> 'status' ->> 'after' = 'completed' then array['order.completed'] else '{}'::text[] end
        || case when changes \\?| array['basePurchasePrice', 'haulingBuyPrice', 'foulTripBuyPrice', 'mtmBuyPrice',
          'baseSalePrice', 'haulingSalePrice', 'foulTripSalePrice', 'mtmSalePrice'] then array['order.priced'] else '{}'::text[] end
    end $$`);
  await knex.schema.dropTable('tracking_links');
}
