import type { Knex } from 'knex';
import { newVersionSql } from '../db/RecordModel';
import { logActivities, type ActivityEntry } from '../activity/logActivity';
import { httpError, type FieldProblems } from '../foundation/httpError';
import { ROUTE_GUARD, type RouteGuard } from '../middleware/guard';
import { passGuards, writeRefusals } from '../resources/writeRules';
import { AREA_DENIED } from '../orders/dispatcherScope';
import { notifyOrdersMoved } from '../notifications/notificationRules';
import { idListsOf } from '../resources/relations';
import type { AnyResource, Ctx, RecordWrite, Row } from '../resources/resource';
import { UNDO_HOURS, UNDO_OF } from '@kernel/activity/undoableActions';
import {
  UNDONE_ACTION, changedSince, guardsOf, namedRecords, notUndoable, recordKey, resourceOf,
  type LoggedAction, type LoggedRow,
} from './loggedAction';

/** The records of one type an undo puts back: their rows now, and the fields each gets. */
interface TypeUndo {
  def: AnyResource;
  ids: number[];
  current: Map<number, Row>;
  /** Field → the value the undo writes, per record: each field's `before` in the action's oldest row of it. */
  targets: Map<number, Row>;
  /** Writable columns (snake_case) by field; generated ones are left out (they follow). */
  columns: Map<string, string>;
}

const isBeforeAfter = (change: unknown): change is { before: unknown } =>
  typeof change === 'object' && change !== null && 'before' in change;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whoever may make the action's changes may undo them: each distinct page's guard once. */
async function checkAllowed(ctx: Ctx, action: LoggedAction, resources: readonly AnyResource[]): Promise<void> {
  const guards = new Map<string, RouteGuard>();
  // A card's prices written by an order's completion are part of it: whoever may complete the order undoes both.
  const completed = new Set(action.rows.filter((row) => row.action === 'status_change').map((row) => row.entityId));
  for (const row of action.rows) {
    if (row.action === 'rate_card_apply' && completed.has(row.entityId)) continue;
    for (const guard of guardsOf(row, resources)) guards.set(String(guard[ROUTE_GUARD]), guard);
  }
  await passGuards(ctx, [...guards.values()]);
}

/**
 * The table's columns by field name (camelCase), one statement: those an undo may write, and
 * those the database computes (an order's MTM prices), which follow the fields they are made of.
 */
async function columnsOf(trx: Knex.Transaction, def: AnyResource): Promise<{ writable: Map<string, string>; generated: Set<string> }> {
  const { rows } = await trx.raw(`select column_name, is_generated from information_schema.columns
    where table_schema = current_schema() and table_name = ?`, [def.model.tableName]);
  const field = (column: string) => column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  const all = rows as Array<{ column_name: string; is_generated: string }>;
  return {
    writable: new Map(all.filter((c) => c.is_generated === 'NEVER').map((c) => [field(c.column_name), c.column_name])),
    generated: new Set(all.filter((c) => c.is_generated !== 'NEVER').map((c) => field(c.column_name))),
  };
}

/** The value each logged row wants its record to have again, oldest row last so that it wins. */
function targetsOf(rows: LoggedRow[], userId: number, now: string): Map<number, Row> {
  // In the action's order of records, so the undo's rows follow it.
  const targets = new Map<number, Row>(rows.map((row) => [Number(row.entityId), {}]));
  for (const row of [...rows].reverse()) {
    const id = Number(row.entityId);
    const target = targets.get(id)!;
    const kind = UNDO_OF[row.action];
    if (kind === 'revert') {
      // Only a field's before/after is written back; a fact of the change (the card that priced an order) is not a field.
      for (const [field, change] of Object.entries(row.changes ?? {})) {
        if (field !== UNDONE_ACTION && isBeforeAfter(change)) target[field] = change.before ?? null;
      }
    } else if (kind === 'restore') {
      Object.assign(target, { deletedAt: null, deletedBy: null });
    } else {
      Object.assign(target, { deletedAt: now, deletedBy: userId });
    }
  }
  return targets;
}

/**
 * Reads, locks and checks what an undo of `action` would write: refused (409) when it cannot be
 * undone, is older than UNDO_HOURS, or any of its records changed since; 403 when the user may not
 * make its changes or (a dispatcher) does not see its records. `resources`, the registry's (app.ts
 * hands them in). Without `lock`, a look that holds nothing.
 */
