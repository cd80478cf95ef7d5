import type { PageKey } from '../permissions/pageKeys';
import { PRICE_INPUTS, SIDES } from '../pricing/priceFields';

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

/**
 * How the activity log names a record, in terms of its row: the name it has at each change is kept
 * on the change's log row (api/src/activity/recordLabels.ts makes the SQL of it at every start).
 */
export type RecordLabel =
  /** One column: an order's MTM number. */
  | { column: string }
  /** The person's name as kernel/users/personName.ts writes it, else their username. */
  | { person: true }
  /** Columns joined by a separator: a translation's namespace.key. */
  | { columns: readonly string[]; separator: string };

/**
 * A kind of record people keep: created, edited and deleted on its resource, its deleted records
 * waiting in the trash, its changes logged and told live. Its entity type (its key in
 * RECORD_TYPES) names it in the activity log, the trash and the live changes, and its texts are
 * `entity_types.<type>`.
 */
export interface RecordType {
  /** Its resource: the URL segment under /api, the react-admin resource, the admin's folder. */
  name: string;
  /** The page whose holders read and write it and hear of its changes; none: every signed-in user. */
  pageKey?: PageKey;
  label: RecordLabel;
  /** Other resources that show its records (pricing shows orders): a change makes their queries stale too. */
  shownBy?: readonly string[];
  /**
   * The resource that names its live records to every active user, for the pickers and the
   * references of other records (api/src/resources/pickerResource.ts): a change makes its queries
   * stale too, or a renamed record kept its old name in the lists that show it.
   */
  picker?: string;
  /** Its logged fields that are not plain values (kernel/activity/fieldKinds.ts). */
  fields?: Readonly<Record<string, FieldKind>>;
}

const ACTIVE = { enum: 'common.status' };
const money = (fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, { money: true } as const]));
const NAME = { column: 'name' };

/**
 * The record types, each once: the API's registry serves each one's resource, the trash holds
 * them, the log names them, the live updates tell of them. The references among `fields` are
 * the models' relations (test/api/activityLogLabels.test.ts holds the two together).
 */
const TYPES = {
  order: {
    name: 'orders', pageKey: 'orders', label: { column: 'mtm_number' }, shownBy: ['pricing'], fields: {
      status: { enum: 'order_status' },
      supplierId: { ref: 'supplier' },
      pickupWarehouseId: { ref: 'warehouse' },
      vehicleTypeId: { ref: 'vehicle_type' },
      deliveryAreaId: { ref: 'delivery_area' },
      assignedUserId: { ref: 'user' },
      rateCardId: { ref: 'rate_card' },
      ...money([...PRICE_INPUTS, ...SIDES.map((side) => side.total)]),
    },
  },
  supplier: { name: 'suppliers', pageKey: 'suppliers', picker: 'supplier-options', label: NAME, fields: { status: ACTIVE, serviceAreaIds: { refs: 'delivery_area' } } },
  warehouse: { name: 'warehouses', pageKey: 'warehouses', picker: 'warehouse-options', label: NAME, fields: { status: ACTIVE } },
  vehicle_type: { name: 'vehicle-types', pageKey: 'vehicle_types', picker: 'vehicle-type-options', label: NAME, fields: { status: ACTIVE } },
  delivery_area: { name: 'delivery-areas', pageKey: 'delivery_areas', picker: 'delivery-area-options', label: NAME, fields: { status: ACTIVE } },
  user: {
    name: 'users', pageKey: 'users', picker: 'user-options', label: { person: true },
    fields: { role: { enum: 'roles' }, status: { enum: 'user_statuses' }, deliveryAreaIds: { refs: 'delivery_area' } },
  },
  translation: { name: 'translations', label: { columns: ['namespace', 'key'], separator: '.' } },
  rate_card: {
    name: 'rate-cards', pageKey: 'pricing_management', label: NAME, fields: {
      supplierId: { ref: 'supplier' },
      vehicleTypeId: { ref: 'vehicle_type' },
      deliveryAreaId: { ref: 'delivery_area' },
      ...money(PRICE_INPUTS),
    },
  },
  api_token: { name: 'api-tokens', pageKey: 'integrations', label: NAME, fields: { userId: { ref: 'user' } } },
  webhook: {
    name: 'webhooks', pageKey: 'integrations', label: { column: 'url' },
    fields: { userId: { ref: 'user' }, deliveryAreaIds: { refs: 'delivery_area' }, active: { boolean: true } },
  },
} satisfies Record<string, RecordType>;

export type RecordTypeName = keyof typeof TYPES;
export const RECORD_TYPES: Readonly<Record<RecordTypeName, RecordType>> = TYPES;
/** The entity types of the record types, in the list's order (the trash's filter offers them so). */
export const RECORD_TYPE_NAMES = Object.keys(RECORD_TYPES) as RecordTypeName[];

export const isRecordType = (type: string): type is RecordTypeName => Object.hasOwn(RECORD_TYPES, type);

/** The record type whose own resource `resource` is (orders → order); undefined for any other (pricing, the pickers). */
export const recordTypeOf = (resource: string): RecordTypeName | undefined =>
  RECORD_TYPE_NAMES.find((type) => RECORD_TYPES[type].name === resource);
