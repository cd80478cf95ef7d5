import type { Knex } from 'knex';

/*
 * A webhook paused after 3 days of failures is told to those who may open the integrations page
 * (DESIGN §15, docs/webhooks.md#failures-and-pausing): a notification of kind webhook_paused,
 * naming the webhook.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table notifications drop constraint notifications_kind_check, add constraint notifications_kind_check
    check (kind in ('late_pulling_out', 'late_mos', 'order_moved', 'registration_pending', 'webhook_paused'))`);
  await knex.schema.alterTable('notifications', (t) => {
    /** The paused webhook (kind webhook_paused). */
    t.integer('subject_webhook_id').references('webhooks.id').onDelete('cascade');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('notifications').where({ kind: 'webhook_paused' }).delete();
  await knex('notificationSettings').where({ kind: 'webhook_paused' }).delete();
  await knex.schema.alterTable('notifications', (t) => {
    t.dropColumn('subject_webhook_id');
  });
  await knex.raw(`alter table notifications drop constraint notifications_kind_check, add constraint notifications_kind_check
    check (kind in ('late_pulling_out', 'late_mos', 'order_moved', 'registration_pending'))`);
}
