/**
 * How a logged field's values read (docs/undo.md#a-records-history): the activity log and a
 * record's History show each value as the record's form shows it, not as stored. A field not named
 * here is text, a number or a date, shown as it is (dates in the reader's date style).
 */
export type FieldKind =
  /** One of a fixed set of keys, read through the catalog's `enum.<key>`: 'order_status' → order_status.delivered. */
  | { enum: string }
  /** The id of a record of that entity type, shown by the name it had then (the log's `referenceNames`). */
  | { ref: string }
  /** A list of such ids. */
  | { refs: string }
  | { money: true }
  | { boolean: true };

const ACTIVE = { enum: 'common.status' };
const MONEY = { money: true } as const;
const PRICES = ['basePurchasePrice', 'haulingBuyPrice', 'foulTripBuyPrice', 'baseSalePrice', 'haulingSalePrice', 'foulTripSalePrice'];
const money = (fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, MONEY]));

/**
 * Per entity type, its fields that are not plain values. The references are the models' relations
 * (test/api/activityLogValues.test.ts holds the two together); the server names them in SQL.
 */
export const FIELD_KINDS: Readonly<Record<string, Readonly<Record<string, FieldKind>>>> = {
  order: {
    status: { enum: 'order_status' },
    supplierId: { ref: 'supplier' },
    pickupWarehouseId: { ref: 'warehouse' },
    vehicleTypeId: { ref: 'vehicle_type' },
    deliveryAreaId: { ref: 'delivery_area' },
    assignedUserId: { ref: 'user' },
    rateCardId: { ref: 'rate_card' },
    ...money([...PRICES, 'mtmBuyPrice', 'mtmSalePrice']),
  },
  rate_card: {
    supplierId: { ref: 'supplier' },
    vehicleTypeId: { ref: 'vehicle_type' },
    deliveryAreaId: { ref: 'delivery_area' },
    ...money(PRICES),
  },
  supplier: { status: ACTIVE, serviceAreaIds: { refs: 'delivery_area' } },
  warehouse: { status: ACTIVE },
  vehicle_type: { status: ACTIVE },
  delivery_area: { status: ACTIVE },
  user: { role: { enum: 'roles' }, status: { enum: 'user_statuses' }, deliveryAreaIds: { refs: 'delivery_area' } },
  mail_settings: { language: { enum: 'activity_logs.languages' } },
};

/** The kind of one logged field; undefined for a plain value. */
export const fieldKindOf = (entityType: string | null, field: string): FieldKind | undefined =>
  (entityType ? FIELD_KINDS[entityType]?.[field] : undefined);
