import Router from '@koa/router';
import Joi from 'joi';
import { MAX_BATCH_ORDERS } from '@kernel/orders/batchLimit';
import type { AppState } from '../foundation/appState';
import { httpError, problem } from '../foundation/httpError';
import { refuseWithheld, requirePage } from '../middleware/guard';
import { takes, type Input } from '../middleware/validate';
import { parseListParams } from '../resources/listQuery';
import type { Ctx } from '../resources/resource';
import { applyFilters, liveQuery } from '../resources/liveQuery';
import { pricingSetSql } from '../pricing/margin';
import { pricingResource } from '../pricing/pricingResource';
import { applyCards, unpricedWithCards, type Candidate } from './cardPricing';
import { recordId } from '../resources/fields';
import { PRICE_INPUTS } from '@kernel/pricing/priceFields';

const applyBody = Joi.object({
  ids: Joi.array().items(recordId()).min(1).max(MAX_BATCH_ORDERS).unique(),
  filter: Joi.object().unknown(true),
  preview: Joi.boolean().default(false),
}).xor('ids', 'filter');

interface ApplyRequest {
  ids?: number[];
  filter?: Record<string, unknown>;
  preview: boolean;
}

/**
 * The orders an apply is about, as pricing management shows them (its scope: completed orders, a
 * dispatcher's areas): the selected ones, or the unpriced ones of the list's filter, at most a
 * batch's worth.
 */
async function chosenOrders(ctx: Ctx, { ids, filter }: ApplyRequest): Promise<number[]> {
  const db = ctx.state.db;
  const query = liveQuery(pricingResource, db, await pricingResource.scope?.(ctx, db)).clearSelect().select('orders.id');
  if (ids) return (await query.whereIn('orders.id', ids)).map((row) => row.$id() as number);
  const parsed = parseListParams({ filter: JSON.stringify(filter) }, pricingResource.list.sortable, pricingResource.list.defaultSort!);
  await applyFilters(pricingResource, ctx, query, parsed.filter);
  const rows = await query.whereRaw(`not (${pricingSetSql()})`).orderBy('orders.id').limit(MAX_BATCH_ORDERS + 1);
  if (rows.length > MAX_BATCH_ORDERS) {
    throw httpError('invalid_input', `More than ${MAX_BATCH_ORDERS} unpriced orders match: narrow the filter`,
      { params: { fields: 'filter' }, fields: { filter: problem('too_many', `At most ${MAX_BATCH_ORDERS}`, { max: MAX_BATCH_ORDERS }) } });
  }
  return rows.map((row) => row.$id() as number);
}

/** What an apply does or did: orders priced by each card, and those left without one, by reason. */
function outcome(chosen: number, candidates: Candidate[]) {
  const cards = new Map<number, { id: number; name: string; orders: number }>();
  const noCard = { no_supplier: 0, no_card: 0 };
  for (const candidate of candidates) {
    if (candidate.cardId === null) noCard[candidate.reason!] += 1;
    else {
      const card = cards.get(candidate.cardId) ?? { id: candidate.cardId, name: candidate.cardName!, orders: 0 };
      card.orders += 1;
      cards.set(candidate.cardId, card);
    }
  }
  const priced = candidates.length - noCard.no_supplier - noCard.no_card;
  return { chosen, unpriced: candidates.length, alreadyPriced: chosen - candidates.length, priced,
    cards: [...cards.values()].sort((a, b) => b.orders - a.orders), noCard };
}

/**
 * "Apply rate cards" (docs/pricing.md#rate-cards): a preview, or the prices written in one
 * transaction, each unpriced order by its own card, never over a typed price. A card sets both
 * sides: refused to someone who may not see one (field groups), as its filter by them is.
 */
async function apply(ctx: Ctx, { body: request }: Input<ApplyRequest>) {
  await refuseWithheld(ctx, 'order', [...PRICE_INPUTS, ...Object.keys(request.filter ?? {})]);
  const ids = await chosenOrders(ctx, request);
  if (request.preview) {
    ctx.body = outcome(ids.length, await unpricedWithCards(ctx.state.db, ids, false));
    return;
  }
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    const candidates = await unpricedWithCards(trx, ids, true);
    const { actionId } = await applyCards(trx, ctx, candidates);
    return { ...outcome(ids.length, candidates), actionId };
  });
}

/** Rate-card calls beyond the resource protocol; mounted before it. */
export const rateCardRoutes = new Router<AppState>({ prefix: '/api/rate-cards' })
  .post('/apply', requirePage('pricing_management'), takes({ body: applyBody }, apply));
