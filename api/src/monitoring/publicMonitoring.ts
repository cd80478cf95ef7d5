import Router from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../foundation/appState';
import { publicRoute } from '../middleware/guard';
import { CLOSED } from '@kernel/orders/delayKinds';
import { ORDER_STATUSES } from '@kernel/orders/statusFlow';
import type {
  Analytics, CompletionRate, Logistics, OrderStatusCounts, Overview, SupplierFigures, Trend,
} from '@kernel/monitoring/publicMonitoring';
import { onLiveRow } from '../db/liveRows';
import type { RecordModel } from '../db/RecordModel';
import { serverToday } from '../orders/delays';
import { Order } from '../orders/Order';
import { Supplier } from '../suppliers/Supplier';
import type { Ctx } from '../resources/resource';
import { cachedAggregate } from '../db/aggregateCache';
import { currentPeriods, lastDays, serverTimeZone, type Period } from './periods';

/**
 * The public monitoring dashboard's figures (docs/reports.md#public-monitoring-dashboard). Anyone may ask, so: counts,
 * rates, averages and company names only (suppliers, vehicle types, areas), never a person, a
 * phone, an email or an order number; each answer is computed at most once a minute, whoever
 * asks and however many at once, by queries that the order indexes serve.
 */
const TTL_MS = 60_000;
/** The window of the supplier figures and the trend. */
const RECENT_DAYS = 30;
/** The window of the average processing time: orders completed in the last 90 days. */
const AVERAGE_DAYS = 90;

type Counted = { count: string | number };
/** The live rows of a model as a knex query that selects nothing yet: each figure selects its own aggregates. */
const liveOf = (model: typeof RecordModel, db: Knex): Knex.QueryBuilder => model.query(db).modify('live').toKnexQuery().clearSelect();
const live = (db: Knex) => liveOf(Order, db);
const countOf = async (query: Knex.QueryBuilder) => Number(((await query.count({ count: '*' })) as Counted[])[0].count);
const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

async function overview(db: Knex): Promise<Overview> {
  const { today } = currentPeriods();
  const [totalOrders, activeSuppliers, inTransit, completedToday] = await Promise.all([
    countOf(live(db)),
    countOf(liveOf(Supplier, db).where('status', 'active')),
    countOf(live(db).where('status', 'in_transit')),
    countOf(live(db).where('status', 'completed').where('completionDate', '>=', today.from).where('completionDate', '<', today.to)),
  ]);
  return { totalOrders, activeSuppliers, inTransit, completedToday };
}

async function orderStatus(db: Knex): Promise<OrderStatusCounts> {
  const rows: Array<{ status: string } & Counted> = await live(db).groupBy('status').select('status').count({ count: '*' });
  const counts = new Map(rows.map((r) => [r.status, Number(r.count)]));
  return { statuses: ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })) };
}

async function suppliers(db: Knex): Promise<SupplierFigures> {
  const { from, to, fromDate } = lastDays(RECENT_DAYS);
  // Orders booked in the window, and the sale total of the orders completed in it.
  const completedSales = "sum(orders.mtm_sale_price) filter (where orders.status = 'completed' and orders.completion_date >= ? and orders.completion_date < ?)";
  const rows = await live(db).join('suppliers as s', onLiveRow('s', 'orders.supplierId'))
    .where((q) => q.where((c) => c.where('orders.createdAt', '>=', from).where('orders.createdAt', '<', to))
      .orWhere((c) => c.where('orders.completionDate', '>=', from).where('orders.completionDate', '<', to)))
    .groupBy('s.id', 's.name')
    .select('s.name', db.raw('count(*) filter (where orders.created_at >= ? and orders.created_at < ?) as order_count', [from, to]),
      db.raw(`coalesce(${completedSales}, 0)::numeric(14,2)::text as sales_amount`, [from, to]))
    .orderByRaw(`${completedSales} desc nulls last, s.name`, [from, to])
    .limit(20);
  return { fromDate, days: RECENT_DAYS,
    suppliers: rows.map((r: { name: string; orderCount: string; salesAmount: string }) => ({ name: r.name,
      orderCount: Number(r.orderCount), salesAmount: r.salesAmount })) };
}

