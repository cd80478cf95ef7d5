import Router from '@koa/router';
import Joi from 'joi';
import type { Knex } from 'knex';
import { UniqueViolationError, type Model, type QueryBuilder } from 'objection';
import { logActivities, logActivity } from '../activity/logActivity';
import type { AppState } from '../foundation/appState';
import { exportQuery, exportReader, sendListCsv, type ListExport } from '../csv/listExport';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';
import { requirePage } from '../middleware/guard';
import { canAccessPage } from '../permissions/access';
import { checks, takes, type Input } from '../middleware/validate';
import { filterValues, likePattern, parseListParams } from '../resources/listQuery';
import { pathId } from '../resources/pathId';
import { restoration, type AnyResource, type Ctx, type Narrowing, type Row } from '../resources/resource';
import { personNameSql } from '../users/personNameSql';
import { checkWrites } from '../resources/resourceRoutes';
import { loadTranslator } from '../translations/catalog';
import { columnName } from '../db/columnName';
import { cappedCount } from '../db/cappedCount';

const SORTABLE = ['deletedAt', 'type', 'name', 'deletedByName'];
const DEFAULT_SORT = { field: 'deletedAt', order: 'desc' } as const;

function defOf(types: readonly AnyResource[], type: string): AnyResource {
  const def = types.find((d) => d.entityType === type);
  if (!def) throw httpError('not_found', `No record type "${type}" in the trash`, { params: { entity: type } });
  return def;
}

/**
 * A trash holding years of deletions (100,000 orders) was counted whole on every request; the
 * count stops at the cap's next row (as the orders' list does: docs/api-conventions.md).
 */
const COUNT_CAP = 10_000;

/** The ids a filter names as `type:id` ("supplier:7"), of one record type. */
const idsOfType = (ids: string[], type: string) => ids.filter((id) => id.startsWith(`${type}:`)).map((id) => Number(id.slice(type.length + 1)))
  .filter(Number.isSafeInteger);

/**
 * One row per soft-deleted record of every type of `types`: `{ id: "supplier:7", type, entityId, name, … }`,
 * filtered in each table's own part. With `newest`, each part is only its first `newest` rows by
 * deletion time (its partial index, migration 20261202000200_trash_indexes): a page sorted by
 * deletion time then reads what it shows, not the whole trash (398 ms p50 at 100,000 items).
 */
function trashRows(types: readonly AnyResource[], ctx: Ctx, filter: Record<string, unknown>,
  newest?: { order: 'asc' | 'desc'; rows: number }) {
  const db = ctx.state.db;
  const given = (field: string) => (filter[field] === undefined || filter[field] === null || filter[field] === '' ? undefined : filter[field]);
  for (const field of Object.keys(filter)) {
    if (given(field) !== undefined && !['q', 'type', 'deletedBy', 'id'].includes(field)) {
      throw fieldRefusal('invalid_query', `Cannot filter by "${field}"`, field, problem('unknown_filter', 'Unknown filter'));
    }
  }
  const wanted = given('type') === undefined ? undefined : filterValues('type', filter.type) as string[];
  const ids = given('id') === undefined ? undefined : filterValues('id', filter.id).map(String);
  const parts = types.filter((def) => !wanted || wanted.includes(def.entityType)).flatMap((def) => {
    const part = db.queryBuilder().from(`${def.model.tableName} as t`).whereNotNull('t.deletedAt')
      .select(db.raw("? || ':' || t.id as id, ? as type, t.id as entity_id, t.??::text as name, t.deleted_at, t.deleted_by",
        [def.entityType, def.entityType, columnName(def.label)]));
    if (given('q') !== undefined) part.whereRaw('t.??::text ilike ?', [columnName(def.label), likePattern(String(filter.q))]);
    if (given('deletedBy') !== undefined) part.whereIn('t.deletedBy', filterValues('deletedBy', filter.deletedBy) as number[]);
    if (ids) {
      const own = idsOfType(ids, def.entityType);
      if (own.length === 0) return [];
      part.whereIn('t.id', own);
    }
    if (newest) part.orderBy([{ column: 't.deletedAt', order: newest.order }, { column: 't.id', order: newest.order }]).limit(newest.rows);
    return [`(${part.toString()})`];
  });
  // No part left (a filter by an unknown type or id): an empty list of the same columns.
  const union = parts.length > 0 ? parts.join(' union all ')
    : 'select null::text as id, null::text as type, null::int as entity_id, null::text as name, null::timestamptz as deleted_at, null::int as deleted_by where false';
  // `nameSort`: read only by an order on it (the list's and the export's: sortColumn).
  const rows = db.queryBuilder()
    .from(db.raw(`(${union}) as trash`))
    .leftJoin('users as u', 'u.id', 'trash.deletedBy')
    .select('trash.id', 'trash.type', 'trash.entityId', 'trash.name',
      'trash.deletedAt', 'trash.deletedBy',
      db.raw(`coalesce(${personNameSql('u')}, '') as deleted_by_name`), db.raw('pinyin_key(trash.name) as name_sort'));
  return db.queryBuilder().from(rows.as('rows'));
}

