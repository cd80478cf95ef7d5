import type { Knex } from 'knex';
import type { RouteGuard } from '../middleware/guard';
import { requirePage } from '../middleware/guard';
import { fieldGuards } from '../resources/writeRules';
import { httpError } from '../foundation/httpError';
import type { AnyResource, Row } from '../resources/resource';
import { UNDO_HOURS, UNDO_OF } from '@kernel/activity/undoableActions';

/**
 * Record types whose changes carry rules beyond their fields: a user's role, areas, sessions and
 * the last administrator (edit the user instead); the permission matrix, saved filters and report
 * runs are no resource of the trash.
 */
const NOT_UNDOABLE_TYPES = ['user', 'permission', 'saved_filter', 'report_run'];

/**
 * Record types whose edits an undo cannot write back: a translation's edit hooks check its
 * placeholders and rebuild the served catalogs, which a revert would not run. Its delete and its
 * creation are undone, through the trash's hooks, which rebuild them.
 */
const NOT_REVERTED_TYPES = ['translation'];

/** Later rows that change nothing of their record: they never stand in an undo's way. */
export const READ_ONLY_ACTIONS = ['login', 'logout', 'login_failed', 'print'];

/** The field of an undo's log rows naming the action it undid (docs/undo.md#log-rows). */
export const UNDONE_ACTION = 'undoneAction';

/** Beyond a page key: the batch page's own action. */
const ACTION_GUARDS: Readonly<Record<string, RouteGuard>> = {
  batch_update: requirePage('batch_modification'),
  rate_card_apply: requirePage('pricing_management'),
};

/** One activity-log row of an action. */
export interface LoggedRow {
  id: number;
  action: string;
  entityType: string | null;
  entityId: string | null;
  entityLabel: string | null;
  changes: Row | null;
  at: Date;
  userId: number | null;
  username: string | null;
}

/** An action as its log rows tell it. */
export interface LoggedAction {
  actionId: string;
  rows: LoggedRow[];
  at: Date;
  /** More than UNDO_HOURS ago, by the database's clock. */
  expired: boolean;
  /** A row dated after now: no action of this server's clock, never undone. */
  future: boolean;
}

/**
 * The resource of `resources` (the registry's, handed in by app.ts) that writes records of a type:
 * the orders resource, not pricing's second view of them.
 */
export const resourceOf = (resources: readonly AnyResource[], entityType: string): AnyResource | undefined =>
  resources.find((def) => def.entityType === entityType && def.write && def.softDelete !== false);

/**
 * Who may undo a row: whoever may make its change. Its fields' pages (an order's prices and card:
 * pricing management's; its other fields: the order form's) by the rules of its type
 * (writeRules.ts); a batch date or a card's pricing, the action's own page; a delete, a create or
 * a restore, the resource's write guard.
 */
export function guardsOf(row: LoggedRow, resources: readonly AnyResource[]): RouteGuard[] {
  const own = ACTION_GUARDS[row.action];
  if (own) return [own];
  const def = resourceOf(resources, row.entityType!)!;
  const fields = UNDO_OF[row.action] === 'revert' ? Object.keys(row.changes ?? {}).filter((field) => field !== UNDONE_ACTION) : [];
  return fieldGuards(def, fields);
}

/** The rows of an action, oldest first; 404 when it has none. */
export async function loggedAction(db: Knex | Knex.Transaction, actionId: string): Promise<LoggedAction> {
  const rows: Array<LoggedRow & { expired: boolean; future: boolean }> = await db('activityLogs')
    .where('actionId', actionId).orderBy('id')
    .select('id', 'action', 'entityType', 'entityId', 'entityLabel', 'changes', 'at', 'userId', 'username',
      db.raw(`at < now() - interval '${UNDO_HOURS} hours' as expired`), db.raw('at > clock_timestamp() as future'));
  if (rows.length === 0) throw httpError('not_found', `No action ${actionId} in the activity log`, { params: { entity: 'action', id: actionId } });
  return { actionId, rows, at: rows[0].at, expired: rows[0].expired, future: rows.some((row) => row.future) };
}

