import type { Knex } from 'knex';
import type { Model, QueryBuilder } from 'objection';
import { cappedCount } from '../db/cappedCount';
import { columnName } from '../db/columnName';
import { ownEntry, type ListParams } from './listQuery';
import { applyFilters, liveQuery } from './liveQuery';
import type { AnyResource, Ctx } from './resource';

/** A page of a list and the list's total: exact, or `estimated` (the planner's, or more than the cap). */
export interface ListPage {
  rows: Model[];
  total: number;
  estimated: boolean;
}

/** What reading a page takes, whichever way it is read. */
interface PageRead {
  def: AnyResource;
  db: Knex;
  /** A new query of the live rows the user may see, the scope read once for the request. */
  live: () => QueryBuilder<Model>;
  /** Those the filter matches. */
  matching: QueryBuilder<Model>;
  /** The columns the page is sorted by: the sort's stored key (sortKeys), its field, the id. */
  sortedBy: string[];
  order: 'asc' | 'desc';
  start: number;
  size: number;
}

const orderOf = (read: PageRead, from: string) => read.sortedBy.map((field) => ({ column: `${from}.${field}`, order: read.order }));

/**
 * The planner's estimate of a list's rows, from EXPLAIN, at no cost: the total of a big list
 * (resources with `countCap`: orders), where a count that stops at 10,001 rows was almost all of a
 * request's database work at a million orders (bench/results/orders.md), and a full count(*)
 * about 200 ms.
 */
async function estimateRows(query: QueryBuilder<Model>, db: Knex): Promise<number> {
  // With its values bound as the page's query binds them: written in as literals, a filter value
  // of another type than its column (status = false) failed as text = boolean.
  const { sql, bindings } = query.clone().clearSelect().clearOrder().select(db.raw('1')).toKnexQuery().toSQL();
  const plan = await db.raw(`explain (format json) ${sql}`, bindings);
  return Math.round(Number((Object.values(plan.rows[0])[0] as Array<{ Plan: { 'Plan Rows': number } }>)[0].Plan['Plan Rows']));
}

/**
 * The list total when the page does not tell it: with `countCap`, exact only up to the cap (a count
 * that stops at cap + 1 rows), else the estimate, flagged, and at least `reached`, the page's end.
 */
async function countRows(def: AnyResource, query: QueryBuilder<Model>, db: Knex, estimate: number | undefined,
  reached: number): Promise<{ total: number; estimated: boolean }> {
  const rows = query.clone().clearSelect().clearOrder();
  const cap = def.list.countCap;
  if (!cap || estimate === undefined) return { total: await rows.resultSize(), estimated: false };
  if (estimate > cap) return { total: Math.max(estimate, reached), estimated: true };
  return cappedTotal(await cappedCount(db, rows.toKnexQuery(), cap), cap, reached);
}

/** A count told as is up to the cap; past it, as more than the cap (flagged), and at least `reached`. */
const cappedTotal = (count: number, cap: number, reached: number) =>
  (count <= cap ? { total: count, estimated: false } : { total: Math.max(cap + 1, reached), estimated: true });

/** The fence's table of the rows a filter found. */
const MATCHES = 'matches';

/** The rows a fenced page found, counted with it. */
const FENCED_ROWS = 'fencedRows';

/**
 * The fence, for a filter that leaves few rows of a big table: find them first, then sort them.
 * Left to itself the planner may walk the sort index and discard hundreds of thousands of rows
 * (bench/results/orders.md). A materialized CTE of the rows' ids and sort columns is the fence
 * (whole rows cost the area + month list 2,000 heap pages and a wide sort: an index holding those
 * columns answers it alone); the page's rows are then read by id. The rows it found are counted
 * with the page (a subquery over the CTE, run once: FENCED_ROWS), not by a second scan of the
 * table; a window count would cost the page its top-N sort.
 */
function fencedPage(read: PageRead): QueryBuilder<Model> {
  const { def, db, start, size } = read;
  const table = def.model.tableName;
  return read.live()
    .withMaterialized(MATCHES, read.matching.clone().clearSelect().select(read.sortedBy.map((field) => `${table}.${field}`)))
    .whereIn(`${table}.id`, def.model.query(db).from(MATCHES).select(`${MATCHES}.id`).orderBy(orderOf(read, MATCHES))
      .offset(start).limit(size))
    .select(db.raw('(select count(*) from ??) as ??', [MATCHES, columnName(FENCED_ROWS)]));
}

/** The rows a fenced page counted, taken off its rows; undefined for an empty page, which carries none. */
function foundWith(rows: Model[]): number | undefined {
  const found = rows.length > 0 ? Number(rows[0][FENCED_ROWS as keyof Model]) : undefined;
  for (const row of rows) delete row[FENCED_ROWS as keyof Model];
  return found;
}

/** From this many rows on, a big list's page skips them by id alone (deferredPage). */
const DEFERRED_FROM = 500;

/**
 * The deferred join, for a deep page of a big list (page 401 of the activity log): the rows it
 * passes over are read as ids from the index in the list's order, and only the page's rows whole,
 * not every row it skips: 55 ms to 13 ms at offset 10,000 of ten million log rows. Rows with
 * computed values (the log's names then: subqueries) are skipped so from the first: 90 ms to
 * 21 ms at offset 475 of the log's bulk edits (issue #39).
 */
function deferredPage(read: PageRead): QueryBuilder<Model> {
  const table = read.def.model.tableName;
  return read.live().whereIn(`${table}.id`,
    read.matching.clone().clearSelect().select(`${table}.id`).orderBy(orderOf(read, table)).offset(read.start).limit(read.size));
}

/**
 * One page of a list as its parameters ask, and the list's total. The total of a big list
 * (`countCap`) starts from the planner's estimate (estimateRows): a filter it finds few rows for is
 * fenced (fencedPage) and counted with its page, a deep page is a deferred join (deferredPage),
 * any other page the matching rows at an offset.
 */
export async function listPage(def: AnyResource, ctx: Ctx, { sort, range, filter }: ListParams): Promise<ListPage> {
  const db = ctx.state.db;
  const narrowing = await def.scope?.(ctx, db);
  const matching = liveQuery(def, db, narrowing);
  await applyFilters(def, ctx, matching, filter);
  const cap = def.list.countCap;
  const estimate = cap ? await estimateRows(matching, db) : undefined;
  const read: PageRead = {
    def, db, live: () => liveQuery(def, db, narrowing), matching, order: sort.order, start: range.start, size: range.end - range.start + 1,
    sortedBy: [...new Set([ownEntry(def.list.sortKeys, sort.field) ?? sort.field, sort.field, 'id'])],
  };
  const fenced = estimate !== undefined && estimate <= cap! && Object.keys(filter).length > 0;
  const deep = !fenced && cap !== undefined && range.start >= (def.computed ? 1 : DEFERRED_FROM);
  const page = fenced ? fencedPage(read) : deep ? deferredPage(read) : matching.clone().offset(read.start).limit(read.size);
  const rows: Model[] = await page.orderBy(orderOf(read, def.model.tableName));
  const found = fenced ? foundWith(rows) : undefined;
  // A page shorter than asked ends the list: where it ends is the exact total, with no count
  // (a search that finds a few orders). A full page at least reaches its end.
  const short = rows.length < read.size && (rows.length > 0 || range.start === 0);
  const reached = range.start + rows.length;
  const { total, estimated } = short ? { total: reached, estimated: false }
    : found !== undefined ? cappedTotal(found, cap!, reached)
      : await countRows(def, matching, db, estimate, reached);
  return { rows, total, estimated };
}
