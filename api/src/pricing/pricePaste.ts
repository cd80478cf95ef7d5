import Router from '@koa/router';
import Joi from 'joi';
import type { Knex } from 'knex';
import { newVersionSql } from '../db/RecordModel';
import { logActivities } from '../activity/logActivity';
import type { AppState } from '../foundation/appState';
import { problem, type FieldProblem, type FieldProblems } from '../foundation/httpError';
import { requirePage } from '../middleware/guard';
import { takes, type Input } from '../middleware/validate';
import { ordersResource } from '../orders/ordersResource';
import type { Ctx, Row } from '../resources/resource';
import { changedFields, presentTo } from '../resources/resourceRoutes';
import { liveQuery } from '../resources/liveQuery';
import { writeRefusals } from '../resources/writeRules';
import { columnName } from '../db/columnName';
import { MAX_PASTE_ROWS } from '@kernel/pricing/pasteBlock';
import { MAX_PRICE, parseMoney, type MoneyProblem } from '@kernel/pricing/parseMoney';
import { PRICE_INPUTS, type PriceInput } from '@kernel/pricing/priceFields';
import { pricingResource } from './pricingResource';

/** A price as sent: its text is checked row by row, so that one bad cell refuses its row only. */
const price = Joi.alternatives(Joi.string().allow('').max(64), Joi.number()).allow(null);

const pasteRow = Joi.object({
  id: Joi.number().integer().positive().required(),
  version: Joi.number().integer().min(0).required(),
  ...Object.fromEntries(PRICE_INPUTS.map((field) => [field, price])),
}).or(...PRICE_INPUTS).messages({ 'object.missing': 'Send at least one price' });

const pasteBody = Joi.object({
  rows: Joi.array().items(pasteRow).min(1).max(MAX_PASTE_ROWS).unique('id').required(),
});

type Prices = Partial<Record<PriceInput, string | number | null>>;
type PasteRow = { id: number; version: number } & Prices;

/** The field code of a money problem, as the PUT's validation answers it (api/src/middleware/validate.ts). */
const MONEY_CODES: Record<MoneyProblem, FieldProblem> = {
  amount: problem('invalid_format', 'Not an amount such as 12.50'),
  negative: problem('too_small', 'Must not be negative', { min: 0 }),
  precision: problem('too_many_decimals', 'More than 2 decimals', { max: 2 }),
  max: problem('too_large', `At most ${MAX_PRICE}`, { max: MAX_PRICE }),
};

/** The row's prices as exact decimal text (null clears one), or the problem of each that is not an amount. */
function readPrices(row: PasteRow): { prices: Partial<Record<PriceInput, string | null>> } | { fields: FieldProblems } {
  const prices: Partial<Record<PriceInput, string | null>> = {};
  const fields: FieldProblems = {};
  for (const field of PRICE_INPUTS) {
    const value = row[field];
    if (value === undefined) continue;
    const parsed = parseMoney(value === null ? '' : String(value));
    if ('problem' in parsed) fields[field] = MONEY_CODES[parsed.problem];
    else prices[field] = parsed.amount;
  }
  return Object.keys(fields).length > 0 ? { fields } : { prices };
}

interface Refusal {
  id: number;
  fields: FieldProblems;
}

/**
 * Why orders the user named are not among those pricing shows them: an order that is not completed
 * yet says so, any other (deleted, another dispatcher's, no such id) is unknown, as its GET would be.
 */
async function missingReasons(ctx: Ctx, trx: Knex.Transaction, ids: number[]): Promise<Refusal[]> {
  if (ids.length === 0) return [];
  const visible = await liveQuery(ordersResource, trx, await ordersResource.scope?.(ctx, trx)).clearSelect()
    .select('orders.id', 'orders.mtmNumber')
    .whereIn('orders.id', ids) as unknown as Array<{ id: number; mtmNumber: string }>;
  const open = new Map(visible.map((order) => [order.id, order.mtmNumber]));
  return ids.map((id) => ({ id, fields: { id: open.has(id)
    ? problem('not_completed', 'Not completed: pricing shows completed orders only', { orders: open.get(id)! })
    : problem('unknown_id', `No order with id ${id}`, { ids: String(id) }) } }));
}

/**
 * Writes the prices of many orders in one statement: each row's sent prices, the others left as
 * they are, under the version the caller read (already compared under the row locks).
 */