/** Why an action cannot be undone whatever changed since: its kind, its records' types, its fields. */
export function notUndoable(action: LoggedAction, resources: readonly AnyResource[]): string | undefined {
  if (action.future) return 'it is dated in the future';
  for (const row of action.rows) {
    if (!UNDO_OF[row.action]) return `a ${row.action.replace(/_/g, ' ')} cannot be undone`;
    if (!row.entityType || !row.entityId || !/^\d{1,9}$/.test(row.entityId)) return 'it names no record';
    if (NOT_UNDOABLE_TYPES.includes(row.entityType) || !resourceOf(resources, row.entityType)) {
      return `changes of ${row.entityType.replace(/_/g, ' ')} records cannot be undone here`;
    }
    if (UNDO_OF[row.action] === 'revert') {
      if (NOT_REVERTED_TYPES.includes(row.entityType)) return `an edit of a ${row.entityType.replace(/_/g, ' ')} cannot be undone here`;
      // A hidden field's change is `{ changed: true }`; a plain value is a fact of the change (a card's name), not a field.
      const hidden = Object.values(row.changes ?? {}).some((change) => typeof change === 'object' && change !== null && !('before' in change));
      if (hidden) return 'it changed a hidden field';
    }
  }
  return undefined;
}

/** MTM numbers or names for a refusal: the first twenty, then how many more. */
export function namedRecords(labels: string[]): string {
  const shown = labels.slice(0, 20).join(', ');
  return labels.length > 20 ? `${shown}, … (+${labels.length - 20})` : shown;
}

/** A record of the action: `order:12`. */
export const recordKey = (row: { entityType: string | null; entityId: string | null }) => `${row.entityType}:${row.entityId}`;

/**
 * The action's records changed since by another action (a later log row of the same record),
 * with their labels; `undoneBy` when all of them were changed by one undo of this action.
 */
export async function changedSince(db: Knex | Knex.Transaction, action: LoggedAction): Promise<{ labels: string[]; undoneBy?: string }> {
  const last = new Map<string, { entityType: string; entityId: string; lastId: number; label: string }>();
  for (const row of action.rows) {
    last.set(recordKey(row), { entityType: row.entityType!, entityId: row.entityId!, lastId: row.id,
      label: row.entityLabel ?? `#${row.entityId}` });
  }
  const later: Array<{ entityType: string; entityId: string; action: string; undone: string | null; actionId: string | null }> = await db.raw(`
    select distinct on (l.entity_type, l.entity_id) l.entity_type, l.entity_id, l.action, l.action_id,
      l.changes -> ? ->> 'after' as undone
    from jsonb_to_recordset(?::jsonb) as r(entity_type text, entity_id text, last_id bigint)
    join activity_logs l on l.entity_type = r.entity_type and l.entity_id = r.entity_id and l.id > r.last_id
    where l.action_id is distinct from ? and l.action not in (${READ_ONLY_ACTIONS.map(() => '?').join(', ')})
    order by l.entity_type, l.entity_id, l.id`,
  [UNDONE_ACTION, JSON.stringify([...last.values()].map(({ entityType, entityId, lastId }) => ({ entity_type: entityType, entity_id: entityId, last_id: lastId }))),
    action.actionId, ...READ_ONLY_ACTIONS]).then((result: { rows: Row[] }) => result.rows.map((row) => ({
    entityType: row.entity_type, entityId: row.entity_id, action: row.action, undone: row.undone, actionId: row.action_id })));
  const labels = later.map((row) => last.get(recordKey(row))!.label);
  const undoers = new Set(later.map((row) => (row.action === 'undo' && row.undone === action.actionId ? row.actionId : null)));
  const undoneBy = undoers.size === 1 && !undoers.has(null) ? [...undoers][0]! : undefined;
  return { labels, undoneBy };
}