/** The columns of a row of the trash, as the list answers it. */
const LISTED = ['id', 'type', 'entityId', 'name', 'deletedAt', 'deletedBy', 'deletedByName'];

/** What a field sorts by: names by their pinyin, as every list sorts them (migration 20261127000200_name_sort_keys). */
const sortColumn = (field: string) => (field === 'name' ? 'nameSort' : field);

async function list(ctx: Ctx, types: readonly AnyResource[]) {
  const { sort, range, filter } = parseListParams(ctx.query, SORTABLE, DEFAULT_SORT);
  const size = range.end - range.start + 1;
  const newest = sort.field === 'deletedAt' ? { order: sort.order, rows: range.start + size } : undefined;
  const page = trashRows(types, ctx, filter, newest).select(LISTED);
  const [rows, total] = await Promise.all([
    page.orderBy([...new Set([sortColumn(sort.field), sort.field, 'entityId', 'type'])].map((column) => ({ column, order: sort.order })))
      .offset(range.start).limit(size),
    cappedCount(ctx.state.db, trashRows(types, ctx, filter), COUNT_CAP),
  ]);
  const end = rows.length === 0 ? range.start : range.start + rows.length - 1;
  ctx.set('Content-Range', `trash ${range.start}-${end}/${total}`);
  if (total > COUNT_CAP) ctx.set('X-Total-Estimated', 'true');
  ctx.set('Access-Control-Expose-Headers', 'Content-Range, X-Total-Estimated');
  ctx.body = rows;
}

/** The list's columns as its screen shows them (docs/api-conventions.md#list-exports). */
const TRASH_EXPORT: ListExport & { resource: string } = {
  resource: 'trash',
  title: 'menu.trash',
  columns: [{ field: 'type', translate: 'entity_types' }, { field: 'name' }, { field: 'deletedByName' },
    { field: 'deletedAt', as: 'instant' }],
};

async function exportCsv(ctx: Ctx, types: readonly AnyResource[]) {
  const reader = await exportReader(ctx);
  const { sort, filter } = parseListParams({ sort: ctx.query.sort, filter: ctx.query.filter }, SORTABLE, DEFAULT_SORT);
  await sendListCsv(ctx, TRASH_EXPORT, 'rows', trashRows(types, ctx, filter), { ...sort, field: sortColumn(sort.field) }, reader,
    loadTranslator);
}

/** The records of `def` in the trash that the user may see: `narrowing`, its scope as read for the request (a dispatcher's areas). */
function inTrash(def: AnyResource, db: Knex | Knex.Transaction, narrowing: Narrowing | undefined): QueryBuilder<Model> {
  const query = def.model.query(db).whereNotNull(`${def.model.tableName}.deletedAt`);
  narrowing?.(query);
  return query;
}

/**
 * When and by whom a record that is not live was deleted, for its 404 (resourceRoutes.ts): told
 * only to those who may open the trash and see the record; anyone else learns nothing.
 */
export async function trashed(ctx: Ctx, def: AnyResource, id: number, db: Knex | Knex.Transaction) {
  if (!(await canAccessPage(ctx.state.db, ctx.state.user!, 'trash'))) return undefined;
  const table = def.model.tableName;
  const [deletion] = await inTrash(def, db, await def.scope?.(ctx, db)).where(`${table}.id`, id)
    .leftJoin('users as u', 'u.id', `${table}.deletedBy`)
    .select(`${table}.deletedAt`, db.raw(`coalesce(${personNameSql('u')}, '') as deleted_by`)) as unknown as
    Array<{ deletedAt: Date | string; deletedBy: string }>;
  return deletion && { deletedAt: new Date(deletion.deletedAt).toISOString(), deletedBy: deletion.deletedBy };
}

/** A record in the trash that the user may see, locked for the transaction. */
async function deleted(ctx: Ctx, def: AnyResource, id: number, db: Knex.Transaction): Promise<Row> {
  const [row] = await deletedRecords(ctx, def, [id], db);
  return row;
}

/** The records of `ids` in the trash that the user may see, in that order, locked for the transaction: 404 on the first that is not. */
async function deletedRecords(ctx: Ctx, def: AnyResource, ids: number[], db: Knex.Transaction): Promise<Row[]> {
  const found = new Map((await inTrash(def, db, await def.scope?.(ctx, db)).whereIn(`${def.model.tableName}.id`, ids).forUpdate())
    .map((row) => [row.$id() as number, row.toJSON()]));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) {
    throw httpError('not_found', `No deleted ${def.entityType.replace(/_/g, ' ')} with id ${missing} in the trash`,
      { params: { entity: def.entityType, id: missing } });
  }
  return ids.map((id) => found.get(id)!);
}

