import type Joi from 'joi';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { Model, ModelClass, QueryBuilder } from 'objection';
import type { AppState } from '../appState';
import type { ListExport } from '../csv/listExport';
import type { RouteGuard } from '../middleware/guard';
import type { PageKey } from '@kernel/permissions/pageKeys';
import type { FilterKind } from './listQuery';

export type Ctx = Context & { state: AppState };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row as knex returns it; each resource's columns are its configuration, not a type
export type Row = Record<string, any>;

/** An id-list field kept in a join table, e.g. a supplier's `serviceAreaIds`. */
export interface LinkDef {
  table: string;
  /** The join-table column pointing at this resource's row. */
  ownKey: string;
  /** The join-table column holding the listed ids. */
  otherKey: string;
  /** The table of the listed ids: each must be a live row there. */
  targetTable: string;
}

/**
 * What a resource says about itself; the generic handlers in resourceRoutes.ts do the rest.
 * Field names are the camelCase names of the JSON and the model.
 */
export interface ResourceDef {
  /** URL segment under /api and react-admin resource name: 'delivery-areas'. */
  name: string;
  /** Entity type in the activity log and the trash: 'delivery_area'. */
  entityType: string;
  model: ModelClass<Model>;
  /** The page whose holders may read and write; without one, `guards` must say both. */
  pageKey?: PageKey;
  /** Who may read and who may write, when not simply "users holding pageKey" (guard.ts). */
  guards?: { read?: RouteGuard; write?: RouteGuard };
  /** The field that names a record in the trash and the activity log. */
  label: string;
  sortable: readonly string[];
  /**
   * Sortable names that sort by a stored key instead (their pinyin: migration
   * 20261127000200_name_sort_keys): `{ name: 'nameSort' }`. The keys are never shown.
   */
  sortKeys?: Readonly<Record<string, string>>;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Fields the `q` filter searches (text contains, case-insensitive). */
  search: readonly string[];
  /** Filterable fields and how each compares; `id` and link fields are always filterable. */
  filters: Readonly<Record<string, FilterKind>>;
  /** Filters that are not a comparison of one field, e.g. an order's `delayed`. */
  customFilters?: Readonly<Record<string, (query: QueryBuilder<Model>, value: unknown, ctx: Ctx) => void>>;
  /** Id fields pointing at another table's row, which must be live: `{ supplierId: 'suppliers' }`. */
  references?: Readonly<Record<string, string>>;
  /**
   * Joi schemas of a create body and an update body (all fields optional in the latter). Without
   * `create` there is no POST: pricing edits orders that only the orders page creates.
   */
  schemas?: { create?: Joi.ObjectSchema; update: Joi.ObjectSchema };
  links?: Readonly<Record<string, LinkDef>>;
  /**
   * Fields shown but never written through this resource (an order's status moves through its own
   * call). An edit form sends them back: unchanged they are ignored, changed they are refused.
   */
  readOnly?: readonly string[];
  /** Fields never shown: a password hash. Changes to them are logged as "changed", never the value. */
  hidden?: readonly string[];
  /** When set, the only fields shown besides `id` (a picker's names: pickerResource.ts). */
  shown?: readonly string[];
  /** Rules beyond the schema; they may refuse (throw) or adjust what is written. */
  hooks?: {
    beforeCreate?: (ctx: Ctx, data: Row, trx: Knex.Transaction) => Promise<Row> | Row;
    beforeUpdate?: (ctx: Ctx, patch: Row, existing: Row, trx: Knex.Transaction) => Promise<Row> | Row;
    beforeDelete?: (ctx: Ctx, existing: Row, trx: Knex.Transaction) => Promise<void> | void;
    /** Runs before the trash restores or purges a deleted record of this resource; it may refuse (throw). */
    beforeTrashAction?: (ctx: Ctx, deleted: Row, action: 'restore' | 'purge', trx: Knex.Transaction) => Promise<void> | void;
    /** Runs in the creating transaction with the new record, e.g. to write an order's first event. */
    afterCreate?: (ctx: Ctx, created: Row, trx: Knex.Transaction) => Promise<void> | void;
  };
  /** Narrows every read and write to the rows the user may see (regional dispatchers' areas). */
  scope?: (ctx: Ctx, query: QueryBuilder<Model>) => void;
  /** Count list totals exactly only up to this many rows, estimate beyond (big tables: orders). */
  countCap?: number;
  /** false: list and read only (the activity log). Default true. */
  writable?: boolean;
  /** false: the table has no deleted_at (the activity log). Default true. */
  softDelete?: boolean;
  /** false: no DELETE and no place in the trash (a second view of another resource's rows). Default true. */
  deletable?: boolean;
  /** Values the database computes per row, shown read-only: `{ margin: 'orders.mtm_sale_price - …' }`. */
  computed?: Readonly<Record<string, string>>;
  /** The list's CSV export (GET /api/<name>/export.csv): the columns its screen shows, as it shows them. */
  export?: ListExport;
}

/** Fields a client may send back unchanged with a record but never writes. */
export const READ_ONLY_FIELDS = ['id', 'createdAt', 'updatedAt', 'deletedAt', 'deletedBy'] as const;