async function writePrices(trx: Knex.Transaction, rows: Array<{ id: number; version: number; prices: Row }>) {
  const sets = PRICE_INPUTS.map((field) => {
    const column = columnName(field);
    // A price sent as null clears it: its ->'field' is JSON null then, not SQL null as for one not sent.
    return `${column} = case when e.doc->'prices'->'${field}' is not null then (e.doc->'prices'->>'${field}')::numeric(12,2) else o.${column} end`;
  }).join(',\n      ');
  // A price typed over a card's makes the order's prices typed (pricingResource's beforeUpdate): it no longer names the card.
  const typed = PRICE_INPUTS.map((field) => `(e.doc->'prices'->'${field}' is not null
    and (e.doc->'prices'->>'${field}')::numeric(12,2) is distinct from o.${columnName(field)})`).join(' or ');
  await trx.raw(`update orders o set
      ${sets},
      rate_card_id = case when ${typed} then null else o.rate_card_id end,
      ${newVersionSql('o')}
    from jsonb_array_elements(?::jsonb) e(doc)
    where o.id = (e.doc->>'id')::bigint and o.version = (e.doc->>'version')::int`, [JSON.stringify(rows)]);
}

/**
 * POST /api/pricing/paste (docs/pricing.md#pasting-a-block): the prices of a block pasted into the
 * pricing grid, up to 500 orders in one transaction. Each row is saved under its version or
 * refused with its reason (a price that is not an amount, a stale version, an order pricing does
 * not show, a rule of orders), the others saved all the same; one `update` log row per saved order,
 * all of the request's action. A fixed number of statements whatever the number of rows: the
 * scope's (a dispatcher's areas), the locking read, the reasons of missing orders when there are,
 * the rules' reads, one UPDATE, the saved rows' read, one log INSERT.
 */
async function paste(ctx: Ctx, { body: { rows } }: Input<{ rows: PasteRow[] }>) {
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    const refused: Refusal[] = [];
    const readable: Array<{ row: PasteRow; prices: Row }> = [];
    for (const row of rows) {
      const read = readPrices(row);
      if ('fields' in read) refused.push({ id: row.id, fields: read.fields });
      else readable.push({ row, prices: read.prices });
    }
    const ids = readable.map(({ row }) => row.id);
    const shown = await pricingResource.scope?.(ctx, trx);
    const current = ids.length === 0 ? [] : (await liveQuery(pricingResource, trx, shown).whereIn('orders.id', ids).forUpdate())
      .map((order) => order.toJSON() as Row);
    const before = new Map(current.map((order) => [order.id as number, order]));
    refused.push(...await missingReasons(ctx, trx, ids.filter((id) => !before.has(id))));
    const fresh = readable.filter(({ row }) => {
      const order = before.get(row.id);
      if (!order) return false;
      if (order.version === row.version) return true;
      refused.push({ id: row.id, fields: { version: problem('stale_version',
        `Changed by someone else meanwhile (version ${order.version}, yours ${row.version})`,
        { version: order.version as number, yours: row.version }) } });
      return false;
    });
    // The rules of orders judge the prices as any write of them (writeRules.ts): a refused row is refused alone.
    const judged = await writeRefusals(ctx, trx, pricingResource, fresh.map(({ row, prices }) =>
      ({ id: row.id, before: before.get(row.id)!, after: { ...before.get(row.id)!, ...prices }, fields: Object.keys(prices) })));
    for (const [id, { field, problem: why }] of judged) refused.push({ id, fields: { [field]: why } });
    const toSave = fresh.filter(({ row }) => !judged.has(row.id)).map(({ row, prices }) => ({ id: row.id, version: row.version, prices }));
    if (toSave.length === 0) return { actionId: null, saved: [], refused: inOrderOf(rows, refused) };
    await writePrices(trx, toSave);
    const after = (await liveQuery(pricingResource, trx, shown).whereIn('orders.id', toSave.map((row) => row.id)))
      .map((order) => order.toJSON() as Row);
    const afterById = new Map(after.map((order) => [order.id as number, order]));
    const actionId = await logActivities(trx, ctx, toSave.flatMap(({ id, prices }) => {
      const changes = changedFields(pricingResource, before.get(id)!, afterById.get(id)!, [...Object.keys(prices), 'rateCardId']);
      return Object.keys(changes).length > 0 ? [{ action: 'update', entityType: 'order', entityId: id, changes }] : [];
    }));
    return {
      actionId,
      saved: await presentTo(ctx, pricingResource, toSave.map(({ id }) => afterById.get(id)!)),
      refused: inOrderOf(rows, refused),
    };
  });
}

/** The refusals in the order of the rows sent, as the grid marks them from the top. */
function inOrderOf(rows: PasteRow[], refused: Refusal[]): Refusal[] {
  const position = new Map(rows.map((row, index) => [row.id, index]));
  return refused.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
}

/** Mounted before the pricing resource, as pricing's other calls: POST /paste is no resource path. */
export const pricePasteRoutes = new Router<AppState>({ prefix: '/api/pricing' })
  .post('/paste', requirePage('pricing_management'), takes({ body: pasteBody }, paste));
