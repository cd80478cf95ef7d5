import Joi from 'joi';
import { code, optionalText, partial, requiredText, status } from '../resources/fields';
import { ofRecordType, type ResourceDef } from '../resources/resource';
import { DeliveryArea } from './DeliveryArea';
import { pickerResource } from '../resources/pickerResource';
import { areaScope } from '../orders/dispatcherScope';

const create = Joi.object({
  code: code(),
  name: requiredText(100),
  region: optionalText(100),
  description: optionalText(1000),
  status: status(),
});

export const deliveryAreasResource: ResourceDef<DeliveryArea> = {
  ...ofRecordType('delivery_area'),
  model: DeliveryArea,
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
export const deliveryAreaOptionsResource = pickerResource(deliveryAreasResource, ['code', 'name', 'region', 'status'],
  areaScope('delivery_areas.id'));
