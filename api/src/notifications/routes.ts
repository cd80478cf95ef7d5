import Router from '@koa/router';
import Joi from 'joi';
import type { Knex } from 'knex';
import { logActivity } from '../activity/logActivity';
import type { AppState } from '../foundation/appState';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';
import { requireActiveUser, requireUser } from '../middleware/guard';
import { checks, validate } from '../middleware/validate';
import { cappedCount } from '../db/cappedCount';
import { liveRows } from '../db/liveRows';
import { scopeToAreas } from '../orders/dispatcherScope';
import { parseListParams } from '../resources/listQuery';
import { pathId } from '../resources/pathId';
import type { Ctx } from '../resources/resource';
import { accessiblePages } from '../permissions/access';
import { personNameSql } from '../users/personNameSql';
import {
  DEFAULT_CHANNELS, kindsHeardWith, NOTIFICATION_KINDS, REPORT_SUBSCRIPTION_PAGE, REPORT_SUBSCRIPTION_PERIODS, type NotificationKind,
} from '@kernel/notifications/notificationKinds';
import type { NotificationSettings } from '@kernel/notifications/notificationRecords';

/*
 * Everyone's own notifications and choices (docs/notifications.md): no page beyond being an active
 * user (the choices: signed in); nobody reads or marks another's, and a dispatcher's list names
 * only their areas' orders.
 */

/**
 * The user's notifications they may still see: of no order, or of a live order in their scope (an
 * order since moved out of a dispatcher's areas is no longer theirs to hear of).
 */
function ownNotifications(ctx: Ctx): Knex.QueryBuilder {
  const user = ctx.state.user!;
  return ctx.state.db('notifications as n').leftJoin('orders as o', 'o.id', 'n.orderId').where('n.userId', user.id)
    .where((visible) => visible.whereNull('n.orderId').orWhere((order) => {
      order.whereRaw(liveRows('o'));
      scopeToAreas(order, user, 'o.delivery_area_id');
    }));
}

/**
 * The bell's counts stop here: a person with years of notifications (165,000) had all of them
 * counted, joined to their orders, on every page they opened (584 ms, issue #38). Past it the
 * total is flagged X-Total-Estimated and the badge shows 99+ anyway.
 */
export const NOTIFICATION_COUNT_CAP = 1_000;

/** Newest first, a page as ra-data-simple-rest asks for it; the unread count in X-Unread-Count. */
async function list(ctx: Ctx) {
  const { db } = ctx.state;
  const { range, filter } = parseListParams(ctx.query, ['id'], { field: 'id', order: 'desc' });
  const [field] = Object.keys(filter);
  if (field) throw fieldRefusal('invalid_query', `Cannot filter by "${field}"`, field, problem('unknown_filter', 'Unknown filter'));
  const [rows, total, unread] = await Promise.all([
    ownNotifications(ctx).leftJoin('users as subject', 'subject.id', 'n.subjectUserId').leftJoin('webhooks as hook', 'hook.id', 'n.subjectWebhookId')
      .leftJoin('users as actor', (join) => join.on(db.raw("actor.id = (n.data ->> 'byUserId')::int")))
      .select('n.id', 'n.kind', 'n.orderId', 'o.mtmNumber', 'o.dnNumber', 'o.status', 'n.subjectUserId',
        db.raw(`${personNameSql('subject')} as subject_name`), 'subject.username as subjectUsername', 'n.subjectWebhookId', 'hook.url as webhookUrl',
        db.raw("n.data ->> 'from' as from_status"), db.raw("n.data ->> 'to' as to_status"), db.raw(`${personNameSql('actor')} as by_name`),
        'n.readAt', 'n.createdAt')
      .orderBy('n.id', 'desc').offset(range.start).limit(range.end - range.start + 1),
    cappedCount(db, ownNotifications(ctx), NOTIFICATION_COUNT_CAP),
    cappedCount(db, ownNotifications(ctx).whereNull('n.readAt'), NOTIFICATION_COUNT_CAP),
  ]);
  const end = rows.length === 0 ? range.start : range.start + rows.length - 1;
  ctx.set('Content-Range', `notifications ${range.start}-${end}/${total}`);
  if (total > NOTIFICATION_COUNT_CAP) ctx.set('X-Total-Estimated', 'true');
  ctx.set('X-Unread-Count', String(unread));
  ctx.set('Access-Control-Expose-Headers', 'Content-Range, X-Unread-Count, X-Total-Estimated');
  ctx.body = rows;
}

/** Marks one of the user's notifications read; another's, or one they may no longer see, is not found. */
async function markRead(ctx: Ctx) {
  const id = pathId(ctx);
  const found = await ownNotifications(ctx).where('n.id', id).first('n.id', 'n.readAt');
  if (!found) throw httpError('not_found', `No notification with id ${id}`, { params: { entity: 'notification', id } });
  const [row] = await ctx.state.db('notifications').where({ id }).update({ readAt: found.readAt ?? new Date() }).returning(['id', 'readAt']);
  ctx.body = row;
}

async function markAllRead(ctx: Ctx) {
  const updated = await ctx.state.db('notifications').whereNull('readAt')
    .whereIn('id', ownNotifications(ctx).whereNull('n.readAt').select('n.id')).update({ readAt: new Date() });
  ctx.body = { updated };
}

