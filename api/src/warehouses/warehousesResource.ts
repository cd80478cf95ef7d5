import Joi from 'joi';
import { code, optionalText, partial, phone, requiredText, status } from '../resources/fields';
import { ofRecordType, type ResourceDef } from '../resources/resource';
import { Warehouse } from './Warehouse';
import { pickerResource } from '../resources/pickerResource';

const create = Joi.object({
  code: code(),
  name: requiredText(100),
  address: optionalText(300),
  contactPerson: optionalText(100),
  contactPhone: phone(),
  status: status(),
});

export const warehousesResource: ResourceDef<Warehouse> = {
  ...ofRecordType('warehouse'),
  model: Warehouse,
  label: 'name',
  list: {
    sortable: ['id', 'code', 'name', 'contactPerson', 'status', 'createdAt', 'updatedAt'],
    sortKeys: { name: 'nameSort' },
    defaultSort: { field: 'code', order: 'asc' },
    search: ['code', 'name', 'address', 'contactPerson'],
    filters: { status: 'eq', code: 'eq' },
    export: {
      title: 'menu.warehouses',
      columns: [{ field: 'code' }, { field: 'name' }, { field: 'address' }, { field: 'contactPerson' }, { field: 'contactPhone' },
        { field: 'status', translate: 'common.status' }, { field: 'updatedAt', as: 'instant' }],
    },
  },
  write: { schemas: { create, update: partial(create) } },
};

/** The names of the live records for the order screens' pickers (resources/pickerResource.ts). */
export const warehouseOptionsResource = pickerResource(warehousesResource, ['code', 'name', 'status']);
