import type { Knex } from 'knex';
import { DEFAULT_CHANNELS, KIND_PAGES, NOTIFICATION_KEEP_DAYS, type NotificationKind } from '@kernel/notifications/notificationKinds';
import type { Config } from '../foundation/config';
import { queueMails } from '../mail/outbox';
import { delayCondition } from '../orders/delays';
import { mayOpenPageSql } from '../permissions/access';
import { liveRows } from '../db/liveRows';
import { personNameSql } from '../users/personNameSql';

/*
 * Who hears of what (docs/notifications.md), each rule one set-based statement whatever the
 * number of orders or people: the recipients, each person's chosen channels (a missing
 * notification_settings row is DEFAULT_CHANNELS), the in-app rows and the mails, all in the
 * caller's transaction.
 */

type Db = Knex | Knex.Transaction;
type MailConfig = Pick<Config, 'smtpUrl'>;

/** Per kind, what keeps a notification from being written twice (the migration's partial unique indexes); a pause happens once. */
const ONCE: Partial<Record<NotificationKind, string>> = {
  late_pulling_out: "on conflict (user_id, kind, order_id) where kind in ('late_pulling_out', 'late_mos') do nothing",
  late_mos: "on conflict (user_id, kind, order_id) where kind in ('late_pulling_out', 'late_mos') do nothing",
  registration_pending: "on conflict (user_id, subject_user_id) where kind = 'registration_pending' do nothing",
};

/** A recipient may hear of an order: a regional dispatcher only of their own areas' (`o` the order, `u` the user). */
const MAY_HEAR_OF_ORDER = `(u.role <> 'regional_dispatcher'
  or exists (select 1 from user_delivery_areas a where a.user_id = u.id and a.delivery_area_id = o.delivery_area_id))`;

/** What a mail about an order says of it (`o` the order). */
const ORDER_MAIL_DATA = "jsonb_build_object('orderId', o.id, 'mtmNumber', o.mtm_number, 'dnNumber', o.dn_number)";

/**
 * Writes the notifications of one kind to `recipients` (SQL answering user_id, order_id,
 * subject_user_id, subject_webhook_id, data, mail_data), as each chose: an in-app row when they want one (none twice
 * where the kind is once only), a mail when they want one and the row is new (or they want no
 * row: the mail's dedupe key then keeps it once).
 */
async function deliver(db: Db, config: MailConfig, kind: NotificationKind, recipients: string, bindings: Knex.Value[]): Promise<void> {
  const { rows } = await db.raw(`with recipients as (${recipients}),
    chosen as (select r.*, coalesce(s.in_app, ?) as in_app, coalesce(s.email, ?) as email from recipients r
      left join notification_settings s on s.user_id = r.user_id and s.kind = ?),
    written as (insert into notifications (user_id, kind, order_id, subject_user_id, subject_webhook_id, data)
      select user_id, ?, order_id, subject_user_id, subject_webhook_id, data from chosen where in_app ${ONCE[kind] ?? ''}
      returning user_id, order_id, subject_user_id, subject_webhook_id)
    select c.user_id, c.order_id, c.subject_user_id, c.mail_data from chosen c where c.email and (not c.in_app or exists (
      select 1 from written w where w.user_id = c.user_id and w.order_id is not distinct from c.order_id
        and w.subject_user_id is not distinct from c.subject_user_id and w.subject_webhook_id is not distinct from c.subject_webhook_id))`,
  [...bindings, DEFAULT_CHANNELS.inApp, DEFAULT_CHANNELS.email, kind, kind]);
  const once = kind in ONCE;
  await queueMails(db, rows.map((row: { user_id: number; order_id: number | null; subject_user_id: number | null; mail_data: Record<string, unknown> }) => ({
    userId: row.user_id, template: kind, data: row.mail_data,
    dedupeKey: once ? `${kind}:${row.order_id ?? row.subject_user_id}:${row.user_id}` : undefined,
  })), config);
}

/** The people who hear of a late order: its area's regional dispatchers and its assigned person, active. */
const LATE_RECIPIENTS = `select u.id as user_id, o.id as order_id, null::int as subject_user_id, null::int as subject_webhook_id, '{}'::jsonb as data,
    ${ORDER_MAIL_DATA} as mail_data
  from late o join users u on ${liveRows('u')} and u.status = 'active' and (u.id = o.assigned_user_id
    or u.role = 'regional_dispatcher' and u.id in (select a.user_id from user_delivery_areas a where a.delivery_area_id = o.delivery_area_id))
  where ${MAY_HEAR_OF_ORDER}`;

/**
 * Queues "order.late" (docs/webhooks.md#events) for the orders `late` selects, late by `delay`, to
 * the webhooks that hear of it (the SQL function webhooks_hearing): once per webhook, order and
 * delay, however often the order is found late (the migration's unique index).
 */