/**
 * What the signed-in person can have, the only choices their settings answer and take: the kinds
 * they can hear of, and report subscriptions if they may open the page the mail needs.
 */
interface Offer { kinds: NotificationKind[]; reports: boolean }

async function offerOf(ctx: Ctx): Promise<Offer> {
  const pages = await accessiblePages(ctx.state.db, ctx.state.user!);
  return { kinds: kindsHeardWith(pages), reports: pages.includes(REPORT_SUBSCRIPTION_PAGE) };
}

async function readSettings(db: Knex | Knex.Transaction, userId: number, offer: Offer): Promise<NotificationSettings> {
  // One after another: inside a transaction they share its one connection (pg refuses a query sent
  // while another runs on it from pg@9), and three small reads are not worth three pooled connections.
  const chosen = await db('notificationSettings').where({ userId }).select('kind', 'inApp', 'email');
  const mail = await db('mailSettings').where({ userId }).first('digestHour');
  const subscriptions = await db('reportSubscriptions').where({ userId }).select('period');
  const kinds = Object.fromEntries(offer.kinds.map((kind) => {
    const row = chosen.find((c: { kind: string }) => c.kind === kind);
    return [kind, row ? { inApp: row.inApp, email: row.email } : { ...DEFAULT_CHANNELS }];
  })) as NotificationSettings['kinds'];
  const periods = new Set(subscriptions.map((s: { period: string }) => s.period));
  return { kinds, digestHour: mail?.digestHour ?? null,
    ...(offer.reports && { reportSubscriptions: REPORT_SUBSCRIPTION_PERIODS.filter((period) => periods.has(period)) }) };
}

/** The person's choices, and whether e-mail is on at all (SMTP_URL). */
async function getSettings(ctx: Ctx) {
  ctx.body = { ...await readSettings(ctx.state.db, ctx.state.user!.id, await offerOf(ctx)), emailEnabled: Boolean(ctx.state.config.smtpUrl) };
}

const channels = Joi.object({ inApp: Joi.boolean().strict().required(), email: Joi.boolean().strict().required() });
/** A choice the person cannot have (a kind, report subscriptions) is refused as unknown, as GET never answers it. */
const settingsBody = (offer: Offer) => Joi.object({
  kinds: Joi.object(Object.fromEntries(offer.kinds.map((kind) => [kind, channels]))),
  digestHour: Joi.number().integer().strict().min(0).max(23).allow(null),
  ...(offer.reports && { reportSubscriptions: Joi.array().items(Joi.string().valid(...REPORT_SUBSCRIPTION_PERIODS)).unique() }),
});
/** The body as the OpenAPI document states it: the widest a person's offer makes it (every kind, the report subscriptions). */
const widestSettingsBody = settingsBody({ kinds: [...NOTIFICATION_KINDS], reports: true });

/** Saves what the body names (each part optional), in one transaction with its activity-log row. */
async function putSettings(ctx: Ctx) {
  const offer = await offerOf(ctx);
  const body = validate<Partial<NotificationSettings>>(settingsBody(offer), ctx.request.body);
  const userId = ctx.state.user!.id;
  const saved = await ctx.state.db.transaction(async (trx) => {
    const before = await readSettings(trx, userId, offer);
    const kinds = Object.entries(body.kinds ?? {});
    if (kinds.length > 0) {
      await trx('notificationSettings').insert(kinds.map(([kind, chosen]) => ({ userId, kind, inApp: chosen.inApp, email: chosen.email })))
        .onConflict(['userId', 'kind']).merge();
    }
    if (body.digestHour !== undefined) {
      await trx('mailSettings').insert({ userId, digestHour: body.digestHour, updatedAt: new Date() })
        .onConflict('userId').merge(['digestHour', 'updatedAt']);
    }
    if (body.reportSubscriptions) {
      await trx('reportSubscriptions').where({ userId }).delete();
      if (body.reportSubscriptions.length > 0) {
        await trx('reportSubscriptions').insert(body.reportSubscriptions.map((period) => ({ userId, period })));
      }
    }
    const after = await readSettings(trx, userId, offer);
    const changes = Object.fromEntries((Object.keys(after) as Array<keyof NotificationSettings>)
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).map((key) => [key, { before: before[key], after: after[key] }]));
    if (Object.keys(changes).length > 0) {
      await logActivity(trx, ctx, { action: 'update', entityType: 'notification_settings', entityId: userId, changes });
    }
    return after;
  });
  ctx.body = { ...saved, emailEnabled: Boolean(ctx.state.config.smtpUrl) };
}

export const notificationRoutes = new Router<AppState>({ prefix: '/api' })
  .get('/notifications', requireActiveUser(), list)
  .post('/notifications/read-all', requireActiveUser(), markAllRead)
  .post('/notifications/:id/read', requireActiveUser(), markRead)
  // Their own account's settings: a pending person may set them before activation, as the user menu offers them.
  .get('/notification-settings', requireUser(), getSettings)
  .put('/notification-settings', requireUser(), checks({ body: widestSettingsBody }, putSettings));
