import Joi from 'joi';
import { code, decimal, optionalText, partial, requiredText, status } from '../resources/fields';
import { ofRecordType, type ResourceDef } from '../resources/resource';
import { VehicleType } from './VehicleType';
import { pickerResource } from '../resources/pickerResource';

const create = Joi.object({
  code: code(),
  name: requiredText(100),
  capacityTons: decimal(1000),
  volumeCbm: decimal(1000),
  description: optionalText(1000),
  status: status(),
});

export const vehicleTypesResource: ResourceDef<VehicleType> = {
  ...ofRecordType('vehicle_type'),
  model: VehicleType,
  label: 'name',
  list: {
    sortable: ['id', 'code', 'name', 'capacityTons', 'volumeCbm', 'status', 'createdAt', 'updatedAt'],
    sortKeys: { name: 'nameSort' },
    defaultSort: { field: 'code', order: 'asc' },
    search: ['code', 'name', 'description'],
    filters: { status: 'eq', code: 'eq' },
    export: {
      title: 'menu.vehicle_types',
      columns: [{ field: 'code' }, { field: 'name' }, { field: 'capacityTons', as: 'number' }, { field: 'volumeCbm', as: 'number' },
        { field: 'description' }, { field: 'status', translate: 'common.status' }, { field: 'updatedAt', as: 'instant' }],
    },
  },
  write: { schemas: { create, update: partial(create) } },
};

/** The names of the live records for the order screens' pickers (resources/pickerResource.ts). */
export const vehicleTypeOptionsResource = pickerResource(vehicleTypesResource, ['code', 'name', 'status']);
