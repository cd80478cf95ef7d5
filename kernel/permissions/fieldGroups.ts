import { SIDES } from '../pricing/priceFields';

/**
 * Groups of a record type's fields that only the roles given them see (DESIGN §16,
 * docs/roles-and-permissions.md#field-groups), kept per role in `field_group_roles` and edited on
 * the permissions matrix; a group's name starts with its record type. Administrators hold every
 * group by rule. The server withholds the fields of a group a person does not hold wherever a
 * record leaves it, and refuses to write, sort or filter by them (403 `field_denied`).
 */
export const FIELD_GROUPS = ['order.purchase_prices', 'order.sale_prices'] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

/** Each group's fields: one side's three typed prices and the MTM price summed from them. */
export const FIELD_GROUP_FIELDS: Readonly<Record<FieldGroup, readonly string[]>> = {
  'order.purchase_prices': [...SIDES[0].inputs, SIDES[0].total],
  'order.sale_prices': [...SIDES[1].inputs, SIDES[1].total],
};

/**
 * The names the API gives a group's fields summed over many orders (pricing's statistics, the
 * reports' money columns): withheld with the group.
 */
const GROUP_SUMS: Readonly<Record<FieldGroup, readonly string[]>> = {
  'order.purchase_prices': ['buyTotal'],
  'order.sale_prices': ['saleTotal'],
};

/**
 * What speaks of every group of its record type at once, withheld unless all are held: an order's
 * margin (sale minus purchase), the filters by whether all its prices are set and by where they
 * came from (typed by hand when set without a card), and pricing's counts of the orders whose
 * prices are all set or not.
 */
const ACROSS_GROUPS: Readonly<Record<string, readonly string[]>> = {
  order: ['margin', 'pricingNotSet', 'pricingComplete', 'priceSource'],
};

/** Record types that carry another's grouped fields under the same names: a rate card holds the prices it gives orders. */
const CARRIERS: Readonly<Record<string, string>> = { rate_card: 'order' };

/** The groups of a record type (`order`), or of the type whose fields it carries. */
export const fieldGroupsOf = (entityType: string): FieldGroup[] => {
  const owner = CARRIERS[entityType] ?? entityType;
  return FIELD_GROUPS.filter((group) => group.startsWith(`${owner}.`));
};

/** The names of a record type's fields, sorts and filters a person holding `held` may not see. */
export function withheldFields(entityType: string, held: readonly FieldGroup[]): string[] {
  const missing = fieldGroupsOf(entityType).filter((group) => !held.includes(group));
  if (missing.length === 0) return [];
  return [...missing.flatMap((group) => [...FIELD_GROUP_FIELDS[group], ...GROUP_SUMS[group]]), ...ACROSS_GROUPS[CARRIERS[entityType] ?? entityType] ?? []];
}

/** `values` without the names `withheld` from its reader (the figures of a report or of pricing's statistics). */
export const withoutWithheld = <T extends object>(values: T, withheld: ReadonlySet<string>): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([name]) => !withheld.has(name))) as Partial<T>;
