import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Model, QueryBuilder } from 'objection';
import { logActivity } from '../activity/logActivity';
import { exportReader, sendListCsv } from '../csv/listExport';
import type { AppState } from '../foundation/appState';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';
import type { ErrorParams } from '@kernel/errors/errorCodes';
import { requirePage } from '../middleware/guard';
import { validate } from '../middleware/validate';
import { filterValues, likePattern, ownEntry, parseListParams, rangeBound } from './listQuery';
import { canAccessPage } from '../permissions/access';
import { personNameSql } from '../users/personNameSql';
import { pathId } from './pathId';
import { idListsOf, relatedRows } from './relations';
import { READ_ONLY_FIELDS, softDeletion, type Ctx, type AnyResource, type RecordWrite, type Row, type Scope } from './resource';
import { writeRefusals } from './writeRules';
import { cappedCount } from '../db/cappedCount';
import { columnName } from '../db/columnName';
import { trigramContains } from './trigramSearch';
import { User } from '../users/User';


/** The live rows of a resource the user may see, with their id lists. */
export function liveQuery(def: AnyResource, ctx: Ctx, db: Knex | Knex.Transaction,
  scope: Scope | undefined = def.scope): QueryBuilder<Model> {
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
  scope?.(ctx, query);
  return query;
}

export async function applyFilters(def: AnyResource, ctx: Ctx, query: QueryBuilder<Model>, filter: Record<string, unknown>): Promise<void> {
  const table = def.model.tableName;
  for (const [field, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
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
    const kind = field === 'id' ? 'eq'
      : bound ? (ownEntry(def.list.filters, bound[1]) === 'range' ? 'range' : undefined) : ownEntry(def.list.filters, field);
    if (!kind || (kind === 'range' && !bound)) {
      throw fieldRefusal('invalid_query', `Cannot filter by "${field}"`, field, problem('unknown_filter', 'Unknown filter'));
    }
    if (kind === 'range') {
      query.where(`${table}.${bound![1]}`, bound![2] === 'gte' ? '>=' : '<=', rangeBound(field, value));
    } else if (kind === 'contains') {
      query.whereRaw('??::text ilike ?', [`${table}.${columnName(field)}`, likePattern(String(value))]);
    } else {
      const values = filterValues(field, value);
      query.whereIn(`${table}.${field}`, values as string[]);
    }
  }
}

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

/** From this many rows on, a big list's page skips them by id alone (a deferred join: below). */
const DEFERRED_FROM = 500;

/** The rows a fenced list (below) found, counted with its page. */
const FENCED_ROWS = 'fencedRows';

/** What the API shows of a row: no soft-delete bookkeeping, no hidden fields. */
export function present(def: AnyResource, row: Model | Row): Row {
  const json: Row = 'toJSON' in row && typeof row.toJSON === 'function' ? row.toJSON() : { ...row };
  const sortKeys = Object.values(def.list.sortKeys ?? {}).filter((key) => key !== undefined);
  for (const field of [...def.hidden ?? [], ...sortKeys]) delete json[field];
  if (def.shown) return Object.fromEntries(['id', ...def.shown].filter((f) => f in json).map((f) => [f, json[f]]));
  if (def.softDelete !== false) {
    delete json.deletedAt;
    delete json.deletedBy;
  }
  return json;
}

/** A live row; `lock` holds it (select … for update) until the transaction ends. */
async function findLive(def: AnyResource, ctx: Ctx, db: Knex | Knex.Transaction, id: number,
  { lock = false } = {}): Promise<Row> {
  const query = liveQuery(def, ctx, db).findById(id);
  if (lock) query.forUpdate();
  const row = await query;
  if (!row) throw await notFound(def, ctx, db, id);
  return row.toJSON();
}

/**
 * The 404 of a record that is not live. One in the trash says when it was deleted and by whom
 * (`deletedAt`, `deletedBy`: the page of a bookmarked record tells it), but only to those who
 * may open the trash and, by the resource's scope, see the record: anyone else learns nothing.
 */
async function notFound(def: AnyResource, ctx: Ctx, db: Knex | Knex.Transaction, id: number) {
  const params: ErrorParams = { entity: def.entityType, id };
  const message = `No ${def.entityType.replace(/_/g, ' ')} with id ${id}`;
  if (def.softDelete === false || !(await canAccessPage(ctx.state.db, ctx.state.user!, 'trash'))) {
    return httpError('not_found', message, { params });
  }
  const table = def.model.tableName;
  const query = def.model.query(db).select(`${table}.deletedAt`, `${table}.deletedBy`).where(`${table}.id`, id)
    .whereNotNull(`${table}.deletedAt`);
  def.scope?.(ctx, query);
  const [deleted] = await query as unknown as Array<{ deletedAt: Date | string; deletedBy: number | null }>;
  if (!deleted) return httpError('not_found', message, { params });
  const by = deleted.deletedBy === null ? undefined
    : await User.query(db).alias('u').findById(deleted.deletedBy).select(db.raw(`${personNameSql('u')} as name`));
  return httpError('not_found', `${message}: it is in the trash`,
    { params: { ...params, deletedAt: new Date(deleted.deletedAt).toISOString(), deletedBy: (by as { name?: string } | undefined)?.name ?? '' } });
}

/** Before/after of each field that changed; hidden fields show only that they changed. */
export function changedFields(def: AnyResource, before: Row, after: Row, fields: string[]): Row {
  const changes: Row = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  for (const field of fields) {
    if (same(before[field], after[field])) continue;
    changes[field] = def.hidden?.includes(field) ? { changed: true } : { before: before[field] ?? null, after: after[field] ?? null };
  }
  return changes;
}

function withoutReadOnly(body: unknown): Row {
  const data: Row = { ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}) };
  for (const field of READ_ONLY_FIELDS) delete data[field];
  return data;
}

