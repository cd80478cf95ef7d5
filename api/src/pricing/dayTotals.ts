import type { Knex } from 'knex';
import { filterValues } from '../resources/listQuery';
import type { Ctx } from '../resources/resource';
import { scopeToAreas } from '../orders/dispatcherScope';
import { serverTimeZone } from '../monitoring/periods';
import { periodRange } from './period';

/*
 * Pricing management's totals kept per day (migrations/20261203000300_pricing_day_totals.ts): the
 * statistics cards read them instead of every completed order, for the filters they can answer.
 */

/** The totals the statistics cards show, as the database sums them (decimal strings). */
export interface PricingTotals {
  pricingComplete: number;
  totalCompleted: number;
  buyTotal: string;
  saleTotal: string;
  margin: string;
}

/**
 * Makes the day totals those of the server's time zone: when they were made for another zone (or
 * none yet: a new database, or one the trigger kept nothing for), they are rebuilt from the orders,
 * with the orders' writers waiting meanwhile. Run at every start (startup.ts), after the seeds.
 */
export async function syncPricingDayTotals(db: Knex, zone = serverTimeZone()): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw('lock table pricing_totals_zone in exclusive mode');
    if ((await trx('pricingTotalsZone').first('zone'))?.zone === zone) return;
    await trx.raw('lock table orders in share row exclusive mode');
    await trx('pricingDayTotals').delete();
    await trx('pricingTotalsZone').delete();
    await trx('pricingTotalsZone').insert({ zone });
    await trx.raw(`insert into pricing_day_totals (day, delivery_area_id, supplier_id, by_card, orders, priced, buy_total, sale_total, margin)
      select f.day, f.delivery_area_id, f.supplier_id, f.by_card, count(*), sum(f.priced), sum(f.buy_total), sum(f.sale_total), sum(f.margin)
      from orders o, lateral pricing_day_figures(?, o.deleted_at, o.status, o.completion_date, o.delivery_area_id, o.supplier_id,
        o.rate_card_id, o.base_purchase_price, o.base_sale_price, o.mtm_buy_price, o.mtm_sale_price) f
      where o.deleted_at is null and o.status = 'completed'
      group by 1, 2, 3, 4`, [zone]);
  });
}

/** The filters the day totals answer; any other (a search, a card, completion instants) sums the orders. */
const ANSWERED = new Set(['period', 'supplierId', 'deliveryAreaId', 'priceSource', 'pricingNotSet']);

const yes = (value: unknown) => value === true || value === 'true';

/**
 * The totals of the completed orders `filter` selects, from the day totals, or undefined when they
 * cannot answer it: a filter they do not keep, or totals made for another time zone than the
 * period's (until the next start rebuilds them).
 */
export async function dayTotals(ctx: Ctx, filter: Record<string, unknown>): Promise<PricingTotals | undefined> {
  const given = Object.entries(filter).filter(([, value]) => value !== undefined && value !== null && value !== '');
  if (given.some(([field]) => !ANSWERED.has(field))) return undefined;
  const db = ctx.state.db;
  if ((await db('pricingTotalsZone').first('zone'))?.zone !== serverTimeZone()) return undefined;
  const query = db('pricingDayTotals as t');
  scopeToAreas(query, ctx.state.user!, 't.delivery_area_id');
  if (filter.supplierId !== undefined) query.whereIn('t.supplierId', filterValues('supplierId', filter.supplierId) as number[]);
  if (filter.deliveryAreaId !== undefined) query.whereIn('t.deliveryAreaId', filterValues('deliveryAreaId', filter.deliveryAreaId) as number[]);
  if (filter.period !== undefined) {
    const { start, end } = periodRange(filter.period);
    const day = (at: Date) => at.toLocaleDateString('sv', { timeZone: serverTimeZone() });
    query.where('t.day', '>=', day(start)).where('t.day', '<', day(end));
  }
  // By card: the card's orders, priced or not; by hand: priced orders of no card (pricingResource.ts).
  if (filter.priceSource === 'card') query.where('t.byCard', true);
  if (filter.priceSource === 'hand') query.where('t.byCard', false);
  const handOnly = filter.priceSource === 'hand';
  const notSet = yes(filter.pricingNotSet);
  // Orders without their pricing set add nothing to the sums; "by hand" counts the priced ones only.
  const counted = notSet ? (handOnly ? '0' : 'sum(t.orders - t.priced)') : handOnly ? 'sum(t.priced)' : 'sum(t.orders)';
  const complete = notSet ? '0' : 'sum(t.priced)';
  const money = (column: string) => (notSet ? "'0.00'" : `round(coalesce(sum(t.${column}), 0), 2)::text`);
  const [row] = await query.select(db.raw(`coalesce(${complete}, 0)::int as pricing_complete, coalesce(${counted}, 0)::int as total_completed,
    ${money('buy_total')} as buy_total, ${money('sale_total')} as sale_total, ${money('margin')} as margin`));
  return { pricingComplete: Number(row.pricingComplete), totalCompleted: Number(row.totalCompleted),
    buyTotal: row.buyTotal, saleTotal: row.saleTotal, margin: row.margin };
}
