import Joi from 'joi';
import { email, idList, optionalText, partial, phone, requiredText, status, website } from '../resources/fields';
import type { ResourceDef } from '../resources/resource';
import { Supplier } from './Supplier';

const create = Joi.object({
  // The seed's own wording for the one required supplier field.
  name: requiredText(200).messages({ 'any.required': 'Supplier name is required', 'string.empty': 'Supplier name is required' }),
  shortName: optionalText(50),
  contactPerson: optionalText(100),
  contactPhone: phone(),
  contactEmail: email(),
  website: website(),
  address: optionalText(300),
  serviceAreaIds: idList(),
  status: status(),
});

export const suppliersResource: ResourceDef = {
  name: 'suppliers',
  entityType: 'supplier',
  model: Supplier,
  pageKey: 'suppliers',
  label: 'name',
  sortable: ['id', 'name', 'shortName', 'contactPerson', 'status', 'createdAt', 'updatedAt'],
  defaultSort: { field: 'name', order: 'asc' },
  search: ['name', 'shortName', 'contactPerson', 'contactPhone', 'contactEmail'],
  filters: { status: 'eq' },
  links: { serviceAreaIds: { table: 'supplier_service_areas', ownKey: 'supplier_id', otherKey: 'delivery_area_id',
    targetTable: 'delivery_areas' } },
  schemas: { create, update: partial(create) },
};
