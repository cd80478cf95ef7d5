import Joi from 'joi';
import type { Knex } from 'knex';
import { PRICE_INPUTS } from '@kernel/pricing/priceFields';
import { problem } from '../foundation/httpError';
import { calendarDay, optionalText, partial, requiredText, recordId } from '../resources/fields';
import { rangeBound } from '../resources/listQuery';
import { ofRecordType, type RecordWrite, type Refusal, type Refusals, type ResourceDef } from '../resources/resource';
import { liveRows } from '../db/liveRows';
import { money } from '../pricing/money';
import { Supplier } from '../suppliers/Supplier';
import { RateCard } from './RateCard';

const id = () => recordId();
const BASE_PRICES = new Set(['basePurchasePrice', 'baseSalePrice']);

const create = Joi.object({
  name: requiredText(100),
  supplierId: id().required(),
  vehicleTypeId: id().allow(null).default(null),
  deliveryAreaId: id().allow(null).default(null),
  validFrom: calendarDay().required(),
  validTo: calendarDay().allow(null, '').empty('').default(null),
  // The base prices make an order's pricing set (docs/pricing.md#formula): a card without them would price nothing.
  ...Object.fromEntries(PRICE_INPUTS.map((field) => [field, BASE_PRICES.has(field) ? money().invalid(null, '').required() : money()])),
  notes: optionalText(1000),
});

/** What places a card in time: the fields of a write that make it overlap another, or not. */
const PERIOD_FIELDS = ['supplierId', 'vehicleTypeId', 'deliveryAreaId', 'validFrom', 'validTo', 'deletedAt'];

type Period = Pick<RateCard, 'supplierId' | 'vehicleTypeId' | 'deliveryAreaId' | 'validFrom' | 'validTo' | 'name'> & { id: number };

const sameKind = (a: Period, b: Period) => a.supplierId === b.supplierId
  && (a.vehicleTypeId ?? null) === (b.vehicleTypeId ?? null) && (a.deliveryAreaId ?? null) === (b.deliveryAreaId ?? null);
const overlap = (a: Period, b: Period) => sameKind(a, b)
  && a.validFrom <= (b.validTo ?? '9999-12-31') && b.validFrom <= (a.validTo ?? '9999-12-31');

const overlaps = (other: Period): Refusal => ({ field: 'validFrom', problem: problem('overlaps', `Overlaps "${other.name}"`,
  { name: other.name, from: other.validFrom, to: other.validTo ?? '' }) });

/**
 * No two live cards of one supplier / vehicle type / area valid on the same day, and no card
 * ending before it starts (docs/pricing.md#rate-cards), over every card the writes leave live with
 * a new period: two statements however many. The suppliers' rows are locked first, so two writes
 * of one supplier's cards take turns and cannot both pass.
 */
async function periodRefusals(trx: Knex.Transaction, writes: RecordWrite[]): Promise<Refusals> {
  const refusals: Refusals = new Map();
  const placed = writes.filter((w) => w.after.deletedAt == null && w.fields.some((field) => PERIOD_FIELDS.includes(field)));
  const periods: Period[] = [];
  for (const w of placed) {
    const period = { ...w.after, id: w.id } as Period;
    if (period.validTo && period.validTo < period.validFrom) {
      refusals.set(w.id, { field: 'validTo', problem: problem('too_early', `Cannot be before ${period.validFrom}`, { min: period.validFrom }) });
    } else periods.push(period);
  }
  if (periods.length === 0) return refusals;
  await Supplier.query(trx).whereIn('id', [...new Set(periods.map((p) => p.supplierId))]).orderBy('id').forUpdate().select('id');
  const { rows } = await trx.raw(`select w.id as write_id, c.name, c.valid_from, c.valid_to
    from jsonb_to_recordset(?::jsonb) as w(id int, supplier_id int, vehicle_type_id int, delivery_area_id int, valid_from date, valid_to date)
    join rate_cards c on ${liveRows('c')} and c.id <> all(?::int[]) and c.supplier_id = w.supplier_id
      and c.vehicle_type_id is not distinct from w.vehicle_type_id and c.delivery_area_id is not distinct from w.delivery_area_id
      and c.valid_from <= coalesce(w.valid_to, '9999-12-31') and (c.valid_to is null or c.valid_to >= w.valid_from)
    order by w.id, c.valid_from`, [JSON.stringify(periods.map((p) => ({ id: p.id, supplier_id: p.supplierId, vehicle_type_id: p.vehicleTypeId ?? null,
    delivery_area_id: p.deliveryAreaId ?? null, valid_from: p.validFrom, valid_to: p.validTo ?? null }))), placed.map((w) => w.id)]);
  for (const row of rows as Array<{ write_id: number; name: string; valid_from: string; valid_to: string | null }>) {
    if (!refusals.has(row.write_id)) refusals.set(row.write_id, overlaps({ name: row.name, validFrom: row.valid_from, validTo: row.valid_to } as Period));
  }
  // Cards that the same write places against each other (an undo of two cards' changes).
  for (const [n, a] of periods.entries()) {
    const other = periods.slice(0, n).find((b) => overlap(a, b));
    if (other && !refusals.has(a.id)) refusals.set(a.id, overlaps(other));
  }
  return refusals;
}

/**
 * Rate cards (docs/pricing.md#rate-cards), under pricing management's page key. Its supplierId,
 * vehicleTypeId and deliveryAreaId are RateCard's relations.
 */
export const rateCardsResource: ResourceDef<RateCard> = {
  ...ofRecordType('rate_card'),
  model: RateCard,
  label: 'name',
  list: {
    sortable: ['id', 'name', 'validFrom', 'validTo', 'basePurchasePrice', 'baseSalePrice', 'updatedAt'],
    defaultSort: { field: 'validFrom', order: 'desc' },
    search: ['name', 'notes'],
    filters: { supplierId: 'eq', vehicleTypeId: 'eq', deliveryAreaId: 'eq', validFrom: 'range', validTo: 'range' },
    customFilters: {
      /** The cards valid on a day ('YYYY-MM-DD'; a date and time counts by its date), both ends of a period included. */
      validOn(query, value) {
        const day = rangeBound('validOn', value).slice(0, 10);
        query.where('rateCards.validFrom', '<=', day)
          .where((open) => open.whereNull('rateCards.validTo').orWhere('rateCards.validTo', '>=', day));
      },
    },
    export: {
      title: 'rate_cards.title',
      columns: [{ field: 'name' }, { field: 'supplierId', sql: 's.name' }, { field: 'vehicleTypeId', sql: 'v.name' },
        { field: 'deliveryAreaId', sql: 'a.name' }, { field: 'validFrom', as: 'date' }, { field: 'validTo', as: 'date' },
        ...PRICE_INPUTS.map((field) => ({ field, as: 'money' as const })), { field: 'notes' }, { field: 'updatedAt', as: 'instant' }],
      join: (query) => query
        .leftJoin('suppliers as s', 's.id', 'rateCards.supplierId')
        .leftJoin('vehicleTypes as v', 'v.id', 'rateCards.vehicleTypeId')
        .leftJoin('deliveryAreas as a', 'a.id', 'rateCards.deliveryAreaId'),
    },
  },
  write: { schemas: { create, update: partial(create) } },
  rules: {
    check: (_ctx, trx, writes) => periodRefusals(trx, writes),
  },
};
