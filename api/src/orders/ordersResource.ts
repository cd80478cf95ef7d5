import Joi from 'joi';
import type { Knex } from 'knex';
import { isBeforePickup } from '@kernel/orders/dateOrder';
import { fieldText, httpError } from '../foundation/httpError';
import { requirePage } from '../middleware/guard';
import { calendarDay, optionalText, partial, requiredText, recordId } from '../resources/fields';
import { englishText } from '../foundation/englishText';
import { liveQuery } from '../resources/liveQuery';
import { pathId } from '../resources/pathId';
import { ofRecordType, type Ctx, type Narrowing, type ResourceDef, type Scope } from '../resources/resource';
import { areaScope, assertWorksInArea } from './dispatcherScope';
import { Order } from './Order';
import { orderExport } from './export';
import { orderRules } from './orderRules';

/**
 * The customer's required-field messages of the order form, word for word
 * (docs/admin-screens.md#forms-and-their-messages), from the kernel's catalog: `order_validation.<key>`.
 */
const required = (key: string) => englishText(`order_validation.${key}`);
const requiredId = (message: string) => recordId().required()
  .messages({ 'any.required': message, 'number.base': message, 'number.positive': fieldText('invalid_format'), 'number.integer': fieldText('invalid_format') });
const optionalId = () => recordId().allow(null).default(null)
  .messages({ 'number.base': fieldText('invalid_format'), 'number.positive': fieldText('invalid_format'), 'number.integer': fieldText('invalid_format') });
const calendarDate = (message: string) => calendarDay().required()
  .messages({ 'any.required': message, 'string.empty': message, 'string.base': message, 'string.pattern.base': fieldText('invalid_format') });
/**
 * The MOS date never before the pickup date (kernel/orders/dateOrder.ts): said on the field, so the
 * form, the API and the import answer alike. An update that sends one date alone is checked
 * against the record's other date by the rules of orders (orderRules.ts).
 */
const mosDate = calendarDate(required('mos_date_required'))
  .custom((value: string, helpers) => {
    const pickupDate: unknown = helpers.state.ancestors[0]?.pickupDate;
    return isBeforePickup(value, pickupDate) ? helpers.error('date.tooEarly', { limit: pickupDate }) : value;
  })
  .messages({ 'date.tooEarly': 'Cannot be before the pickup date {#limit}' });

const orderNumber = (message: string) => requiredText(50).messages({ 'any.required': message, 'string.empty': message });

/** The new-order form's rules, the API's and the import's alike. */
export const createOrderSchema = Joi.object({
  mtmNumber: orderNumber(required('mtm_required')),
  dnNumber: orderNumber(required('dn_required')),
  supplierId: optionalId(),
  pickupWarehouseId: requiredId(required('warehouse_required')),
  vehicleTypeId: optionalId(),
  assignedUserId: requiredId(required('assigned_user_required')),
  deliveryAreaId: requiredId(required('delivery_area_required')),
  pickupDate: calendarDate(required('pickup_date_required')),
  mosDate,
  notes: optionalText(2000),
});

async function checkArea(ctx: Ctx, deliveryAreaId: unknown, trx: Knex.Transaction) {
  if (typeof deliveryAreaId === 'number') await assertWorksInArea(trx, ctx.state.user!, deliveryAreaId);
}

/** A new order as its booker writes it: the form's and the import's alike. */
export const bookedBy = <T extends object>(userId: number, data: T): T & { createdBy: number } => ({ ...data, createdBy: userId });

/** Each new order's first timeline event (booked, by whom): orders created by the form and imported alike. */
export async function recordBookings(trx: Knex.Transaction, userId: number, orders: Array<{ id: number; status: string }>) {
  await trx('orderEvents').insert(orders.map((order) => ({ orderId: order.id, fromStatus: null, toStatus: order.status, userId, note: null })));
}

/**
 * The orders a user may see: a regional dispatcher's, those of their areas (dispatcherScope.ts);
 * `base` narrows first (pricing: the completed ones). Their list, export, reads and writes alike.
 */
export const ordersScope = (base?: Narrowing): Scope => areaScope('orders.deliveryAreaId', base);

/**
 * Who may do what with orders (docs/roles-and-permissions.md#api-routes-and-their-page-keys):
 * every read (attachments and export too) needs the orders page, every write (status moves and
 * attachments too) new_order; the batch completion date has its own page.
 */
export const orderGuards = { read: requirePage('orders'), write: requirePage('new_order') };

/** Its supplierId, pickupWarehouseId, vehicleTypeId, deliveryAreaId and assignedUserId are Order's relations. */
export const ordersResource: ResourceDef<Order> = {
  ...ofRecordType('order'),
  model: Order,
  guards: orderGuards,
  label: 'mtmNumber',
  scope: ordersScope(),
  list: {
    sortable: ['id', 'mtmNumber', 'dnNumber', 'status', 'pickupDate', 'mosDate', 'completionDate', 'createdAt', 'updatedAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    countCap: 10_000,
    search: ['mtmNumber', 'dnNumber'],
    searchIndexed: true,
    filters: {
      status: 'eq', supplierId: 'eq', pickupWarehouseId: 'eq', vehicleTypeId: 'eq', deliveryAreaId: 'eq',
      assignedUserId: 'eq', pickupDate: 'range', mosDate: 'range', completionDate: 'range', createdAt: 'range',
    },
    customFilters: {
      // true (either delay) or one kind, 'pulling_out' or 'mos', as process monitoring links them.
      delayed(query, value) {
        const kind = value === true || value === 'true' ? 'delayed' : value;
        if (kind !== 'delayed' && kind !== 'pulling_out' && kind !== 'mos') return;
        query.modify('delayed', kind);
      },
    },
    export: orderExport,
  },
  write: {
    schemas: { create: createOrderSchema, update: partial(createOrderSchema) },
    // Status moves through POST /:id/transitions, completion dates through the batch call, prices
    // through pricing management (by hand or by a rate card); the database computes the MTM prices.
    readOnly: ['status', 'completionDate', 'createdBy', 'rateCardId', 'basePurchasePrice', 'haulingBuyPrice', 'foulTripBuyPrice',
      'mtmBuyPrice', 'baseSalePrice', 'haulingSalePrice', 'foulTripSalePrice', 'mtmSalePrice'],
  },
  rules: orderRules,
  hooks: {
    async beforeCreate(ctx, data, trx) {
      await checkArea(ctx, data.deliveryAreaId, trx);
      return bookedBy(ctx.state.user!.id, data);
    },
    async beforeUpdate(ctx, patch, _existing, trx) {
      await checkArea(ctx, patch.deliveryAreaId, trx);
      return patch;
    },
    async afterCreate(ctx, created, trx) {
      await recordBookings(trx, ctx.state.user!.id, [created]);
    },
  },
};

/** The order of the path's :id, when it is live and the user may see it (its area): else 404. Its id. */
export async function visibleOrder(ctx: Ctx, db = ctx.state.db) {
  const id = pathId(ctx);
  const order = await liveQuery(ordersResource, db, await ordersResource.scope?.(ctx, db)).findById(id);
  if (!order) throw httpError('not_found', `No order with id ${id}`, { params: { entity: 'order', id } });
  return id;
}
