import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Model } from 'objection';
import { exportQuery, exportReader, sendListCsv } from '../csv/listExport';
import type { AppState } from '../foundation/appState';
import { fieldRefusal, httpError, problem } from '../foundation/httpError';
import type { ErrorParams } from '@kernel/errors/errorCodes';
import { refuseWithheld, requirePage, withheldOf } from '../middleware/guard';
import { checks, validate } from '../middleware/validate';
import { listPage } from './listPage';
import { LIST_QUERY, ownEntry, parseListParams, type ListQueryNames } from './listQuery';
import { applyFilters, filterNames, liveQuery } from './liveQuery';
import { pathId } from './pathId';
import { idListsOf } from './relations';
import { READ_ONLY_FIELDS, softDeletion, type Ctx, type AnyResource, type RecordWrite, type ResourceServices, type Row } from './resource';
import { writeRefusals } from './writeRules';

/**
 * What the API shows of a row: no soft-delete bookkeeping, no hidden fields, none of the fields
 * `withheld` from the person it goes to (middleware/guard.ts withheldOf: an order's prices).
 */
export function present(def: AnyResource, row: Model | Row, withheld: ReadonlySet<string> = new Set()): Row {
  const json: Row = 'toJSON' in row && typeof row.toJSON === 'function' ? row.toJSON() : { ...row };
  const sortKeys = Object.values(def.list.sortKeys ?? {}).filter((key) => key !== undefined);
  for (const field of [...def.hidden ?? [], ...sortKeys, ...withheld]) delete json[field];
  if (def.shown) return Object.fromEntries(['id', ...def.shown].filter((f) => f in json).map((f) => [f, json[f]]));
  if (def.softDelete !== false) {
    delete json.deletedAt;
    delete json.deletedBy;
  }
  return json;
}

/**
 * Rows as the API shows them to this request's person (`present`), with the fields withheld from
 * them (field groups) left out, and in rows telling changes of other types (`changesOf`: the
 * activity log), masked.
 */
export async function presentTo(ctx: Ctx, def: AnyResource, rows: Array<Model | Row>): Promise<Row[]> {
  const withheld = await withheldOf(ctx, def.entityType);
  const shown = rows.map((row) => present(def, row, withheld));
  const { changesOf } = def;
  if (!changesOf) return shown;
  for (const row of shown) {
    const changes = row[changesOf.changes];
    if (changes && typeof changes === 'object') row[changesOf.changes] = maskWithheld(changes as Row, await withheldOf(ctx, String(row[changesOf.entityType])));
  }
  return shown;
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

/** Changes (an activity-log row's) as someone who may not see `withheld` may: those fields show only that they changed. */
export function maskWithheld(changes: Row, withheld: ReadonlySet<string>): Row {
  return Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, withheld.has(field) ? { changed: true } : change]));
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
 * Writes judged by the rules of their type (writeRules.ts), as a form sends one: all or none, the
 * first refused (in their order) answers 400 on its field. The form and the trash's restore alike.
 */
export async function checkWrites(ctx: Ctx, trx: Knex.Transaction, def: AnyResource, writes: RecordWrite[]): Promise<void> {
  const refusals = await writeRefusals(ctx, trx, def, writes);
  const refusal = writes.map((write) => refusals.get(write.id)).find(Boolean);
  if (refusal) throw fieldRefusal('invalid_input', `${refusal.field}: ${refusal.problem.message}`, refusal.field, refusal.problem);
}

const columnsOf = (def: AnyResource, data: Row): Row => {
  const lists = idListsOf(def).map((list) => list.field);
  return Object.fromEntries(Object.entries(data).filter(([field]) => !lists.includes(field)));
};

/**
 * The 404 of a record that is not live. One in the trash says when it was deleted and by whom
 * (`deletedAt`, `deletedBy`: the page of a bookmarked record tells it) to those the trash tells it.
 */
async function notFound(def: AnyResource, ctx: Ctx, db: Knex | Knex.Transaction, id: number, trashed: ResourceServices['trashed']) {
  const params: ErrorParams = { entity: def.entityType, id };
  const message = `No ${def.entityType.replace(/_/g, ' ')} with id ${id}`;
  const deletion = def.softDelete === false ? undefined : await trashed(ctx, def, id, db);
  return deletion ? httpError('not_found', `${message}: it is in the trash`, { params: { ...params, ...deletion } })
    : httpError('not_found', message, { params });
}