export async function prepareUndo(ctx: Ctx, trx: Knex.Transaction, action: LoggedAction, resources: readonly AnyResource[],
  { lock = true } = {}): Promise<TypeUndo[]> {
  const why = notUndoable(action, resources);
  if (why) throw httpError('not_undoable', `This action cannot be undone: ${why}`, { params: { action: action.rows[0].action } });
  await checkAllowed(ctx, action, resources);
  if (action.expired) {
    throw httpError('undo_expired', `This action is more than ${UNDO_HOURS} hours old: it can no longer be undone`, { params: { hours: UNDO_HOURS } });
  }
  const now = new Date().toISOString();
  const byType = new Map<string, LoggedRow[]>();
  for (const row of action.rows) byType.set(row.entityType!, [...byType.get(row.entityType!) ?? [], row]);
  const undos: TypeUndo[] = [];
  const purged: string[] = [];
  for (const [type, rows] of byType) {
    const def = resourceOf(resources, type)!;
    const table = def.model.tableName;
    const ids = [...new Set(rows.map((row) => Number(row.entityId)))];
    // Held until the undo commits: a change of these records waits, and what committed before shows below.
    const reading = trx(table).whereIn('id', ids).orderBy('id').select('*');
    const found: Row[] = await (lock ? reading.forUpdate() : reading);
    const current = new Map(found.map((row) => [row.id as number, row]));
    const label = new Map(rows.map((row) => [Number(row.entityId), row.entityLabel ?? `#${row.entityId}`]));
    purged.push(...ids.filter((id) => !current.has(id)).map((id) => label.get(id)!));
    await checkScope(ctx, trx, def, [...current.keys()]);
    const { writable: columns, generated } = await columnsOf(trx, def);
    const lists = idListsOf(def).map((list) => list.field);
    const targets = targetsOf(rows, ctx.state.user!.id, now);
    for (const target of targets.values()) {
      for (const field of Object.keys(target)) {
        if (columns.has(field) || lists.includes(field)) continue;
        if (generated.has(field) || def.computed?.[field] !== undefined) {
          delete target[field];
          continue;
        }
        throw httpError('not_undoable', `This action cannot be undone: ${field} is not a field of a ${type.replace(/_/g, ' ')}`,
          { params: { action: action.rows[0].action } });
      }
    }
    undos.push({ def, ids, current, targets, columns });
  }
  const { labels, undoneBy } = await changedSince(trx, action);
  const changed = [...new Set([...purged, ...labels])];
  if (undoneBy && purged.length === 0) {
    throw httpError('already_undone', 'This action was undone already', { params: { actionId: undoneBy } });
  }
  if (changed.length > 0) {
    const records = namedRecords(changed);
    throw httpError('changed_since', `Not undone: these records were changed since: ${records}. Nothing was changed.`,
      { params: { records, count: changed.length } });
  }
  await checkRules(ctx, trx, action, undos);
  return undos;
}

/** How many refused records an undo_refused answer gives with their reasons (params.count tells them all). */
const REASONS_SHOWN = 100;

/**
 * The undo's writes judged by the rules of their types, as the person undoing (writeRules.ts):
 * refused whole, 409 undo_refused with each refused record and its reason, when any rule refuses.
 */
async function checkRules(ctx: Ctx, trx: Knex.Transaction, action: LoggedAction, undos: TypeUndo[]): Promise<void> {
  const labels = new Map(action.rows.map((row) => [recordKey(row), row.entityLabel ?? `#${row.entityId}`]));
  const refused: FieldProblems = {};
  const named: string[] = [];
  for (const { def, current, targets } of undos) {
    const writes: RecordWrite[] = [...targets].map(([id, target]) => {
      const before = current.get(id)!;
      return { id, before, after: { ...before, ...target }, fields: Object.keys(target).filter((field) => !same(before[field], target[field])) };
    });
    for (const [id, { field, problem }] of await writeRefusals(ctx, trx, def, writes, { undo: true })) {
      const label = labels.get(recordKey({ entityType: def.entityType, entityId: String(id) }))!;
      named.push(label);
      // The first hundred, with their reasons: an undo of 10,000 orders is not answered in megabytes.
      if (named.length > REASONS_SHOWN) continue;
      refused[`records.${def.entityType}:${id}`] = { ...problem, message: `${label}: ${field}: ${problem.message}`,
        params: { ...problem.params, label, field } };
    }
  }
  if (named.length === 0) return;
  const records = namedRecords(named);
  throw httpError('undo_refused', `Not undone: these records cannot go back: ${records}. Nothing was changed.`,
    { params: { records, count: named.length }, fields: refused });
}

