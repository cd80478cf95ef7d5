import type { Knex } from 'knex';
import type { Model, QueryBuilder } from 'objection';
import { fieldRefusal, problem } from '../foundation/httpError';
import { columnName } from '../db/columnName';
import { filterValues, likePattern, ownEntry, rangeBound } from './listQuery';
import { idListsOf, relatedRows } from './relations';
import type { AnyResource, Ctx, Narrowing } from './resource';
import { trigramContains } from './trigramSearch';

/**
 * The live rows of a resource, with their id lists, narrowed to those the user may see: `narrowing`
 * is the resource's scope as read for the request (`await def.scope?.(ctx, db)`), so that every
 * read, list and write of it states the user's rows the same way.
 */
export function liveQuery(def: AnyResource, db: Knex | Knex.Transaction, narrowing: Narrowing | undefined): QueryBuilder<Model> {
  const table = def.model.tableName;
  const query = def.model.query(db).select(`${table}.*`);
  for (const list of idListsOf(def)) {
    // Only live targets: a deleted delivery area leaves every supplier's list until it is restored.
    const id = `${list.related.tableName}.id`;
    query.select(relatedRows(def, list).modify('live')
      .select(def.model.raw(`coalesce(array_agg(?? order by ??), '{}')`, [id, id])).as(list.field));
  }
  for (const [field, sql] of Object.entries(def.computed ?? {})) query.select(def.model.raw(`${sql} as ??`, [columnName(field)]));
  if (def.softDelete !== false) query.modify('live');
  narrowing?.(query);
  return query;
}

/**
 * The filter names a list takes: `q`, `id`, its custom filters, its id lists, and its own filters
 * (a range filter as its two bounds, `field_gte` and `field_lte`). applyFilters refuses any other.
 */
export function filterNames(def: AnyResource): string[] {
  const own = Object.entries(def.list.filters).flatMap(([field, kind]) => (kind === 'range' ? [`${field}_gte`, `${field}_lte`] : [field]));
  return [...new Set(['q', 'id', ...Object.keys(def.list.customFilters ?? {}), ...idListsOf(def).map((list) => list.field), ...own])];
}

/**
 * Narrows a list's query by its filter: the resource's own filters, its search (`q`), its id lists,
 * `id`; a filter not among its names (filterNames) is a 400 naming it.
 */
export async function applyFilters(def: AnyResource, ctx: Ctx, query: QueryBuilder<Model>, filter: Record<string, unknown>): Promise<void> {
  const table = def.model.tableName;
  const names = filterNames(def);
  for (const [field, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (!names.includes(field)) {
      throw fieldRefusal('invalid_query', `Cannot filter by "${field}"`, field, problem('unknown_filter', 'Unknown filter'));
    }
    const custom = ownEntry(def.list.customFilters, field);
    if (custom) {
      custom(query, value, ctx);
      continue;
    }
    if (field === 'q' && def.list.searchIndexed) {
      const { sql, bindings } = await trigramContains(ctx.state.db, table, def.list.search.map(columnName), String(value));
      query.whereRaw(sql, bindings);
      continue;
    }
    if (field === 'q') {
      const pattern = likePattern(String(value));
      query.where((q) => def.list.search.forEach((f) => q.orWhereRaw('??::text ilike ?', [`${table}.${columnName(f)}`, pattern])));
      continue;
    }
    const list = idListsOf(def).find((l) => l.field === field);
    if (list) {
      const ids = filterValues(field, value);
      query.whereExists(relatedRows(def, list).whereIn(`${list.related.tableName}.id`, ids));
      continue;
    }
    const bound = /^(.+)_(gte|lte)$/.exec(field);
    if (bound && ownEntry(def.list.filters, bound[1]) === 'range') {
      query.where(`${table}.${bound[1]}`, bound[2] === 'gte' ? '>=' : '<=', rangeBound(field, value));
    } else if (ownEntry(def.list.filters, field) === 'contains') {
      query.whereRaw('??::text ilike ?', [`${table}.${columnName(field)}`, likePattern(String(value))]);
    } else {
      const values = filterValues(field, value);
      query.whereIn(`${table}.${field}`, values as string[]);
    }
  }
}
