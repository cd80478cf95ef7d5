import Joi from 'joi';
import { Order } from '../orders/Order';
import { ordersResource, ordersScope } from '../orders/ordersResource';
import type { Narrowing, ResourceDef } from '../resources/resource';
import { marginSql, pricingSetSql } from './margin';
import { money } from './money';
import { periodRange } from './period';
import { PRICE_INPUTS } from '@kernel/pricing/priceFields';

const update = Joi.object(Object.fromEntries(PRICE_INPUTS.map((field) => [field, money()]))).min(1)
  .messages({ 'object.min': 'Send at least one price' });

/** Every other field of an order, shown here but changed on the orders page. */
const orderFields = [...Object.keys(ordersResource.write!.schemas.create!.describe().keys),
  ...ordersResource.write!.readOnly!.filter((field) => !(PRICE_INPUTS as readonly string[]).includes(field))];

/** Pricing shows completed orders only. */
const completed: Narrowing = (query) => { query.where('orders.status', 'completed'); };

/**
 * Pricing management (docs/pricing.md#pricing-management): the completed orders, their six prices written in place, the MTM
 * prices and the margin computed by the database. A view of orders: no create, no delete, no trash.
 */
export const pricingResource: ResourceDef<Order> = {
  name: 'pricing',
  entityType: 'order',
  model: Order,
  pageKey: 'pricing_management',
  label: 'mtmNumber',
  computed: { margin: marginSql() },
  scope: ordersScope(completed),
  list: {
    sortable: ['id', 'mtmNumber', 'dnNumber', 'completionDate', ...PRICE_INPUTS, 'mtmBuyPrice', 'mtmSalePrice', 'updatedAt'],
    defaultSort: { field: 'completionDate', order: 'desc' },
    countCap: 10_000,
    search: ['mtmNumber'],
    searchIndexed: true,
    filters: { supplierId: 'eq', deliveryAreaId: 'eq', completionDate: 'range', rateCardId: 'eq' },
    customFilters: {
      pricingNotSet(query, value) {
        if (value === true || value === 'true') query.whereRaw(`not (${pricingSetSql()})`);
      },
      /** Where the prices came from: a rate card, or typed by hand (docs/pricing.md#rate-cards). */
      priceSource(query, value) {
        if (value === 'card') query.whereNotNull('orders.rateCardId');
        if (value === 'hand') query.whereNull('orders.rateCardId').whereRaw(pricingSetSql());
      },
      /** A year, month or ISO week of the completion date, in the server's time zone. */
      period(query, value) {
        const { start, end } = periodRange(value);
        query.where('orders.completionDate', '>=', start).where('orders.completionDate', '<', end);
      },
    },
  },
  write: { schemas: { update }, readOnly: [...orderFields, 'margin'], deletable: false },
  rules: ordersResource.rules,
  hooks: {
    /** A price typed over a card's makes the order's prices typed: it no longer names the card. */
    beforeUpdate(_ctx, patch, existing) {
      const amount = (value: unknown) => (value === null || value === undefined ? null : Number(value));
      const typed = PRICE_INPUTS.some((field) => field in patch && amount(patch[field]) !== amount(existing[field]));
      return typed && existing.rateCardId !== null ? { ...patch, rateCardId: null } : patch;
    },
  },
};
