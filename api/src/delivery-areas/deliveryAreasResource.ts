import Joi from 'joi';
import { code, optionalText, partial, requiredText, status } from '../resources/fields';
import type { ResourceDef } from '../resources/resource';
import { DeliveryArea } from './DeliveryArea';
import { pickerResource } from '../resources/pickerResource';

const create = Joi.object({
  code: code(),
  name: requiredText(100),
  region: optionalText(100),
  description: optionalText(1000),
  status: status(),
});

export const deliveryAreasResource: ResourceDef<DeliveryArea> = {
  name: 'delivery-areas',
  entityType: 'delivery_area',
  model: DeliveryArea,
  pageKey: 'delivery_areas',
  label: 'name',
  list: {
    sortable: ['id', 'code', 'name', 'region', 'status', 'createdAt', 'updatedAt'],
    sortKeys: { name: 'nameSort' },
    defaultSort: { field: 'code', order: 'asc' },
    search: ['code', 'name', 'region'],
    filters: { status: 'eq', region: 'contains', code: 'eq' },
    export: {
      title: 'menu.delivery_areas',
      columns: [{ field: 'code' }, { field: 'name' }, { field: 'region' }, { field: 'description' }, { field: 'status', translate: 'common.status' }, { field: 'updatedAt', as: 'instant' }],
    },
  },
  write: { schemas: { create, update: partial(create) } },
};

/** A regional dispatcher picks (and files orders in) their own delivery areas only. */
export const deliveryAreaOptionsResource = pickerResource(deliveryAreasResource, 'delivery-area-options', ['code', 'name', 'region', 'status'],
  (ctx, query) => query.modify('inAreasOf', ctx.state.user!));
