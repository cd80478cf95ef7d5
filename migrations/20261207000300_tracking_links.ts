import type { Knex } from 'knex';

/*
 * Tracking links (DESIGN §15, docs/tracking-links.md): an order's public page, /t/<token>. One
 * live link per order, made when someone first asks for it; a new one replaces it (the old token
 * then finds nothing). Making one is logged as the order's `tracking_link`, which tells no webhook
 * event (webhook_events_of, 20261207000100_webhooks.ts): the order itself did not change.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tracking_links', (t) => {
    t.integer('order_id').primary().references('orders.id').onDelete('cascade');
    /** 128 random bits, url-safe base64 (22 characters). */
    t.text('token').notNullable().unique();
    t.integer('created_by').references('users.id').onDelete('set null');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('tracking_links');
}
