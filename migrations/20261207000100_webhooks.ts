import type { Knex } from 'knex';
import { standardColumns } from './helpers/standardColumns';

/*
 * Webhooks (DESIGN §15, docs/webhooks.md): a customer's system hears of order events. A webhook
 * acts as its user (`user_id`: what the deliveries tell is what that user may see). Its secret is
 * kept as it is (`signing_secret`), since it signs; a rotated one keeps signing beside the new one until
 * `previous_secret_until`.
 *
 * The outbox (`webhook_deliveries`) is filled by a trigger on the activity log: every change of an
 * order writes its log row in the change's transaction (one write path), so whatever writes one
 * (a form, a bulk edit, an import, a rate card, the trash, an undo) queues exactly the events of
 * what it changed, and only if it commits. `webhook_events_of` names the events of a log row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhooks', (t) => {
    t.increments('id');
    t.text('url').notNullable();
    t.specificType('events', 'text[]').notNullable();
    t.integer('user_id').notNullable().references('users.id');
    t.text('signing_secret').notNullable();
    t.text('previous_secret');
    t.timestamp('previous_secret_until', { useTz: true });
    t.boolean('active').notNullable().defaultTo(true);
    /** Set when 3 days of failures paused it (the worker), cleared when it is made active again. */
    t.timestamp('paused_at', { useTz: true });
    /** The first failure of the current run of failures; cleared by a delivery. */
    t.timestamp('failing_since', { useTz: true });
    t.integer('created_by').references('users.id');
    standardColumns(knex, t);
  });
  // Only orders of these areas; none: every area the user sees.
  await knex.schema.createTable('webhook_delivery_areas', (t) => {
    t.integer('webhook_id').notNullable().references('webhooks.id').onDelete('CASCADE');
    t.integer('delivery_area_id').notNullable().references('delivery_areas.id').onDelete('CASCADE');
    t.primary(['webhook_id', 'delivery_area_id']);
  });

  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.bigIncrements('id');
    t.integer('webhook_id').notNullable().references('webhooks.id').onDelete('cascade');
    /**
     * The Standard Webhooks message id (webhook-id), given at the first attempt with the body: the
     * same on every attempt after, for the receiver to dedupe.
     */
    t.text('message_id');
    t.text('event_type').notNullable();
    t.integer('order_id').notNullable();
    /** The change's activity-log row: its changes and action are read from it when the body is made. */
    t.bigInteger('log_id');
    /** What an event of no log row tells (order.late: its delay). */
    t.jsonb('changes');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    /** When an admin asked for it again (Redeliver): its 24 hours of retries start anew. */
    t.timestamp('redelivered_at', { useTz: true });
    /** The JSON sent, fixed at the first attempt: every retry sends the same bytes. */
    t.text('body');
    t.integer('response_status');
    t.integer('duration_ms');
    t.text('last_error');
    t.timestamp('last_attempt_at', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
  });
  await knex.raw(`alter table webhook_deliveries add constraint webhook_deliveries_status_check
    check (status in ('pending', 'sending', 'delivered', 'failed', 'skipped'))`);
  // The worker's look-up: each webhook's oldest open delivery.
  await knex.raw(`create index webhook_deliveries_open on webhook_deliveries (webhook_id, id) where status in ('pending', 'sending')`);
  await knex.raw('create index webhook_deliveries_log on webhook_deliveries (webhook_id, id desc)');

  // The events of an order's log row (docs/webhooks.md#events). An attachment, a print, a purge or a tracking link
  // (20261207000300_tracking_links.ts) is none.
  // (`\\?` is jsonb's `?` operator, escaped from knex's bindings.)
  await knex.raw(`create function webhook_events_of(action text, changes jsonb) returns text[] language sql immutable as $$
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
  // The webhooks that hear of `event` for an order of `area_id`: active, asking for it, of that area if they name any.
  await knex.raw(`create function webhooks_hearing(event text, area_id integer) returns setof integer language sql stable as $$
    select w.id from webhooks w where w.active and w.deleted_at is null and event = any(w.events)
      and (not exists (select 1 from webhook_delivery_areas a where a.webhook_id = w.id)
        or exists (select 1 from webhook_delivery_areas a where a.webhook_id = w.id and a.delivery_area_id = area_id))
    $$`);
  // An order's log rows carry its area as the change left it (order_area_ids[1], 20261127000100_activity_log_order_areas.ts):
  // no read of the orders, whatever their number.
  await knex.raw(`create function webhook_deliveries_enqueue() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from webhooks where active and deleted_at is null) then return null; end if;
      insert into webhook_deliveries (webhook_id, event_type, order_id, log_id)
      select w.id, e.type, l.entity_id::integer, l.id
      from logged l
      cross join lateral unnest(webhook_events_of(l.action, l.changes)) with ordinality as e(type, n)
      cross join lateral webhooks_hearing(e.type, l.order_area_ids[1]) as w(id)
      where l.entity_type = 'order' and l.order_area_ids is not null
      order by w.id, l.id, e.n;
      return null;
    end $$`);
  await knex.raw(`create trigger activity_logs_webhooks after insert on activity_logs referencing new table as logged
    for each statement execute function webhook_deliveries_enqueue()`);
  // "order.late" is queued by the notification job (notifications/notificationRules.ts), once per order and delay.
  await knex.raw(`create unique index webhook_deliveries_late_once on webhook_deliveries (webhook_id, order_id, (changes ->> 'delay'))
    where event_type = 'order.late'`);
  await knex.raw(`alter table webhooks add constraint webhooks_events_check check (events <@ array['order.created', 'order.updated',
    'order.status_changed', 'order.completed', 'order.priced', 'order.late', 'order.deleted', 'order.restored']::text[]
    and cardinality(events) > 0)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger activity_logs_webhooks on activity_logs');
  await knex.raw('drop function webhook_deliveries_enqueue');
  await knex.raw('drop function webhooks_hearing');
  await knex.raw('drop function webhook_events_of');
  await knex.schema.dropTable('webhook_deliveries');
  await knex.schema.dropTable('webhook_delivery_areas');
  await knex.schema.dropTable('webhooks');
}
