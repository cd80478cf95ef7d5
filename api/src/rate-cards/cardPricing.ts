import type { Knex } from 'knex';
import { newVersionSql } from '../db/RecordModel';
import { PRICE_INPUTS } from '@kernel/pricing/priceFields';
import { logActivities } from '../activity/logActivity';
import type { Ctx, Row } from '../resources/resource';
import { columnName } from '../db/columnName';
import { liveRows } from '../db/liveRows';
import { pricingSetSql } from '../pricing/margin';

const COLUMNS = PRICE_INPUTS.map((field) => [field, columnName(field)] as const);

/**
 * The card that prices order `o` (docs/pricing.md#rate-cards): the most specific live card of its
 * supplier valid on its pickup date. Supplier + vehicle type + area, then supplier + vehicle type,
 * supplier + area, supplier alone: live cards of one kind never overlap, so one card is left.
 */
export const matchingCardSql = (o: string) => `(select c.* from rate_cards c
  where ${liveRows('c')} and c.supplier_id = ${o}.supplier_id
    and (c.vehicle_type_id is null or c.vehicle_type_id = ${o}.vehicle_type_id)
    and (c.delivery_area_id is null or c.delivery_area_id = ${o}.delivery_area_id)
    and c.valid_from <= ${o}.pickup_date and (c.valid_to is null or c.valid_to >= ${o}.pickup_date)
  order by c.vehicle_type_id is not null desc, c.delivery_area_id is not null desc
  limit 1)`;

/** Why an unpriced order has no card: it names no supplier, or no card of its supplier fits it. */
export type NoCardReason = 'no_supplier' | 'no_card';

/** An unpriced order and the card that would price it. */
export interface Candidate {
  id: number;
  mtmNumber: string;
  cardId: number | null;
  cardName: string | null;
  reason: NoCardReason | null;
}

/**
 * The unpriced completed orders among `ids` (pricing not set, docs/pricing.md#formula) with their
 * cards, locked for the caller's transaction when `lock`. Orders already priced are left out: a
 * card never overwrites prices someone typed.
 */
export async function unpricedWithCards(trx: Knex | Knex.Transaction, ids: number[], lock: boolean): Promise<Candidate[]> {
  if (ids.length === 0) return [];
  const { rows } = await trx.raw(`select o.id, o.mtm_number, card.id as card_id, card.name as card_name,
      case when o.supplier_id is null then 'no_supplier' when card.id is null then 'no_card' end as reason
    from orders o left join lateral ${matchingCardSql('o')} card on true
    where o.id = any(?::int[]) and ${liveRows('o')} and o.status = 'completed' and not (${pricingSetSql('o')})
    order by o.id${lock ? ' for update of o' : ''}`, [ids]) as { rows: Row[] };
  return rows.map((row) => ({ id: row.id, mtmNumber: row.mtm_number, cardId: row.card_id, cardName: row.card_name, reason: row.reason }));
}

/**
 * Writes the cards' prices into the orders that have a card, only where a price is empty, and
 * remembers the card; one activity-log row per order (`rate_card_apply`, naming the card), in the
 * caller's transaction and under its locks (unpricedWithCards). One UPDATE whatever the number.
 */
export async function applyCards(trx: Knex.Transaction, ctx: Ctx, candidates: Candidate[]): Promise<{ priced: number; actionId: string | null }> {
  const priced = candidates.filter((candidate) => candidate.cardId !== null);
  if (priced.length === 0) return { priced: 0, actionId: null };
  // One statement sets each order its own card's prices: RecordModel's version rule said in SQL.
  const { rows } = await trx.raw(`with before as (
      select o.id, ${COLUMNS.map(([, column]) => `o.${column}`).join(', ')}, o.rate_card_id from orders o where o.id = any(?::int[]))
    update orders o set ${COLUMNS.map(([, column]) => `${column} = coalesce(o.${column}, c.${column})`).join(', ')},
      rate_card_id = c.id, ${newVersionSql('o')}
    from unnest(?::int[], ?::int[]) as p(order_id, card_id), rate_cards c, before b
    where o.id = p.order_id and c.id = p.card_id and ${liveRows('c')} and b.id = o.id
    returning o.id, c.name as card_name, ${COLUMNS.map(([, column]) => `b.${column} as before_${column}, o.${column}`).join(', ')},
      b.rate_card_id as before_rate_card_id, o.rate_card_id`,
  [priced.map((c) => c.id), priced.map((c) => c.id), priced.map((c) => c.cardId!)]) as { rows: Row[] };
  const actionId = await logActivities(trx, ctx, rows.map((row) => ({
    action: 'rate_card_apply', entityType: 'order', entityId: row.id as number,
    changes: {
      ...Object.fromEntries(COLUMNS.filter(([, column]) => row[`before_${column}`] !== row[column])
        .map(([field, column]) => [field, { before: row[`before_${column}`], after: row[column] }])),
      rateCardId: { before: row.before_rate_card_id, after: row.rate_card_id },
      // A fact of the change, not a field: the card by the name it had.
      rateCard: row.card_name,
    },
  })));
  return { priced: rows.length, actionId };
}

