import Router from '@koa/router';
import Joi from 'joi';
import type { Knex } from 'knex';
import { TRACKING_DAYS_AFTER_END, type TrackedOrder, type TrackingLink } from '@kernel/tracking/trackedOrder';
import { logActivities } from '../activity/logActivity';
import { tryAgainLater } from '../auth/tryAgainLater';
import type { AppState } from '../foundation/appState';
import { httpError } from '../foundation/httpError';
import { RateWindow } from '../foundation/rateWindow';
import { liveRows } from '../db/liveRows';
import { publicRoute } from '../middleware/guard';
import { takes, type Input } from '../middleware/validate';
import { orderGuards, visibleOrder } from '../orders/ordersResource';
import type { Ctx } from '../resources/resource';
import { TOKEN, trackingLinks } from './trackingLinks';

/** Each address may look up this many links a minute on an instance; past it, 429. */
const LOOKUPS_PER_MINUTE = 30;
const lookups = new WeakMap<Knex, RateWindow<string>>();

const linkBody = Joi.object({ renew: Joi.boolean().default(false) });

/**
 * POST /api/orders/:id/tracking-link: the order's link, made now if it has none; `renew: true`
 * makes a new one, and the old one then finds nothing. Whoever may see the order may share it; a
 * link made or renewed is logged on the order (`tracking_link`).
 */
async function trackingLink(ctx: Ctx, { body: { renew } }: Input<{ renew: boolean }>) {
  ctx.body = await ctx.state.db.transaction(async (trx): Promise<TrackingLink> => {
    const orderId = await visibleOrder(ctx, trx);
    const { links, logged } = await trackingLinks(trx, ctx, [orderId], renew);
    if (logged.length > 0) await logActivities(trx, ctx, logged);
    return links.get(orderId)!;
  });
}

const notFound = () => httpError('not_found', 'No such tracking link: it may be mistyped, replaced by a newer one or expired');

/**
 * GET /api/public/track/:token (docs/tracking-links.md): what anyone holding the link may know of
 * the order. Unknown, replaced and expired links (30 days after completion or cancellation) and
 * deleted orders answer the same 404. Throttled per address; never indexed.
 */
async function track(ctx: Ctx) {
  const { db } = ctx.state;
  let window = lookups.get(db);
  if (!window) lookups.set(db, window = new RateWindow(60_000));
  const wait = window.admit(ctx.ip, LOOKUPS_PER_MINUTE);
  if (wait > 0) throw tryAgainLater('throttled', 'Too many tracking look-ups from this address: try again shortly', wait);
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.set('Cache-Control', 'no-store');
  const token = ctx.params.token ?? '';
  if (!TOKEN.test(token)) throw notFound();
  const order = await db('trackingLinks as l').join('orders as o', 'o.id', 'l.orderId')
    .leftJoin('deliveryAreas as a', 'a.id', 'o.deliveryAreaId')
    .where('l.token', token).whereRaw(liveRows('o'))
    .first('o.id', 'o.dnNumber', 'o.status', 'a.name as deliveryAreaName', 'o.pickupDate', 'o.mosDate', 'o.completionDate');
  if (!order) throw notFound();
  const timeline: TrackedOrder['timeline'] = await db('orderEvents').where({ orderId: order.id }).orderBy(['at', 'id'])
    .select('fromStatus', 'toStatus', 'at');
  const ended = order.status === 'completed' || order.status === 'cancelled'
    ? (order.status === 'completed' ? order.completionDate : timeline.findLast((event) => event.toStatus === 'cancelled')?.at) : undefined;
  if (ended && Date.now() - new Date(ended).getTime() > TRACKING_DAYS_AFTER_END * 86_400_000) throw notFound();
  const papers: TrackedOrder['papers'] = (await db('orderAttachments').where({ orderId: order.id }).whereNull('deletedAt')
    .distinct('kind').orderBy('kind')).map((row: { kind: 'pod' | 'receipt' }) => row.kind);
  const tracked: TrackedOrder = {
    dnNumber: order.dnNumber, status: order.status, deliveryAreaName: order.deliveryAreaName ?? null, pickupDate: order.pickupDate,
    mosDate: order.mosDate, completionDate: order.completionDate ? new Date(order.completionDate).toISOString() : null,
    timeline: timeline.map((event) => ({ fromStatus: event.fromStatus, toStatus: event.toStatus, at: new Date(event.at).toISOString() })),
    papers,
  };
  ctx.body = tracked;
}

export const trackingRoutes = new Router<AppState>({ prefix: '/api' })
  .post('/orders/:id/tracking-link', orderGuards.read, takes({ body: linkBody }, trackingLink))
  .get('/public/track/:token', publicRoute(), track);
