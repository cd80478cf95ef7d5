import type Joi from 'joi';
import type { Knex } from 'knex';
import type { Model, ModelClass, ModelObject, PartialModelObject, QueryBuilder } from 'objection';
import type { Ctx } from '../foundation/appState';
import type { FieldProblem } from '../foundation/httpError';
import type { RecordModel } from '../db/RecordModel';
import type { ListExport, LoadTranslator } from '../csv/listExport';
import type { RouteGuard } from '../middleware/guard';
import type { PageKey } from '@kernel/permissions/pageKeys';
import { isRecordType, RECORD_TYPES, type RecordTypeName } from '@kernel/resources/recordTypes';
import type { FilterKind } from './listQuery';

export type { Ctx };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row as knex returns it, read by code that serves every resource
export type Row = Record<string, any>;

/** The field names of M's rows, camelCase as the JSON and the model spell them. */
export type Field<M extends Model> = Extract<keyof ModelObject<M>, string>;

/** A stored row of M, with its id lists. */
export type Stored<M extends Model> = ModelObject<M>;

/**
 * A validated body: M's fields typed, and whatever else its schema lets through (a new user's
 * password, which the hook turns into a hash) unknown until a hook checks it.
 */
export type Input<M extends Model> = Partial<ModelObject<M>> & Record<string, unknown>;

/** Narrows a query to the rows the user may see: a resource's scope as read for one request. */
export type Narrowing = (query: QueryBuilder<Model>) => void;

/**
 * What the user may see of a resource: the narrowing of its queries, read once per request (a
 * regional dispatcher's areas: orders/dispatcherScope.ts); undefined, every row.
 */
export type Scope = (ctx: Ctx, db: Knex | Knex.Transaction) => Promise<Narrowing | undefined>;

/** How a list is read: GET /api/<name>, its export and the pickers made from it. */
export interface ListOptions<M extends Model> {
  sortable: readonly Field<M>[];
  /**
   * Sortable names that sort by a stored key instead (their pinyin: migration
   * 20261127000200_name_sort_keys): `{ name: 'nameSort' }`. The keys are never shown.
   */
  sortKeys?: Readonly<Partial<Record<Field<M>, string>>>;
  defaultSort?: { field: Field<M>; order: 'asc' | 'desc' };
  /** Fields the `q` filter searches (text contains, case-insensitive). */
  search: readonly Field<M>[];
  /** The search fields have pg_trgm indexes: a search asks them for the term's rare trigrams (trigramSearch.ts). */
  searchIndexed?: boolean;
  /** Filterable fields and how each compares; `id` and id-list fields are always filterable. */
  filters: Readonly<Partial<Record<Field<M>, FilterKind>>>;
  /** Filters that are not a comparison of one field, e.g. an order's `delayed`. */
  customFilters?: Readonly<Record<string, (query: QueryBuilder<Model>, value: unknown, ctx: Ctx) => void>>;
  /** Count totals exactly only up to this many rows, estimate beyond (big tables: orders). */
  countCap?: number;
  /** The CSV export (GET /api/<name>/export.csv): the columns its screen shows, as it shows them. */
  export?: ListExport;
}

/** How a resource is written: POST, PUT and DELETE /api/<name>. */
export interface WriteOptions {
  /**
   * Joi schemas of a create body and an update body (all fields optional in the latter). Without
   * `create` there is no POST: pricing edits orders that only the orders page creates.
   */
  schemas: { create?: Joi.ObjectSchema; update: Joi.ObjectSchema };
  /**
   * Fields shown but never written through this resource (an order's status moves through its own
   * call). An edit form sends them back: unchanged they are ignored, changed they are refused.
   * Names, not the model's fields: pricing's are every field of the order form.
   */
  readOnly?: readonly string[];
  /** false: no DELETE and no place in the trash (a second view of another resource's rows). Default true. */
  deletable?: boolean;
  /**
   * Fields `beforeCreate` or `beforeUpdate` adds that the answer shows once and the table never
   * keeps as they are: a new API token's secret, a webhook's new signing secret.
   */
  revealed?: readonly string[];
}

/** Rules beyond the schema, run in the writing transaction: they may refuse (throw) or adjust what is written. */
export interface Hooks<M extends Model, New extends Input<M>> {
  beforeCreate?(ctx: Ctx, data: New, trx: Knex.Transaction): Promise<Input<M>> | Input<M>;
  beforeUpdate?(ctx: Ctx, patch: Input<M>, existing: Stored<M>, trx: Knex.Transaction): Promise<Input<M>> | Input<M>;
  beforeDelete?(ctx: Ctx, existing: Stored<M>, trx: Knex.Transaction): Promise<void> | void;
  /** Runs before the trash restores or purges a deleted record of this resource; it may refuse (throw). */
  beforeTrashAction?(ctx: Ctx, deleted: Stored<M>, action: 'restore' | 'purge', trx: Knex.Transaction): Promise<void> | void;
  /** Runs with the new record, e.g. to write an order's first event. */
  afterCreate?(ctx: Ctx, created: Stored<M>, trx: Knex.Transaction): Promise<void> | void;
}

/** Why one record may not take a write: the field it is about and the field's problem. */
export interface Refusal {
  field: string;
  problem: FieldProblem;
}

/** Per record id, why it may not take its write (writeRules.ts). */
export type Refusals = Map<number, Refusal>;

/** One record's write as the rules judge it: its row now, the row as the write leaves it, the fields it changes. */
export interface RecordWrite {
  id: number;
  before: Row;
  after: Row;
  fields: readonly string[];
}

