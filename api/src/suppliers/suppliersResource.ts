import Joi from 'joi';
import { PHONE_PATTERN } from '@kernel/resources/formats';
import { idList, messages, optionalText, partial, requiredText, status, website } from '../resources/fields';
import { ofRecordType, type ResourceDef } from '../resources/resource';
import { Supplier } from './Supplier';
import { englishText } from '../foundation/englishText';
import { liveRows } from '../db/liveRows';
import { pickerResource } from '../resources/pickerResource';

/** The customer's own wording for the supplier name. */
const NAME_REQUIRED = englishText('suppliers.validation.name_required');

/**
 * A required field (docs/admin-screens.md#forms-and-their-messages): missing, blank and null all
 * answer "This field is required".
 */
const mandatory = (rule: Joi.StringSchema) => rule.invalid(null).required()
  .messages({ ...messages, 'any.invalid': messages['any.required'] });

/**
 * Only the short name and the website may be left out. Rows saved before the
 * contact fields were required still load; they must be completed at their next edit.
 */
const create = Joi.object({
  name: requiredText(200).messages({ 'any.required': NAME_REQUIRED, 'string.empty': NAME_REQUIRED }),
  shortName: optionalText(50),
  contactPerson: mandatory(Joi.string().trim().max(100)),
  contactPhone: mandatory(Joi.string().trim().pattern(PHONE_PATTERN)),
  contactEmail: mandatory(Joi.string().trim().email({ tlds: false }).max(254)),
  website: website(),
  address: mandatory(Joi.string().trim().max(300)),
  serviceAreaIds: idList(),
  status: status(),
});

/** Its serviceAreaIds are Supplier's serviceAreas relation. */
export const suppliersResource: ResourceDef<Supplier> = {
  ...ofRecordType('supplier'),
  model: Supplier,
  label: 'name',
  list: {
    sortable: ['id', 'name', 'shortName', 'contactPerson', 'status', 'createdAt', 'updatedAt'],
    sortKeys: { name: 'nameSort' },
    defaultSort: { field: 'name', order: 'asc' },
    search: ['name', 'shortName', 'contactPerson', 'contactPhone', 'contactEmail'],
    filters: { status: 'eq' },
    export: {
      title: 'menu.suppliers',
      columns: [{ field: 'name' }, { field: 'shortName' }, { field: 'contactPerson' }, { field: 'contactPhone' },
        { field: 'contactEmail' }, { field: 'website' }, { field: 'address' },
        // The live areas by name, as the list's chips show them.
        { field: 'serviceAreaIds', sql: `(select string_agg(a.name, ', ' order by a.name) from supplier_service_areas l
          join delivery_areas a on a.id = l.delivery_area_id and ${liveRows('a')} where l.supplier_id = suppliers.id)` },
        { field: 'status', translate: 'common.status' }, { field: 'updatedAt', as: 'instant' }],
    },
  },
  write: { schemas: { create, update: partial(create) } },
};

/** The names of the live records for the order screens' pickers (resources/pickerResource.ts). */
export const supplierOptionsResource = pickerResource(suppliersResource, ['name', 'shortName', 'status']);
