import Router from '@koa/router';
import Joi from 'joi';
import type { Knex } from 'knex';
import { UniqueViolationError } from 'objection';
import { logActivity } from '../activity/logActivity';
import type { AppState } from '../foundation/appState';
import { exportReader, sendListCsv, type ListExport } from '../csv/listExport';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';
import { requirePage } from '../middleware/guard';
import { validate } from '../middleware/validate';
import { filterValues, likePattern, parseListParams } from '../resources/listQuery';
import { pathId } from '../resources/pathId';
import { trashable } from '../registry';
import { restoration, type AnyResource, type Ctx, type Row } from '../resources/resource';
import { personNameSql } from '../users/personNameSql';
import { checkWrite } from '../resources/resourceRoutes';
import { columnName } from '../db/columnName';

const SORTABLE = ['deletedAt', 'type', 'name', 'deletedByName'];
const DEFAULT_SORT = { field: 'deletedAt', order: 'desc' } as const;

function defOf(type: string): AnyResource {
  const def = trashable().find((d) => d.entityType === type);
  if (!def) throw httpError('not_found', `No record type "${type}" in the trash`, { params: { entity: type } });
  return def;
}

/** One row per soft-deleted record of every resource: `{ id: "supplier:7", type, entityId, name, … }`. */
function trashRows(ctx: Ctx) {
  const db = ctx.state.db;
  const parts = trashable().map((def) => db.raw(
    `select ? || ':' || t.id as id, ? as type, t.id as entity_id, t.??::text as name, t.deleted_at, t.deleted_by from ?? t
     where t.deleted_at is not null`, [def.entityType, def.entityType, columnName(def.label), def.model.tableName]).toString());
  return db.queryBuilder()
    .from(db.raw(`(${parts.join(' union all ')}) as trash`))
    .leftJoin('users as u', 'u.id', 'trash.deletedBy')
    .select('trash.id', 'trash.type', 'trash.entityId', 'trash.name',
      'trash.deletedAt', 'trash.deletedBy',
      db.raw(`coalesce(${personNameSql('u')}, '') as deleted_by_name`));
}

