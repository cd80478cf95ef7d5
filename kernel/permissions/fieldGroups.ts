import { SIDES } from '../pricing/priceFields';

/**
 * Groups of an order's fields that only the roles given them are to see (DESIGN §16,
 * docs/roles-and-permissions.md#field-groups), kept per role in `field_group_roles` and edited on
 * the permissions matrix. Administrators hold every group by rule. Being built (#42): the server
 * does not withhold the fields by them yet.
 */
export const FIELD_GROUPS = ['order.purchase_prices', 'order.sale_prices'] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

/** Each group's fields: one side's three typed prices and the MTM price summed from them. */
export const FIELD_GROUP_FIELDS: Readonly<Record<FieldGroup, readonly string[]>> = {
  'order.purchase_prices': [...SIDES[0].inputs, SIDES[0].total],
  'order.sale_prices': [...SIDES[1].inputs, SIDES[1].total],
};