/** Drops read-only fields sent back unchanged; a changed one is refused. */
function withoutEchoedReadOnly(def: AnyResource, fields: Row, existing: Row): Row {
  const data = { ...fields };
  for (const field of def.write?.readOnly ?? []) {
    if (!(field in data)) continue;
    if (JSON.stringify(data[field] ?? null) !== JSON.stringify(existing[field] ?? null)) {
      throw fieldRefusal('invalid_input', `${field} cannot be changed here`, field, problem('read_only', 'Read-only'));
    }
    delete data[field];
  }
  return data;
}

/** Rewrites each id list the data sets (writeRefusals has checked that every id names a live row). */
async function writeIdLists(def: AnyResource, trx: Knex.Transaction, id: number, data: Row): Promise<void> {
  for (const list of idListsOf(def)) {
    if (!(list.field in data)) continue;
    const ids = [...new Set(data[list.field] as number[])];
    await def.model.relatedQuery(list.relation, trx).for(id).unrelate();
    if (ids.length > 0) await def.model.relatedQuery(list.relation, trx).for(id).relate(ids);
  }
}

/**
 * One record's write judged by the rules of its type (writeRules.ts), as a form sends it: the
 * first refusal answers 400 on its field. The form, the trash's restore and any single write alike.
 */
export async function checkWrite(ctx: Ctx, trx: Knex.Transaction, def: AnyResource, write: RecordWrite): Promise<void> {
  const refusal = (await writeRefusals(ctx, trx, def, [write])).get(write.id);
  if (refusal) throw fieldRefusal('invalid_input', `${refusal.field}: ${refusal.problem.message}`, refusal.field, refusal.problem);
}

const columnsOf = (def: AnyResource, data: Row): Row => {
  const lists = idListsOf(def).map((list) => list.field);
  return Object.fromEntries(Object.entries(data).filter(([field]) => !lists.includes(field)));
};