const restoreConflict = (def: AnyResource, row: Row) => httpError('restore_conflict', `Cannot restore "${row[def.label]}": a live `
  + `${def.entityType.replace(/_/g, ' ')} already uses the same value. Rename or delete that one first.`,
{ params: { entity: def.entityType, label: String(row[def.label]) } });

/**
 * Takes records of one type out of the trash, all or none, in the caller's transaction, each with
 * its activity-log row under the request's action: the same statements for one record as for a
 * thousand (the locks, the rules as a form's write obeys them, one UPDATE, one insert of log rows).
 */
async function restoreRecords(ctx: Ctx, def: AnyResource, ids: number[], trx: Knex.Transaction) {
  const rows = await deletedRecords(ctx, def, ids, trx);
  for (const row of rows) await def.hooks?.beforeTrashAction?.(ctx, row, 'restore', trx);
  await checkWrites(ctx, trx, def, rows.map((row) => ({ id: row.id as number, before: row, after: { ...row, ...restoration },
    fields: Object.keys(restoration) })));
  try {
    await trx.transaction((all) => def.model.query(all).whereIn('id', ids).patch(restoration));
  } catch (err) {
    if (!(err instanceof UniqueViolationError)) throw err;
    // Which record clashes (with a live one, or with another of these): each alone until one does.
    for (const row of rows) {
      try {
        await trx.transaction((one) => def.model.query(one).findById(row.id as number).patch(restoration));
      } catch (clash) {
        throw clash instanceof UniqueViolationError ? restoreConflict(def, row) : clash;
      }
    }
    throw err;
  }
  await logActivities(trx, ctx, rows.map((row) => ({ action: 'restore', entityType: def.entityType, entityId: row.id as number,
    changes: { [def.label]: { before: null, after: row[def.label] ?? null } } })));
  return rows.map((row) => ({ id: `${def.entityType}:${row.id}`, type: def.entityType, entityId: row.id, name: row[def.label] }));
}

async function restore(ctx: Ctx, types: readonly AnyResource[]) {
  const def = defOf(types, ctx.params.type);
  const id = pathId(ctx);
  ctx.body = (await ctx.state.db.transaction((trx) => restoreRecords(ctx, def, [id], trx)))[0];
}

const restoreManySchema = Joi.object<{ type: string; ids: number[] }>({
  type: Joi.string().required(),
  ids: Joi.array().items(Joi.number().integer().positive()).min(1).max(1000).unique().required(),
});

/**
 * Restores many records of one type, all or none (a name clash refuses the whole request with
 * 409): the trash's bulk Restore, one request per type under one action id (X-Action-Id).
 */
async function restoreMany(ctx: Ctx, types: readonly AnyResource[], { type, ids }: { type: string; ids: number[] }) {
  const def = defOf(types, type);
  ctx.body = await ctx.state.db.transaction((trx) => restoreRecords(ctx, def, ids, trx));
}

/** Permanent removal: administrators only, whatever the page permissions say. */
async function purge(ctx: Ctx, types: readonly AnyResource[]) {
  if (ctx.state.user!.role !== 'admin') throw httpError('role_denied', 'Access denied: only an administrator may purge records', { params: { roles: 'admin' } });
  const def = defOf(types, ctx.params.type);
  const id = pathId(ctx);
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    const row = await deleted(ctx, def, id, trx);
    await def.hooks?.beforeTrashAction?.(ctx, row, 'purge', trx);
    await def.model.query(trx).deleteById(id);
    const record = Object.fromEntries(Object.entries(row).filter(([field]) => !def.hidden?.includes(field)));
    await logActivity(trx, ctx, { action: 'purge', entityType: def.entityType, entityId: id,
      changes: { record: { before: record, after: null } } });
    return { id: `${def.entityType}:${id}`, type: def.entityType, entityId: id, name: row[def.label] };
  });
}

/**
 * The trash of the records of `types`: each record type's own resource (the registry's
 * RECORD_RESOURCES, handed in by app.ts), not their second views (pricing's orders).
 */
export function trashRoutes(types: readonly AnyResource[]): Router<AppState> {
  return new Router<AppState>({ prefix: '/api/trash' })
    .get('/', requirePage('trash'), (ctx: Ctx) => list(ctx, types))
    .get('/export.csv', requirePage('trash'), checks({ query: exportQuery }, (ctx: Ctx) => exportCsv(ctx, types)))
    .post('/restore', requirePage('trash'), takes({ body: restoreManySchema },
      (ctx: Ctx, { body }: Input<{ type: string; ids: number[] }>) => restoreMany(ctx, types, body)))
    .post('/:type/:id/restore', requirePage('trash'), (ctx: Ctx) => restore(ctx, types))
    .delete('/:type/:id', requirePage('trash'), (ctx: Ctx) => purge(ctx, types));
}
