import Router from '@koa/router';
import Joi from 'joi';
import type { Knex } from 'knex';
import type { AppState } from '../foundation/appState';
import { requirePage } from '../middleware/guard';
import { takes, type Input } from '../middleware/validate';
import type { AreaCounts } from '@kernel/monitoring/areaCounts';
import { DELAY_KINDS, type DelayKind } from '@kernel/orders/delayKinds';
import { countedDelayCondition, delayCondition, overdueSince, serverToday } from '../orders/delays';
import { DeliveryArea } from '../delivery-areas/DeliveryArea';
import { assertWorksInArea, scopeToAreas } from '../orders/dispatcherScope';
import { Order } from '../orders/Order';
import type { Ctx } from '../resources/resource';
import { recordId } from '../resources/fields';

const guard = requirePage('process_monitoring');

/**
 * The three delay warnings of docs/order-status-flow.md#delays counted per delivery area: every live area the user
 * works in (zeros included), plus any deleted area that still has late orders. Summed from the
 * open orders counted by date (migrations/20261126000110_open_order_dates.ts), not from the orders.
 */
async function counts(ctx: Ctx) {
  const { db, user } = ctx.state;
  const today = serverToday();
  const [pulling, mos, delayed] = DELAY_KINDS.map((kind) => countedDelayCondition(kind, today));
  const late = db('openOrderDates as c').whereRaw(delayed.sql, delayed.bindings)
    .groupBy('c.deliveryAreaId')
    .select('c.deliveryAreaId',
      db.raw(`sum(c.orders) filter (where ${pulling.sql}) as pulling_out`, pulling.bindings),
      db.raw(`sum(c.orders) filter (where ${mos.sql}) as mos`, mos.bindings),
      db.raw('sum(c.orders) as delayed'));
  scopeToAreas(late, user!, 'c.delivery_area_id');
  const rows: Array<{ deliveryAreaId: number; pullingOut: string | null; mos: string | null; delayed: string }> = await late;

  const areasQuery = DeliveryArea.query(db)
    .where((q) => q.modify('live').orWhereIn('id', rows.map((r) => r.deliveryAreaId)))
    .select('id', 'code', 'name');
  scopeToAreas(areasQuery, user!, 'delivery_areas.id');
  const byArea = new Map(rows.map((r) => [r.deliveryAreaId, r]));
  const areas: AreaCounts[] = (await areasQuery).map((a: { id: number; code: string; name: string }) => {
    const row = byArea.get(a.id);
    return { deliveryAreaId: a.id, code: a.code, name: a.name, pullingOut: Number(row?.pullingOut ?? 0),
      mos: Number(row?.mos ?? 0), delayed: Number(row?.delayed ?? 0) };
  });
  // The most delayed areas first: that is where to look.
  areas.sort((a, b) => b.delayed - a.delayed || a.code.localeCompare(b.code));
  const sum = (field: 'pullingOut' | 'mos' | 'delayed') => areas.reduce((total, a) => total + a[field], 0);
  ctx.body = { today, areas, totals: { pullingOut: sum('pullingOut'), mos: sum('mos'), delayed: sum('delayed') } };
}

const ordersQuery = Joi.object({
  kind: Joi.string().valid(...DELAY_KINDS).required(),
  deliveryAreaId: recordId(),
  offset: Joi.number().integer().min(0).max(100_000).default(0),
  limit: Joi.number().integer().min(1).max(100).default(25),
});

/**
 * The late orders behind one count (one kind, one area or all of the user's), most overdue first.
 * The total is the count's own sum. A page is read in the order of the partial indexes of each
 * kind (pickup date, MOS date): for `delayed`, the first offset + limit orders of each kind, merged,
 * hold the page, since an order late both ways ranks by the older of its two dates.
 */
async function lateOrders(ctx: Ctx, { query: { kind, deliveryAreaId, offset, limit } }: Input<unknown, { kind: DelayKind;
  deliveryAreaId?: number; offset: number; limit: number }>) {
  const { db, user } = ctx.state;
  if (deliveryAreaId) await assertWorksInArea(db, user!, deliveryAreaId);
  const today = serverToday();
  const inScope = (query: Knex.QueryBuilder, column: string) => {
    if (deliveryAreaId) query.where(column, deliveryAreaId);
    scopeToAreas(query, user!, column);
    return query;
  };

  const counted = countedDelayCondition(kind, today);
  const [{ total }] = await inScope(db('openOrderDates as c').whereRaw(counted.sql, counted.bindings), 'c.delivery_area_id')
    .select(db.raw('coalesce(sum(c.orders), 0)::int as total'));

  const streams = (kind === 'delayed' ? (['pulling_out', 'mos'] as const) : [kind]).map((one) => {
    const condition = delayCondition(one, today);
    const since = overdueSince(one);
    const late = Order.query(db).modify('live').whereRaw(condition.sql, condition.bindings).select('orders.id', `${since} as since`);
    return inScope(late.toKnexQuery(), 'orders.delivery_area_id').orderBy([since, 'orders.id']).limit(offset + limit);
  });
  const page = db.from(db.unionAll(streams, true).as('u')).groupBy('u.id').select('u.id').min({ since: 'u.since' })
    .orderBy([{ column: 'since' }, { column: 'u.id' }]).offset(offset).limit(limit);
  const rows = await db.from(page.as('p')).join('orders', 'orders.id', 'p.id')
    .leftJoin('suppliers as s', 's.id', 'orders.supplierId')
    .leftJoin('deliveryAreas as a', 'a.id', 'orders.deliveryAreaId')
    .select('orders.id', 'orders.mtmNumber', 'orders.dnNumber', 'orders.status', 'orders.pickupDate', 'orders.mosDate',
      'orders.deliveryAreaId', 's.name as supplierName', 'a.name as deliveryAreaName',
      db.raw('(?::date - p.since) as days_overdue', [today]))
    .orderBy(['p.since', 'p.id']);
  ctx.body = { kind, today, total, offset, limit, rows };
}

/**
 * Process monitoring (docs/order-status-flow.md#delays): page key process_monitoring, dispatchers
 * narrowed to their areas.
 */
export const processMonitoringRoutes = new Router<AppState>({ prefix: '/api/process-monitoring' })
  .get('/', guard, counts)
  .get('/orders', guard, takes({ query: ordersQuery }, lateOrders));
