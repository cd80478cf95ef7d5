import Router from '@koa/router';
import Joi from 'joi';
import type { AppState } from '../appState';
import { httpError } from '../httpError';
import { requirePage } from '../middleware/guard';
import { validate } from '../middleware/validate';
import type { AreaCounts } from '@kernel/monitoring/areaCounts';
import { DELAY_KINDS, type DelayKind } from '@kernel/orders/delayKinds';
import { daysOverdueSql, delayCondition, serverToday } from '../orders/delays';
import { scopeToAreas, worksInArea } from '../orders/dispatcherScope';
import type { Ctx } from '../resources/resource';

const guard = requirePage('process_monitoring');

/**
 * The three delay warnings of docs/order-status-flow.md#delays counted per delivery area: every live area the user
 * works in (zeros included), plus any deleted area that still has late orders.
 */
async function counts(ctx: Ctx) {
  const { db, user } = ctx.state;
  const today = serverToday();
  const [pulling, mos, delayed] = DELAY_KINDS.map((kind) => delayCondition(kind, today));
  const late = db('orders').whereNull('orders.deletedAt').whereRaw(delayed.sql, delayed.bindings)
    .groupBy('orders.deliveryAreaId')
    .select('orders.deliveryAreaId',
      db.raw(`count(*) filter (where ${pulling.sql}) as pulling_out`, pulling.bindings),
      db.raw(`count(*) filter (where ${mos.sql}) as mos`, mos.bindings),
      db.raw('count(*) as delayed'));
  scopeToAreas(late, user!, 'orders.delivery_area_id');
  const rows: Array<{ deliveryAreaId: number; pullingOut: string; mos: string; delayed: string }> = await late;

  const areasQuery = db('deliveryAreas')
    .where((q) => q.whereNull('deletedAt').orWhereIn('id', rows.map((r) => r.deliveryAreaId)))
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
  deliveryAreaId: Joi.number().integer().positive(),
  offset: Joi.number().integer().min(0).max(100_000).default(0),
  limit: Joi.number().integer().min(1).max(100).default(25),
});

/** A list's total is exact up to here (the counts per area are always exact); counting further costs every page. */
const COUNT_CAP = 10_000;

// For one kind the oldest date is the most overdue: the partial indexes hold that sort already.
const mostOverdueFirst: Record<DelayKind, { column: string; order: 'asc' | 'desc' }> = {
  pulling_out: { column: 'orders.pickupDate', order: 'asc' },
  mos: { column: 'orders.mosDate', order: 'asc' },
  delayed: { column: 'daysOverdue', order: 'desc' },
};

/** The late orders behind one count (one kind, one area or all of the user's), most overdue first. */
async function lateOrders(ctx: Ctx) {
  const { kind, deliveryAreaId, offset, limit } = validate<{ kind: DelayKind; deliveryAreaId?: number;
    offset: number; limit: number }>(ordersQuery, ctx.query);
  const { db, user } = ctx.state;
  if (deliveryAreaId && !(await worksInArea(db, user!, deliveryAreaId))) {
    throw httpError('area_denied', 'Access denied: this delivery area is not one of yours');
  }
  const today = serverToday();
  const condition = delayCondition(kind, today);
  const query = db('orders').whereNull('orders.deletedAt').whereRaw(condition.sql, condition.bindings);
  if (deliveryAreaId) query.where('orders.deliveryAreaId', deliveryAreaId);
  scopeToAreas(query, user!, 'orders.delivery_area_id');

  const overdue = daysOverdueSql(kind, today);
  const capped = query.clone().select(db.raw('1')).limit(COUNT_CAP + 1);
  const [{ total }] = (await db.count({ total: '*' }).from(capped.as('capped'))) as Array<{ total: string | number }>;
  const rows = await query.leftJoin('suppliers as s', 's.id', 'orders.supplierId')
    .leftJoin('deliveryAreas as a', 'a.id', 'orders.deliveryAreaId')
    .select('orders.id', 'orders.mtmNumber', 'orders.dnNumber', 'orders.status', 'orders.pickupDate', 'orders.mosDate',
      'orders.deliveryAreaId', 's.name as supplierName', 'a.name as deliveryAreaName',
      db.raw(`${overdue.sql} as days_overdue`, overdue.bindings))
    .orderBy([mostOverdueFirst[kind], { column: 'orders.id', order: 'asc' }])
    .offset(offset).limit(limit);
  ctx.body = { kind, today, total: Math.min(Number(total), COUNT_CAP), totalCapped: Number(total) > COUNT_CAP,
    offset, limit, rows };
}

/**
 * Process monitoring (docs/order-status-flow.md#delays): page key process_monitoring, dispatchers
 * narrowed to their areas.
 */
export const processMonitoringRoutes = new Router<AppState>({ prefix: '/api/process-monitoring' })
  .get('/', guard, counts)
  .get('/orders', guard, lateOrders);