/**
 * The rules of a record type that every write of it obeys, whatever the path (the form, a bulk
 * action, an import, a restore, an undo): docs/architecture.md#the-write-path.
 */
export interface RecordRules {
  /** Fields only the holders of another page may write: an order's prices and its card are pricing management's. */
  fieldPages?: Readonly<Record<string, PageKey>>;
  /**
   * The type's invariants over records as writes leave them (status flow, dates in order, no
   * overlapping periods), in a fixed number of statements however many: each refused record's
   * field and reason. `undo`: the writes put records back as an action found them.
   */
  check?(ctx: Ctx, trx: Knex.Transaction, writes: RecordWrite[], how: { undo: boolean }): Promise<Map<number, Refusal>>;
}

/**
 * What a resource of model M says about itself; the generic handlers in resourceRoutes.ts do the
 * rest. Its relations are its model's relationMappings (relations.ts). `New` is a create body as
 * its schema passes it, when a hook relies on more than any of M's fields (a new user's password).
 */
export interface ResourceDef<M extends Model, New extends Input<M> = Input<M>> {
  /** URL segment under /api and react-admin resource name: 'delivery-areas'. */
  name: string;
  /** Entity type in the activity log and the trash: 'delivery_area'. */
  entityType: string;
  model: ModelClass<M>;
  /** The page whose holders may read and write; without one, `guards` must say both. */
  pageKey?: PageKey;
  /** Who may read and who may write, when not simply "users holding pageKey" (guard.ts). */
  guards?: { read?: RouteGuard; write?: RouteGuard };
  /**
   * The field that names a record in the trash and in the changes its delete and restore log (the
   * log's own name for a record is its record type's `label`: kernel/resources/recordTypes.ts).
   */
  label: Field<M>;
  /** Narrows every read and write to the rows the user may see: the list, its export, a record, the trash, an undo. */
  scope?: Scope;
  /** Fields never shown: a password hash. Changes to them are logged as "changed", never the value. */
  hidden?: readonly Field<M>[];
  /** When set, the only fields shown besides `id` (a picker's names: pickerResource.ts). */
  shown?: readonly Field<M>[];
  /**
   * Rows that tell changes of records of other types (the activity log): the field naming the
   * record type and the field of its changes, whose fields the reader may not see (field groups)
   * show only that they changed.
   */
  changesOf?: { entityType: Field<M>; changes: Field<M> };
  /** Values the database computes per row, shown read-only: `{ margin: 'orders.mtm_sale_price - …' }`. */
  computed?: Readonly<Record<string, string>>;
  /** false: the table has no deleted_at (the activity log). Default true. */
  softDelete?: boolean;
  list: ListOptions<M>;
  /** Without it, list and read only (the activity log, the pickers). */
  write?: WriteOptions;
  hooks?: Hooks<M, New>;
  /** The rules of its record type beyond references to live records (writeRules.ts). */
  rules?: RecordRules;
}

/**
 * The name, entity type and page key of a record type's own resource, as the kernel's list of
 * record types states them (kernel/resources/recordTypes.ts): `...ofRecordType('supplier')`.
 */
export function ofRecordType(type: RecordTypeName): { name: string; entityType: RecordTypeName; pageKey?: PageKey } {
  const { name, pageKey } = RECORD_TYPES[type];
  return { name, entityType: type, pageKey };
}

/**
 * The name, entity type and page key of a record type's picker (kernel/resources/recordTypes.ts,
 * `picker`): the resource that names its live records to every active user (pickerResource.ts).
 */
export function ofPicker(type: string): { name: string; entityType: RecordTypeName; pageKey?: PageKey } {
  const picker = isRecordType(type) ? RECORD_TYPES[type].picker : undefined;
  if (!isRecordType(type) || picker === undefined) throw new Error(`The record type ${type} names no picker (kernel/resources/recordTypes.ts)`);
  return { name: picker, entityType: type, pageKey: RECORD_TYPES[type].pageKey };
}

/** A resource of any model: what the generic handlers, the registry and the trash serve. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resource is typed by its own model; code that serves them all reads rows
export type AnyResource = ResourceDef<any, any>;

/**
 * What the generic handlers take from the domains, handed in by app.ts: they serve every domain and
 * import none (docs/architecture.md).
 */
export interface ResourceServices {
  /** Appends a change's activity-log row in its transaction (activity/logActivity.ts). */
  logActivity(trx: Knex.Transaction, ctx: Ctx, entry: { action: string; entityType: string; entityId: number; changes: Row }): Promise<unknown>;
  /** The texts of an export's headers and values in the reader's language (translations/catalog.ts). */
  loadTranslator: LoadTranslator;
  /**
   * When and by whom a record that is not live was deleted, for its 404: told only to those who may
   * open the trash and see the record; undefined to anyone else (trash/routes.ts).
   */
  trashed(ctx: Ctx, def: AnyResource, id: number, db: Knex | Knex.Transaction): Promise<{ deletedAt: string; deletedBy: string } | undefined>;
}

/** Fields a client may send back unchanged with a record but never writes. */
export const READ_ONLY_FIELDS = ['id', 'createdAt', 'updatedAt', 'deletedAt', 'deletedBy'] as const;

/** What a delete writes: the record goes to the trash, dated and signed (RecordModel's pair). */
export const softDeletion = (userId: number): PartialModelObject<RecordModel> => ({ deletedAt: new Date(), deletedBy: userId });

export const restoration: PartialModelObject<RecordModel> = { deletedAt: null, deletedBy: null };