async function queueLateWebhookEvents(db: Db, delay: string, late: string, bindings: readonly Knex.Value[]): Promise<void> {
  await db.raw(`insert into webhook_deliveries (webhook_id, event_type, order_id, changes)
    select w.id, 'order.late', o.id, jsonb_build_object('delay', ?::text)
    from (${late}) o cross join lateral webhooks_hearing('order.late', o.delivery_area_id) as w(id)
    order by w.id, o.id
    on conflict (webhook_id, order_id, (changes ->> 'delay')) where event_type = 'order.late' do nothing`, [delay, ...bindings]);
}

/**
 * Notifies of the orders late on `today` (process monitoring's rules, orders/delays.ts), each
 * person once per order and kind, and the webhooks that hear of "order.late"; only `orderIds` when
 * given (a transition's order).
 */
export async function notifyLateOrders(db: Db, config: MailConfig, today: string, orderIds?: number[]): Promise<void> {
  const only = orderIds ? 'and orders.id = any(?::int[])' : '';
  for (const [kind, delay] of LATE_KINDS) {
    const condition = delayCondition(delay, today);
    const late = `select orders.* from orders where ${liveRows('orders')} and ${condition.sql} ${only}`;
    const bindings = [...condition.bindings, ...(orderIds ? [orderIds] : [])];
    await deliver(db, config, kind, `with late as (${late}) ${LATE_RECIPIENTS}`, bindings);
    await queueLateWebhookEvents(db, delay, late, bindings);
  }
}

/** A status change of an order, as its transition or an undo made it. */
export interface StatusMove { orderId: number; from: string; to: string }

/** Notifies the assigned person of each order someone else moved (never the actor of their own move). */
export async function notifyOrdersMoved(db: Db, config: MailConfig, actorId: number, moves: StatusMove[]): Promise<void> {
  if (moves.length === 0) return;
  await deliver(db, config, 'order_moved', `select u.id as user_id, o.id as order_id, null::int as subject_user_id, null::int as subject_webhook_id,
      jsonb_build_object('from', m.from, 'to', m.to, 'byUserId', actor.id) as data,
      ${ORDER_MAIL_DATA} || jsonb_build_object('from', m.from, 'to', m.to, 'status', m.to, 'by', ${personNameSql('actor')}) as mail_data
    from jsonb_to_recordset(?::jsonb) as m("orderId" int, "from" text, "to" text)
    join orders o on o.id = m."orderId" join users u on u.id = o.assigned_user_id and ${liveRows('u')} and u.status = 'active'
    join users actor on actor.id = ?
    where u.id <> actor.id and ${MAY_HEAR_OF_ORDER}`, [JSON.stringify(moves), actorId]);
}

/** Notifies those who may open the integrations page of webhooks paused after their failures (webhooks/pausing.ts). */
export async function notifyWebhooksPaused(db: Db, config: MailConfig, webhookIds: number[]): Promise<void> {
  if (webhookIds.length === 0) return;
  await deliver(db, config, 'webhook_paused', `select u.id as user_id, null::int as order_id, null::int as subject_user_id,
      w.id as subject_webhook_id, '{}'::jsonb as data, jsonb_build_object('webhookId', w.id, 'url', w.url) as mail_data
    from webhooks w join users u on ${liveRows('u')} and u.status = 'active' and ${mayOpenPageSql(KIND_PAGES.webhook_paused)}
    where w.id = any(?::int[])`, [webhookIds]);
}

/** Notifies those who may activate a registration (who may open the users page) that it waits. */
export async function notifyRegistration(db: Db, config: MailConfig, registeredId: number): Promise<void> {
  await deliver(db, config, 'registration_pending', `select u.id as user_id, null::int as order_id, r.id as subject_user_id,
      null::int as subject_webhook_id, '{}'::jsonb as data, jsonb_build_object('userId', r.id, 'username', r.username, 'name', ${personNameSql('r')}) as mail_data
    from users r join users u on ${liveRows('u')} and u.id <> r.id and ${mayOpenPageSql(KIND_PAGES.registration_pending)}
    where r.id = ?`, [registeredId]);
}

/** The late kinds and the delay each one tells of. */
const LATE_KINDS = [['late_pulling_out', 'pulling_out'], ['late_mos', 'mos']] as const;

/**
 * Deletes the notifications older than NOTIFICATION_KEEP_DAYS before `now`, but not those of an
 * order still late by their kind on `today`: each is what keeps that order from being notified
 * again (once per person, order and kind), so deleting it would tell everyone anew every run.
 */
export async function deleteOldNotifications(db: Db, now: Date, today: string): Promise<number> {
  const stillLate = LATE_KINDS.map(([kind, delay]) => ({ kind, ...delayCondition(delay, today) }));
  return db('notifications').where('createdAt', '<', new Date(now.getTime() - NOTIFICATION_KEEP_DAYS * 86_400_000))
    .whereNotExists((late) => late.select(db.raw('1')).from('orders').whereRaw('orders.id = notifications.order_id')
      .whereRaw(liveRows('orders'))
      .where((kinds) => {
        for (const { kind, sql, bindings } of stillLate) kinds.orWhere((one) => one.where('notifications.kind', kind).whereRaw(sql, bindings));
      }))
    .delete();
}