/** A dispatcher undoes only what they see: every record in their scope (checked before and after). */
async function checkScope(ctx: Ctx, trx: Knex.Transaction, def: AnyResource, ids: number[]): Promise<void> {
  const narrowing = await def.scope?.(ctx, trx);
  if (!narrowing) return;
  const table = def.model.tableName;
  const query = def.model.query(trx).whereIn(`${table}.id`, ids);
  narrowing(query);
  const seen = await query.resultSize();
  if (seen !== ids.length) throw httpError(AREA_DENIED.code, `${AREA_DENIED.message}: not every record of this action is yours`);
}

/**
 * Writes the records of one type back, in a fixed number of statements whatever their number: one
 * UPDATE per set of fields, the rows' values as one JSON parameter. It bumps the version and dates
 * the change as RecordModel's $beforeUpdate does for a write through the model (a soft delete is
 * dated by deletedAt alone), which cannot give each row its own values in one statement.
 */
async function writeBack(ctx: Ctx, trx: Knex.Transaction, undo: TypeUndo): Promise<ActivityEntry[]> {
  const { def, current, targets, columns } = undo;
  const table = def.model.tableName;
  const lists = idListsOf(def);
  const groups = new Map<string, Row[]>();
  const entries: ActivityEntry[] = [];
  for (const [id, target] of targets) {
    const before = current.get(id)!;
    const changes: Row = {};
    for (const [field, value] of Object.entries(target)) {
      if (!same(before[field], value)) changes[field] = { before: before[field] ?? null, after: value };
    }
    const fields = Object.keys(changes).filter((field) => columns.has(field)).sort();
    if (fields.length > 0) {
      const key = fields.join(',');
      groups.set(key, [...groups.get(key) ?? [], { id, ...Object.fromEntries(fields.map((f) => [columns.get(f)!, target[f]])) }]);
    }
    if ('deletedAt' in changes) {
      if (target.deletedAt === null) await def.hooks?.beforeTrashAction?.(ctx, before, 'restore', trx);
      else await def.hooks?.beforeDelete?.(ctx, before, trx);
    }
    for (const list of lists.filter((l) => l.field in changes)) {
      await def.model.relatedQuery(list.relation, trx).for(id).unrelate();
      const ids = target[list.field] as number[];
      if (ids.length > 0) await def.model.relatedQuery(list.relation, trx).for(id).relate(ids);
    }
    entries.push({ action: 'undo', entityType: def.entityType, entityId: id, changes });
  }
  for (const [key, values] of groups) {
    const fields = key.split(',');
    const sets = fields.map((field) => `"${columns.get(field)}" = v."${columns.get(field)}"`);
    const dated = fields.includes('deletedAt') ? 'case when v.deleted_at is null then now() else t.updated_at end' : 'now()';
    await trx.raw(`update ?? as t set ${sets.join(', ')}, ${newVersionSql('t', dated)}
      from jsonb_populate_recordset(null::??, ?::jsonb) as v where t.id = v.id`, [table, table, JSON.stringify(values)]);
  }
  if (def.entityType === 'order') await recordStatusEvents(ctx, trx, entries);
  return entries;
}

/**
 * An order whose status an undo moves gets its timeline event and its assigned person's
 * notification, as every status change does.
 */
async function recordStatusEvents(ctx: Ctx, trx: Knex.Transaction, entries: ActivityEntry[]): Promise<void> {
  const events = entries.filter((entry) => entry.changes?.status).map((entry) => {
    const { before, after } = entry.changes!.status as { before: string; after: string };
    return { orderId: entry.entityId, fromStatus: before, toStatus: after, userId: ctx.state.user!.id, note: null };
  });
  if (events.length === 0) return;
  await trx('orderEvents').insert(events);
  await notifyOrdersMoved(trx, ctx.state.config, ctx.state.user!.id,
    events.map((event) => ({ orderId: Number(event.orderId), from: event.fromStatus, to: event.toStatus })));
}

/**
 * Undoes an action in one transaction (docs/undo.md): every record back as it was before the
 * action, or nothing. Its log rows (action `undo`) say what it changed and name the undone action,
 * so an undo is itself an action that can be undone.
 */
export async function undoAction(ctx: Ctx, action: LoggedAction, trx: Knex.Transaction,
  resources: readonly AnyResource[]): Promise<{ actionId: string; undone: number }> {
  const undos = await prepareUndo(ctx, trx, action, resources);
  const entries: ActivityEntry[] = [];
  for (const undo of undos) entries.push(...await writeBack(ctx, trx, undo));
  for (const undo of undos) await checkScope(ctx, trx, undo.def, undo.ids);
  for (const entry of entries) entry.changes = { ...entry.changes, [UNDONE_ACTION]: { before: null, after: action.actionId } };
  const actionId = await logActivities(trx, ctx, entries);
  return { actionId, undone: entries.length };
}