/**
 * The ra-data-simple-rest routes of one resource, guarded by its page key; `services`, what they
 * take from the domains (app.ts hands them in).
 */
export function resourceRoutes(def: AnyResource, services: ResourceServices): Router<AppState> {
  const router = new Router<AppState>({ prefix: `/api/${def.name}` });
  const byPage = def.pageKey ? requirePage(def.pageKey) : undefined;
  const readGuard = def.guards?.read ?? byPage;
  const writeGuard = def.guards?.write ?? byPage;
  if (!readGuard || !writeGuard) throw new Error(`Resource ${def.name}: give it a pageKey or both guards`);
  const { sortable } = def.list;
  const defaultSort = def.list.defaultSort ?? { field: 'id', order: 'desc' as const };

  /** A live row the user may see; `lock` holds it (select … for update) until the transaction ends. */
  const findLive = async (ctx: Ctx, db: Knex | Knex.Transaction, id: number, { lock = false } = {}): Promise<Row> => {
    const query = liveQuery(def, db, await def.scope?.(ctx, db)).findById(id);
    if (lock) query.forUpdate();
    const row = await query;
    if (!row) throw await notFound(def, ctx, db, id, services.trashed);
    return row.toJSON();
  };

  /** A sort or filter by what the person may not see would tell it: 403 field_denied. */
  const refuseWithheldQuery = (ctx: Ctx, { sort, filter }: { sort: { field: string }; filter: Row }) =>
    refuseWithheld(ctx, def.entityType, [sort.field, ...Object.keys(filter)]);

  const list = async (ctx: Ctx) => {
    const params = parseListParams(ctx.query, sortable, defaultSort);
    await refuseWithheldQuery(ctx, params);
    const { rows, total, estimated } = await listPage(def, ctx, params);
    const { start } = params.range;
    const end = rows.length === 0 ? start : start + rows.length - 1;
    ctx.set('Content-Range', `${def.name} ${start}-${end}/${total}`);
    if (estimated) ctx.set('X-Total-Estimated', 'true');
    ctx.set('Access-Control-Expose-Headers', 'Content-Range, X-Total-Estimated');
    ctx.body = await presentTo(ctx, def, rows);
  };
  const names: ListQueryNames = { sortable, defaultSort, filters: filterNames(def) };
  router.get('/', readGuard, Object.assign(list, { [LIST_QUERY]: names }));

  const listExport = def.list.export;
  // Before /:id, which would take "export.csv" for an id.
  if (listExport) router.get('/export.csv', readGuard, checks({ query: exportQuery }, async (ctx: Ctx) => {
    const reader = await exportReader(ctx);
    const { sort, filter } = parseListParams({ sort: ctx.query.sort, filter: ctx.query.filter }, sortable, defaultSort);
    await refuseWithheldQuery(ctx, { sort, filter });
    const db = ctx.state.db;
    const query = liveQuery(def, db, await def.scope?.(ctx, db));
    const applied = Object.fromEntries(Object.entries(filter).filter(([name]) => !listExport.ignores?.includes(name)));
    await applyFilters(def, ctx, query, applied);
    // A name sorts by its stored key, as the list does (sortKeys).
    const order = { ...sort, field: ownEntry(def.list.sortKeys, sort.field) ?? sort.field };
    const withheld = await withheldOf(ctx, def.entityType);
    const columns = listExport.columns.filter((column) => !withheld.has(column.field));
    await sendListCsv(ctx, { ...listExport, columns, resource: def.name }, def.model.tableName, query.toKnexQuery(), order, reader,
      services.loadTranslator);
  }));

  router.get('/:id', readGuard, async (ctx: Ctx) => {
    [ctx.body] = await presentTo(ctx, def, [await findLive(ctx, ctx.state.db, pathId(ctx))]);
  });

  if (!def.write) return router;
  const { schemas, deletable } = def.write;

  const createSchema = schemas.create;
  // What a hook made splits into what is written and what the answer shows once (WriteOptions.revealed).
  const revealed = def.write.revealed ?? [];
  const written = (made: Row): Row => Object.fromEntries(Object.entries(made).filter(([field]) => !revealed.includes(field)));
  const shownOnce = (made: Row): Row => Object.fromEntries(revealed.filter((field) => field in made).map((field) => [field, made[field]]));
  if (createSchema) router.post('/', writeGuard, checks({ body: createSchema }, async (ctx: Ctx) => {
    const input = validate<Row>(createSchema, withoutReadOnly(ctx.request.body));
    ctx.body = await ctx.state.db.transaction(async (trx) => {
      const made = (await def.hooks?.beforeCreate?.(ctx, input, trx)) ?? input;
      const data = written(made);
      await checkWrites(ctx, trx, def, [{ id: 0, before: {}, after: data, fields: Object.keys(data) }]);
      const inserted = await def.model.query(trx).insert(columnsOf(def, data)).returning('*');
      const id = inserted.$id() as number;
      await writeIdLists(def, trx, id, data);
      const created = await findLive(ctx, trx, id);
      await def.hooks?.afterCreate?.(ctx, created, trx);
      await services.logActivity(trx, ctx, { action: 'create', entityType: def.entityType, entityId: id,
        changes: changedFields(def, {}, created, Object.keys(data)) });
      return { ...(await presentTo(ctx, def, [created]))[0], ...shownOnce(made) };
    });
    ctx.status = 201;
  }));

  router.put('/:id', writeGuard, checks({ body: schemas.update }, async (ctx: Ctx) => {
    const id = pathId(ctx);
    const { version, ...fields } = withoutReadOnly(ctx.request.body);
    if (version !== undefined && !Number.isInteger(version)) {
      throw fieldRefusal('invalid_input', 'version must be an integer', 'version', problem('invalid_format'));
    }
    ctx.body = await ctx.state.db.transaction(async (trx) => {
      // Concurrent writes to one record take turns on its row lock: an update without a version
      // (react-admin's updateMany) then applies to the latest row instead of failing as stale.
      const existing = await findLive(ctx, trx, id, { lock: true });
      const input = validate<Row>(schemas.update, withoutEchoedReadOnly(def, fields, existing));
      if (version !== undefined && version !== existing.version) {
        throw httpError('version_conflict', `This ${def.entityType.replace(/_/g, ' ')} was changed by someone else meanwhile `
          + `(version ${existing.version}, yours ${version}): reload it and apply your change again`,
        { params: { version: existing.version, yours: version }, fields: { version: problem('stale_version', 'Stale version') } });
      }
      const made = (await def.hooks?.beforeUpdate?.(ctx, input, existing, trx)) ?? input;
      const patch = written(made);
      await checkWrites(ctx, trx, def, [{ id, before: existing, after: { ...existing, ...patch }, fields: Object.keys(patch) }]);
      // The model's $beforeUpdate (db/RecordModel.ts) bumps the version and sets updatedAt.
      await def.model.query(trx).findById(id).patch(columnsOf(def, patch));
      await writeIdLists(def, trx, id, patch);
      const after = await findLive(ctx, trx, id);
      const changes = changedFields(def, existing, after, Object.keys(patch));
      if (Object.keys(changes).length > 0) {
        await services.logActivity(trx, ctx, { action: 'update', entityType: def.entityType, entityId: id, changes });
      }
      return { ...(await presentTo(ctx, def, [after]))[0], ...shownOnce(made) };
    });
  }));

  if (deletable === false) return router;

  router.delete('/:id', writeGuard, async (ctx: Ctx) => {
    const id = pathId(ctx);
    ctx.body = await ctx.state.db.transaction(async (trx) => {
      const existing = await findLive(ctx, trx, id, { lock: true });
      await def.hooks?.beforeDelete?.(ctx, existing, trx);
      await def.model.query(trx).findById(id)
        .patch(softDeletion(ctx.state.user!.id));
      await services.logActivity(trx, ctx, { action: 'delete', entityType: def.entityType, entityId: id,
        changes: { [def.label]: { before: existing[def.label] ?? null, after: null } } });
      return (await presentTo(ctx, def, [{ ...existing, version: existing.version + 1 }]))[0];
    });
  });

  return router;
}
