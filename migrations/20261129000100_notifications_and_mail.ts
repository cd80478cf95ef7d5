import type { Knex } from 'knex';

const LATE = "('late_pulling_out', 'late_mos')";

/*
 * Notifications and e-mail (DESIGN.md §13, docs/notifications.md): a person's notifications, the
 * kinds and channels each person chose, their mail settings (language, digest hour), report
 * subscriptions, and the outbox the mail worker sends from. A notification of a late order is
 * written once per person, order and kind (the partial unique index), whichever instance's job or
 * transition finds it first; a pending registration once per person and registration.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('cascade');
    t.text('kind').notNullable();
    t.integer('order_id').references('orders.id').onDelete('cascade');
    /** The registration waiting for activation (kind registration_pending). */
    t.integer('subject_user_id').references('users.id').onDelete('cascade');
    /** What the text needs beyond the order (who moved it, from which status to which). */
    t.jsonb('data').notNullable().defaultTo('{}');
    t.timestamp('read_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table notifications add constraint notifications_kind_check
    check (kind in ('late_pulling_out', 'late_mos', 'order_moved', 'registration_pending'))`);
  await knex.raw(`create unique index notifications_once_per_order on notifications (user_id, kind, order_id) where kind in ${LATE}`);
  await knex.raw(`create unique index notifications_once_per_registration on notifications (user_id, subject_user_id)
    where kind = 'registration_pending'`);
  await knex.raw('create index notifications_by_user on notifications (user_id, id desc)');
  await knex.raw('create index notifications_unread on notifications (user_id) where read_at is null');
  await knex.raw('create index notifications_by_order on notifications (order_id)');
  await knex.raw('create index notifications_by_age on notifications (created_at)');

  // A missing row is the kind's default (kernel/notifications/notificationKinds.ts).
  await knex.schema.createTable('notification_settings', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('cascade');
    t.text('kind').notNullable();
    t.boolean('in_app').notNullable();
    t.boolean('email').notNullable();
    t.primary(['user_id', 'kind']);
  });

  await knex.schema.createTable('mail_settings', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('cascade');
    /** The language the person last chose in the app: their mails are written in it. */
    t.text('language').notNullable().defaultTo('cn');
    /** The hour (server time) of the daily digest of their late orders; null: no digest. */
    t.smallint('digest_hour');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table mail_settings add constraint mail_settings_language_check check (language in ('cn', 'en')),
    add constraint mail_settings_digest_hour_check check (digest_hour between 0 and 23)`);

  await knex.schema.createTable('report_subscriptions', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('cascade');
    t.text('period').notNullable();
    t.primary(['user_id', 'period']);
  });
  await knex.raw(`alter table report_subscriptions add constraint report_subscriptions_period_check
    check (period in ('daily', 'weekly', 'monthly'))`);

  // Written in the transaction that causes the mail; rendered and sent by the mail worker.
  await knex.schema.createTable('mail_outbox', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').references('users.id').onDelete('set null');
    /** What the worker renders: a notification kind, 'digest' or 'report'. */
    t.text('template').notNullable();
    t.jsonb('data').notNullable().defaultTo('{}');
    /** One mail per key (a digest per person and day, a report per person and run): a rerun queues none twice. */
    t.text('dedupe_key').unique();
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('last_error');
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`alter table mail_outbox add constraint mail_outbox_status_check
    check (status in ('pending', 'sending', 'sent', 'failed'))`);
  await knex.raw("create index mail_outbox_due on mail_outbox (next_attempt_at) where status = 'pending'");
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['mail_outbox', 'report_subscriptions', 'mail_settings', 'notification_settings', 'notifications']) {
    await knex.schema.dropTable(table);
  }
}
