import Joi from 'joi';
import type { Knex } from 'knex';
import { PRICE_INPUTS } from '@kernel/pricing/priceFields';
import { httpError, problem } from '../foundation/httpError';
import { calendarDay, optionalText, partial, requiredText, recordId } from '../resources/fields';
import type { Input, ResourceDef, Stored } from '../resources/resource';
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

type Period = Pick<RateCard, 'supplierId' | 'vehicleTypeId' | 'deliveryAreaId' | 'validFrom' | 'validTo'> & { id?: number };

/**
 * No two live cards of one supplier / vehicle type / area valid on the same day
 * (docs/pricing.md#rate-cards): a 400 naming the other card. The supplier's row is locked first, so
 * two writes of that supplier's cards take turns and cannot both pass the check.
 */
async function assertNoOverlap(trx: Knex.Transaction, card: Period): Promise<void> {
  if (card.validTo && card.validTo < card.validFrom) {
    throw httpError('invalid_input', 'Invalid input: validTo', { params: { fields: 'validTo' },
      fields: { validTo: problem('too_early', `Cannot be before ${card.validFrom}`, { min: card.validFrom }) } });
  }
  await Supplier.query(trx).findById(card.supplierId).forUpdate().select('id');
  const other = await RateCard.query(trx).modify('live')
    .where('supplierId', card.supplierId)
    .whereRaw('vehicle_type_id is not distinct from ?', [card.vehicleTypeId])
    .whereRaw('delivery_area_id is not distinct from ?', [card.deliveryAreaId])
    .whereNot('id', card.id ?? 0)
    .where('validFrom', '<=', card.validTo ?? '9999-12-31')
    .where((query) => query.whereNull('validTo').orWhere('validTo', '>=', card.validFrom))
    .orderBy('validFrom').first();
  if (!other) return;
  const period = { name: other.name, from: other.validFrom, to: other.validTo ?? '' };
  throw httpError('invalid_input', `The period overlaps rate card "${other.name}" (${other.validFrom} – ${other.validTo ?? '…'}) `
    + 'of the same supplier, vehicle type and area', { params: { fields: 'validFrom' },
    fields: { validFrom: problem('overlaps', `Overlaps "${other.name}"`, period) } });
}

/** The card as a write would leave it. */
const periodOf = (card: Input<RateCard>, existing?: Stored<RateCard>): Period => ({ ...existing, ...card } as Period);

/**
 * Rate cards (docs/pricing.md#rate-cards), under pricing management's page key. Its supplierId,
 * vehicleTypeId and deliveryAreaId are RateCard's relations.
 */
export const rateCardsResource: ResourceDef<RateCard> = {
  name: 'rate-cards',
  entityType: 'rate_card',
  model: RateCard,
  pageKey: 'pricing_management',
  label: 'name',
  list: {
    sortable: ['id', 'name', 'validFrom', 'validTo', 'basePurchasePrice', 'baseSalePrice', 'updatedAt'],
    defaultSort: { field: 'validFrom', order: 'desc' },
    search: ['name', 'notes'],
    filters: { supplierId: 'eq', vehicleTypeId: 'eq', deliveryAreaId: 'eq', validFrom: 'range', validTo: 'range' },
    customFilters: {
      /** The cards valid on a day ('YYYY-MM-DD'). */
      validOn(query, value) {
        if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
        query.where('rateCards.validFrom', '<=', value)
          .where((open) => open.whereNull('rateCards.validTo').orWhere('rateCards.validTo', '>=', value));
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
  hooks: {
    async beforeCreate(_ctx, data, trx) {
      await assertNoOverlap(trx, periodOf(data));
      return data;
    },
    async beforeUpdate(_ctx, patch, existing, trx) {
      await assertNoOverlap(trx, periodOf(patch, existing));
      return patch;
    },
    async beforeTrashAction(_ctx, deleted, action, trx) {
      if (action === 'restore') await assertNoOverlap(trx, deleted);
    },
  },
};