/** The ra-data-simple-rest routes of one resource, guarded by its page key. */
export function resourceRoutes(def: AnyResource): Router<AppState> {
  const router = new Router<AppState>({ prefix: `/api/${def.name}` });
  const byPage = def.pageKey ? requirePage(def.pageKey) : undefined;
  const readGuard = def.guards?.read ?? byPage;
  const writeGuard = def.guards?.write ?? byPage;
  if (!readGuard || !writeGuard) throw new Error(`Resource ${def.name}: give it a pageKey or both guards`);
  const { sortable, countCap } = def.list;
  const defaultSort = def.list.defaultSort ?? { field: 'id', order: 'desc' as const };

  router.get('/', readGuard, async (ctx: Ctx) => {
    const { sort, range, filter } = parseListParams(ctx.query, sortable, defaultSort);
    const db = ctx.state.db;
    const scope = (await def.list.scope?.(ctx, db)) ?? def.scope;
    const query = liveQuery(def, ctx, db, scope);
    await applyFilters(def, ctx, query, filter);
    const table = def.model.tableName;
    const size = range.end - range.start + 1;
    const estimate = countCap ? await estimateRows(query, db) : undefined;
    // A filter that leaves few rows of a big table: find them first, then sort them. Left to
    // itself the planner may walk the sort index and discard hundreds of thousands of rows
    // (bench/results/orders.md). A materialized CTE of the rows' ids and sort columns is the fence
    // (whole rows cost the area + month list 2,000 heap pages and a wide sort: an index holding
    // those columns answers it alone); the page's rows are then read by id. The rows it found are
    // counted with the page (a subquery over the CTE, run once), not by a second scan of the table;
    // a window count would cost the page its top-N sort.
    const fence = estimate !== undefined && estimate <= countCap! && Object.keys(filter).length > 0;
    const key = ownEntry(def.list.sortKeys, sort.field);
    const sortedBy = [...new Set([key ?? sort.field, sort.field, 'id'])];
    const order = (from: string) => sortedBy.map((field) => ({ column: `${from}.${field}`, order: sort.order }));
    const matches = 'matches';
    // A deep page of a big list (page 401 of the activity log): the rows it passes over are read as
    // ids from the index in the list's order, and only the page's rows whole (a deferred join), not
    // every row it skips: 55 ms to 13 ms at offset 10,000 of ten million log rows. Rows with
    // computed values (the log's names then: subqueries) are skipped so from the first: 90 ms to
    // 21 ms at offset 475 of the log's bulk edits (issue #39).
    const deep = !fence && countCap !== undefined && range.start >= (def.computed ? 1 : DEFERRED_FROM);
    const page = fence
      ? liveQuery(def, ctx, db, scope)
        .withMaterialized(matches, query.clone().clearSelect().select(sortedBy.map((field) => `${table}.${field}`)))
        .whereIn(`${table}.id`, def.model.query(db).from(matches).select(`${matches}.id`).orderBy(order(matches))
          .offset(range.start).limit(size))
        .select(db.raw('(select count(*) from ??) as ??', [matches, columnName(FENCED_ROWS)]))
      : deep
        ? liveQuery(def, ctx, db, scope).whereIn(`${table}.id`,
          query.clone().clearSelect().select(`${table}.id`).orderBy(order(table)).offset(range.start).limit(size))
        : query.clone().offset(range.start).limit(size);
    const rows: Model[] = await page.orderBy(order(table));
    const fencedRows = fence && rows.length > 0 ? Number(rows[0][FENCED_ROWS as keyof Model]) : undefined;
    if (fence) for (const row of rows) delete row[FENCED_ROWS as keyof Model];
    // A page shorter than asked ends the list: where it ends is the exact total, with no count
    // (a search that finds a few orders). A full page at least reaches its end.
    const short = rows.length < size && (rows.length > 0 || range.start === 0);
    const reached = range.start + rows.length;
    const { total, estimated } = short ? { total: reached, estimated: false }
      : fencedRows !== undefined ? cappedTotal(fencedRows, countCap!, reached)
        : await countRows(def, query, db, estimate, reached);
    const end = rows.length === 0 ? range.start : range.start + rows.length - 1;
    ctx.set('Content-Range', `${def.name} ${range.start}-${end}/${total}`);
    if (estimated) ctx.set('X-Total-Estimated', 'true');
    ctx.set('Access-Control-Expose-Headers', 'Content-Range, X-Total-Estimated');
    ctx.body = rows.map((row) => present(def, row));
  });

  const listExport = def.list.export;
  // Before /:id, which would take "export.csv" for an id.
  if (listExport) router.get('/export.csv', readGuard, async (ctx: Ctx) => {
    const reader = await exportReader(ctx);
    const { sort, filter } = parseListParams({ sort: ctx.query.sort, filter: ctx.query.filter }, sortable, defaultSort);
    const db = ctx.state.db;
    const query = liveQuery(def, ctx, db, (await def.list.scope?.(ctx, db)) ?? def.scope);
    const applied = Object.fromEntries(Object.entries(filter).filter(([name]) => !listExport.ignores?.includes(name)));
    await applyFilters(def, ctx, query, applied);
    // A name sorts by its stored key, as the list does (sortKeys).
    const order = { ...sort, field: ownEntry(def.list.sortKeys, sort.field) ?? sort.field };
    await sendListCsv(ctx, { ...listExport, resource: def.name }, def.model.tableName, query.toKnexQuery(), order, reader);
  });

  router.get('/:id', readGuard, async (ctx: Ctx) => {
    ctx.body = present(def, await findLive(def, ctx, ctx.state.db, pathId(ctx)));
  });

  if (!def.write) return router;
  const { schemas, deletable } = def.write;

  const createSchema = schemas.create;
  if (createSchema) router.post('/', writeGuard, async (ctx: Ctx) => {
    const input = validate<Row>(createSchema, withoutReadOnly(ctx.request.body));
    ctx.body = await ctx.state.db.transaction(async (trx) => {
      const data = (await def.hooks?.beforeCreate?.(ctx, input, trx)) ?? input;
      await checkWrite(ctx, trx, def, { id: 0, before: {}, after: data, fields: Object.keys(data) });
      const inserted = await def.model.query(trx).insert(columnsOf(def, data)).returning('*');
      const id = inserted.$id() as number;
      await writeIdLists(def, trx, id, data);
      const created = await findLive(def, ctx, trx, id);
      await def.hooks?.afterCreate?.(ctx, created, trx);
      await logActivity(trx, ctx, { action: 'create', entityType: def.entityType, entityId: id,
        changes: changedFields(def, {}, created, Object.keys(data)) });
      return present(def, created);
    });
    ctx.status = 201;
  });

  router.put('/:id', writeGuard, async (ctx: Ctx) => {
    const id = pathId(ctx);
    const { version, ...fields } = withoutReadOnly(ctx.request.body);
    if (version !== undefined && !Number.isInteger(version)) {
      throw fieldRefusal('invalid_input', 'version must be an integer', 'version', problem('invalid_format'));
    }
    ctx.body = await ctx.state.db.transaction(async (trx) => {
      // Concurrent writes to one record take turns on its row lock: an update without a version
      // (react-admin's updateMany) then applies to the latest row instead of failing as stale.
      const existing = await findLive(def, ctx, trx, id, { lock: true });
      const input = validate<Row>(schemas.update, withoutEchoedReadOnly(def, fields, existing));
      if (version !== undefined && version !== existing.version) {
        throw httpError('version_conflict', `This ${def.entityType.replace(/_/g, ' ')} was changed by someone else meanwhile `
          + `(version ${existing.version}, yours ${version}): reload it and apply your change again`,
        { params: { version: existing.version, yours: version }, fields: { version: problem('stale_version', 'Stale version') } });
      }
      const patch = (await def.hooks?.beforeUpdate?.(ctx, input, existing, trx)) ?? input;
      await checkWrite(ctx, trx, def, { id, before: existing, after: { ...existing, ...patch }, fields: Object.keys(patch) });
      // The model's $beforeUpdate (db/RecordModel.ts) bumps the version and sets updatedAt.
      await def.model.query(trx).findById(id).patch(columnsOf(def, patch));
      await writeIdLists(def, trx, id, patch);
      const after = await findLive(def, ctx, trx, id);
      const changes = changedFields(def, existing, after, Object.keys(patch));
      if (Object.keys(changes).length > 0) {
        await logActivity(trx, ctx, { action: 'update', entityType: def.entityType, entityId: id, changes });
      }
      return present(def, after);
    });
  });

  if (deletable === false) return router;

  router.delete('/:id', writeGuard, async (ctx: Ctx) => {
    const id = pathId(ctx);
    ctx.body = await ctx.state.db.transaction(async (trx) => {
      const existing = await findLive(def, ctx, trx, id, { lock: true });
      await def.hooks?.beforeDelete?.(ctx, existing, trx);
      await def.model.query(trx).findById(id)
        .patch(softDeletion(ctx.state.user!.id));
      await logActivity(trx, ctx, { action: 'delete', entityType: def.entityType, entityId: id,
        changes: { [def.label]: { before: existing[def.label] ?? null, after: null } } });
      return present(def, { ...existing, version: existing.version + 1 });
    });
  });

  return router;
}
