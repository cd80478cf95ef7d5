import Router from '@koa/router';
import type { AppState } from '../foundation/appState';
import { refuseWithheld, requirePage, withheldOf } from '../middleware/guard';
import { parseListParams } from '../resources/listQuery';
import type { Ctx } from '../resources/resource';
import { applyFilters, liveQuery } from '../resources/liveQuery';
import { dayTotals, type PricingTotals } from './dayTotals';
import { marginSql, pricingSetSql } from './margin';
import { pricingResource } from './pricingResource';
import { withoutWithheld } from '@kernel/permissions/fieldGroups';

interface StatsRow {
  pricingComplete: string | number;
  totalCompleted: string | number;
  buyTotal: string;
  saleTotal: string;
  margin: string;
}

/**
 * The statistics cards over the completed orders the list's filters select: counts, and the MTM
 * totals and margin summed by the database (exact decimal strings) over the orders whose pricing
 * is set, so that half-typed prices do not inflate them. From the totals kept per day when they
 * answer the filters (dayTotals.ts), else summed from the orders. A total of prices the person may
 * not see is left out, as is the count of orders priced or not, which speaks of both sides (field groups).
 */
async function stats(ctx: Ctx) {
  const { filter } = parseListParams({ filter: ctx.query.filter }, pricingResource.list.sortable, pricingResource.list.defaultSort!);
  await refuseWithheld(ctx, 'order', Object.keys(filter));
  const totals = (await dayTotals(ctx, filter)) ?? await summedTotals(ctx, filter);
  const withheld = await withheldOf(ctx, 'order');
  const shown = { pricingComplete: totals.pricingComplete, pricingNotSet: totals.totalCompleted - totals.pricingComplete,
    totalCompleted: totals.totalCompleted, buyTotal: totals.buyTotal, saleTotal: totals.saleTotal, margin: totals.margin };
  ctx.body = withoutWithheld(shown, withheld);
}

/** The totals summed from the completed orders the list's filters select. */
async function summedTotals(ctx: Ctx, filter: Record<string, unknown>): Promise<PricingTotals> {
  const db = ctx.state.db;
  const query = liveQuery(pricingResource, db, await pricingResource.scope?.(ctx, db));
  await applyFilters(pricingResource, ctx, query, filter);
  const priced = pricingSetSql();
  const [row] = (await query.clearSelect().select(db.raw(`count(*) filter (where ${priced}) as pricing_complete,
    count(*) as total_completed,
    round(coalesce(sum(orders.mtm_buy_price) filter (where ${priced}), 0), 2)::text as buy_total,
    round(coalesce(sum(orders.mtm_sale_price) filter (where ${priced}), 0), 2)::text as sale_total,
    round(coalesce(sum(${marginSql()}), 0), 2)::text as margin`))) as unknown as StatsRow[];
  return { ...row, pricingComplete: Number(row.pricingComplete), totalCompleted: Number(row.totalCompleted) };
}

/** Pricing calls beyond the resource protocol; mounted before it so `/stats` wins over `/:id`. */
export const pricingRoutes = new Router<AppState>({ prefix: '/api/pricing' })
  .get('/stats', requirePage('pricing_management'), stats);