/** Open orders (neither completed nor cancelled) by vehicle type and by delivery area; none or a deleted one is "not set" (null). */
async function logistics(db: Knex): Promise<Logistics> {
  const open = () => live(db).whereNotIn('orders.status', CLOSED);
  const byName = (rows: Array<Partial<Counted>>) =>
    (rows as Array<{ name: string | null } & Counted>).map((r) => ({ name: r.name, openOrders: Number(r.count) })).sort((a, b) => b.openOrders - a.openOrders);
  const [vehicleTypes, deliveryAreas] = await Promise.all([
    open().leftJoin('vehicleTypes as v', onLiveRow('v', 'orders.vehicleTypeId')).groupBy('v.id', 'v.name')
      .select('v.name').count({ count: '*' }),
    open().leftJoin('deliveryAreas as a', onLiveRow('a', 'orders.deliveryAreaId')).groupBy('a.id', 'a.name')
      .select('a.name').count({ count: '*' }),
  ]);
  return { vehicleTypes: byName(vehicleTypes), deliveryAreas: byName(deliveryAreas) };
}

/**
 * Completion rate of a period: completed ÷ orders picked up in it so far (pickup day up to today:
 * the orders still to be picked up later in the period cannot be completed yet), cancelled ones left out.
 */
async function completionRate(db: Knex, period: Period): Promise<CompletionRate> {
  const [row] = await live(db).where('pickupDate', '>=', period.fromDate).where('pickupDate', '<', period.toDate)
    .where('pickupDate', '<=', serverToday())
    .select(db.raw("count(*) filter (where status <> 'cancelled') as orders"),
      db.raw("count(*) filter (where status = 'completed') as completed"));
  const [orders, completed] = [Number(row.orders), Number(row.completed)];
  return { fromDate: period.fromDate, toDate: period.toDate, orders, completed, rate: percent(completed, orders) };
}

async function analytics(db: Knex): Promise<Analytics> {
  const { week, month } = currentPeriods();
  const { from, to } = lastDays(AVERAGE_DAYS);
  const [weekRate, monthRate, [average]] = await Promise.all([
    completionRate(db, week),
    completionRate(db, month),
    live(db).where('status', 'completed').where('completionDate', '>=', from).where('completionDate', '<', to)
      .select(db.raw('avg(extract(epoch from completion_date - created_at)) / 86400 as days'), db.raw('count(*) as orders')),
  ]);
  const days = average.days === null ? null : Math.round(Number(average.days) * 10) / 10;
  return { week: weekRate, month: monthRate,
    averageCompletionDays: { days, orders: Number(average.orders), windowDays: AVERAGE_DAYS } };
}

/** Orders booked and orders completed per day over the last 30 days (server time zone). */
async function trend(db: Knex): Promise<Trend> {
  const { from, to, dates } = lastDays(RECENT_DAYS);
  const zone = serverTimeZone();
  const perDay = (column: string, query: Knex.QueryBuilder) => query.where(column, '>=', from).where(column, '<', to)
    .groupByRaw('1').select(db.raw('(?? at time zone ?)::date as day', [column, zone])).count({ count: '*' })
    .then((rows: Array<{ day: string } & Counted>) => new Map(rows.map((r) => [r.day, Number(r.count)])));
  const [booked, completed] = await Promise.all([
    perDay('orders.created_at', live(db)),
    perDay('orders.completion_date', live(db).where('orders.status', 'completed')),
  ]);
  return { days: dates.map((date) => ({ date, booked: booked.get(date) ?? 0, completed: completed.get(date) ?? 0 })) };
}

const section = (name: string, compute: (db: Knex) => Promise<object>) => async (ctx: Ctx) => {
  ctx.body = await cachedAggregate(ctx.state.db, name, TTL_MS,
    async () => ({ ...(await compute(ctx.state.db)), generatedAt: new Date().toISOString() }));
  ctx.set('Cache-Control', `public, max-age=${TTL_MS / 1000}`);
};

/** No session needed: the routes answer anyone, from the one-minute cache. */
export const publicMonitoringRoutes = new Router<AppState>({ prefix: '/api/public/monitoring' })
  .get('/overview', publicRoute(), section('overview', overview))
  .get('/order-status', publicRoute(), section('order-status', orderStatus))
  .get('/suppliers', publicRoute(), section('suppliers', suppliers))
  .get('/logistics', publicRoute(), section('logistics', logistics))
  .get('/analytics', publicRoute(), section('analytics', analytics))
  .get('/trend', publicRoute(), section('trend', trend));