function filtered(ctx: Ctx, filter: Record<string, unknown>) {
  const query = trashRows(ctx);
  for (const [field, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (field === 'q') query.whereRaw('trash.name ilike ?', [likePattern(String(value))]);
    else if (field === 'type') query.whereIn('trash.type', filterValues(field, value) as string[]);
    else if (field === 'deletedBy') query.whereIn('trash.deletedBy', filterValues(field, value) as number[]);
    else if (field === 'id') query.whereIn('trash.id', filterValues(field, value) as string[]);
    else throw fieldRefusal('invalid_query', `Cannot filter by "${field}"`, field, problem('unknown_filter', 'Unknown filter'));
  }
  return ctx.state.db.queryBuilder().from(query.as('rows'));
}

async function list(ctx: Ctx) {
  const { sort, range, filter } = parseListParams(ctx.query, SORTABLE, DEFAULT_SORT);
  const ordered = filtered(ctx, filter);
  // Names in pinyin order, as every list sorts them (migration 20261127000200_name_sort_keys).
  const page = ordered.clone().select('*');
  if (sort.field === 'name') page.orderByRaw(`pinyin_key(name) ${sort.order === 'desc' ? 'desc' : 'asc'}`);
  const [rows, [{ count }]] = await Promise.all([
    page.orderBy(sort.field, sort.order).orderBy('id', sort.order)
      .offset(range.start).limit(range.end - range.start + 1),
    ordered.clone().count({ count: '*' }),
  ]);
  const end = rows.length === 0 ? range.start : range.start + rows.length - 1;
  ctx.set('Content-Range', `trash ${range.start}-${end}/${count}`);
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
  ctx.body = rows;
}

/** The list's columns as its screen shows them (docs/api-conventions.md#list-exports). */
const TRASH_EXPORT: ListExport & { resource: string } = {
  resource: 'trash',
  title: 'menu.trash',
  columns: [{ field: 'type', translate: 'entity_types' }, { field: 'name' }, { field: 'deletedByName' },
    { field: 'deletedAt', as: 'instant' }],
};

async function exportCsv(ctx: Ctx) {
  const reader = await exportReader(ctx);
  const { sort, filter } = parseListParams({ sort: ctx.query.sort, filter: ctx.query.filter }, SORTABLE, DEFAULT_SORT);
  await sendListCsv(ctx, TRASH_EXPORT, 'rows', filtered(ctx, filter), sort, reader);
}

/** A record in the trash that the user may see (a dispatcher: in their areas), locked for the transaction. */
async function deleted(ctx: Ctx, def: AnyResource, id: number, db: Knex.Transaction): Promise<Row> {
  const query = def.model.query(db).findById(id).whereNotNull(`${def.model.tableName}.deletedAt`).forUpdate();
  def.scope?.(ctx, query);
  const row = await query;
  if (!row) {
    throw httpError('not_found', `No deleted ${def.entityType.replace(/_/g, ' ')} with id ${id} in the trash`,
      { params: { entity: def.entityType, id } });
  }
  return row.toJSON();
}

/** Takes one record out of the trash, in the caller's transaction, with its activity-log row. */
async function restoreOne(ctx: Ctx, def: AnyResource, id: number, trx: Knex.Transaction) {
  const row = await deleted(ctx, def, id, trx);
  await def.hooks?.beforeTrashAction?.(ctx, row, 'restore', trx);
  await checkWrite(ctx, trx, def, { id, before: row, after: { ...row, ...restoration }, fields: Object.keys(restoration) });
  try {
    await def.model.query(trx).findById(id)
      .patch(restoration);
  } catch (err) {
    if (!(err instanceof UniqueViolationError)) throw err;
    throw httpError('restore_conflict', `Cannot restore "${row[def.label]}": a live ${def.entityType.replace(/_/g, ' ')} `
      + 'already uses the same value. Rename or delete that one first.', { params: { entity: def.entityType, label: String(row[def.label]) } });
  }
  await logActivity(trx, ctx, { action: 'restore', entityType: def.entityType, entityId: id,
    changes: { [def.label]: { before: null, after: row[def.label] ?? null } } });
  return { id: `${def.entityType}:${id}`, type: def.entityType, entityId: id, name: row[def.label] };
}

async function restore(ctx: Ctx) {
  const def = defOf(ctx.params.type);
  const id = pathId(ctx);
  ctx.body = await ctx.state.db.transaction((trx) => restoreOne(ctx, def, id, trx));
}

const restoreManySchema = Joi.object<{ type: string; ids: number[] }>({
  type: Joi.string().required(),
  ids: Joi.array().items(Joi.number().integer().positive()).min(1).max(1000).unique().required(),
});

/**
 * The undo of one delete, bulk or single (the toast's Restore): every record of `ids` comes back,
 * or none does (a name clash refuses the whole request with 409).
 */
async function restoreMany(ctx: Ctx) {
  const { type, ids } = validate(restoreManySchema, ctx.request.body);
  const def = defOf(type);
  ctx.body = await ctx.state.db.transaction(async (trx) => {
    const restored = [];
    for (const id of ids) restored.push(await restoreOne(ctx, def, id, trx));
    return restored;
  });
}

/** Permanent removal: administrators only, whatever the page permissions say. */
async function purge(ctx: Ctx) {
  if (ctx.state.user!.role !== 'admin') throw httpError('role_denied', 'Access denied: only an administrator may purge records', { params: { roles: 'admin' } });
  const def = defOf(ctx.params.type);
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

export const trashRoutes = new Router<AppState>({ prefix: '/api/trash' })
  .get('/', requirePage('trash'), list)
  .get('/export.csv', requirePage('trash'), exportCsv)
  .post('/restore', requirePage('trash'), restoreMany)
  .post('/:type/:id/restore', requirePage('trash'), restore)
  .delete('/:type/:id', requirePage('trash'), purge);
