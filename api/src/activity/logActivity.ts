import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { AppState } from '../foundation/appState';
import { httpError } from '../foundation/httpError';
import { requestSource } from '../foundation/requestSource';
import { sessionIdOf } from '../middleware/session';

type Row = Record<string, unknown>;

/** An action id: a UUID, as POST /api/actions issues them. */
export const ACTION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long an issued action id may be named (X-Action-Id) after POST /api/actions. */
export const ISSUED_ACTION_MINUTES = 10;

/**
 * Log actions that never join another action, whatever X-Action-Id a client sends: reads, prints
 * (with the tracking links they make), sign-ins, failed ones and sessions tell of no change an undo
 * could take back, and an undo is an action of its own (docs/undo.md#action-ids).
 */
const NEVER_JOINS = new Set(['print', 'tracking_link', 'login', 'login_failed', 'logout', 'register', 'undo']);

declare module '../foundation/appState' {
  interface AppState {
    /** The action the request's log rows belong to, once it has logged. */
    actionId?: string;
  }
}

/** Whom an action id is issued to: the request's session, or its API token (api-tokens/bearer.ts); none, nobody signed in. */
function holderOf(ctx: Context & { state: AppState }): { sessionId: string } | { apiTokenId: number } | undefined {
  if (ctx.state.apiToken) return { apiTokenId: ctx.state.apiToken.id };
  const sessionId = sessionIdOf(ctx);
  return sessionId === undefined ? undefined : { sessionId };
}

/** Issues an action id to the request's session or token for ISSUED_ACTION_MINUTES (POST /api/actions). */
export async function issueAction(db: Knex, ctx: Context & { state: AppState }): Promise<{ actionId: string; expiresAt: Date }> {
  const holder = holderOf(ctx);
  if (!holder) throw httpError('not_signed_in', 'Not signed in: please log in');
  const actionId = randomUUID();
  const expiresAt = new Date(Date.now() + ISSUED_ACTION_MINUTES * 60_000);
  await db.transaction(async (trx) => {
    await trx('issuedActions').where(holder).where('expiresAt', '<', trx.fn.now()).delete();
    await trx('issuedActions').insert({ id: actionId, ...holder, expiresAt });
  });
  return { actionId, expiresAt };
}

/**
 * The action a request's log rows belong to (docs/undo.md#action-ids): the one X-Action-Id names,
 * when the server issued it to this session and it has not expired (else 400 unknown_action, in
 * the writing transaction: nothing is written); any other request is an action of its own,
 * whatever it logs (an order's completion and the rate card that priced it).
 */
async function actionOf(db: Knex | Knex.Transaction, ctx: Context & { state: AppState }, entries: ActivityEntry[]): Promise<string> {
  if (entries.length > 0 && entries.every((entry) => NEVER_JOINS.has(entry.action))) return randomUUID();
  if (ctx.state.actionId) return ctx.state.actionId;
  const named = ctx.get('x-action-id');
  if (!named) {
    ctx.state.actionId = randomUUID();
    return ctx.state.actionId;
  }
  const holder = holderOf(ctx);
  const issued = ACTION_ID.test(named) && holder !== undefined
    && await db('issuedActions').where({ id: named.toLowerCase(), ...holder }).where('expiresAt', '>', db.fn.now()).first('id');
  if (!issued) {
    throw httpError('unknown_action', 'X-Action-Id names no action issued to this session or token (POST /api/actions), or it has expired');
  }
  ctx.state.actionId = named.toLowerCase();
  return ctx.state.actionId;
}

export interface ActivityEntry {
  action: string;
  entityType?: string;
  entityId?: string | number;
  /** Before/after of the fields that changed, or what else describes the event. */
  changes?: Record<string, unknown>;
  /** The acting user when ctx.state.user is not (yet) set, e.g. at login. */
  actor?: { id: number; username: string };
}

/** A tab id as the admin makes them (a UUID); anything else is not kept. */
const TAB_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The browser tab a request came from (X-Tab-Id), for the live stream (docs/live-updates.md). */
const tabOf = (ctx: Context): string | null => {
  const tab = ctx.get('x-tab-id');
  return TAB_ID.test(tab) ? tab : null;
};

/** Appends one activity-log row; pass the transaction of the change it records. */
export async function logActivity(db: Knex | Knex.Transaction, ctx: Context & { state: AppState },
  entry: ActivityEntry): Promise<string> {
  return logActivities(db, ctx, [entry]);
}

/**
 * Appends one activity-log row per entry in one statement, however many (a batch of 10,000), their
 * ids in the entries' order. Answers their action id, for the undo the caller offers.
 */
export async function logActivities(db: Knex | Knex.Transaction, ctx: Context & { state: AppState },
  entries: ActivityEntry[]): Promise<string> {
  const actionId = await actionOf(db, ctx, entries);
  if (entries.length === 0) return actionId;
  const { ip, userAgent } = requestSource(ctx);
  const source = { ip, user_agent: userAgent, tab_id: tabOf(ctx), action_id: actionId,
    api_token_id: ctx.state.apiToken?.id ?? null };
  await insertLogRows(db, entries.map((entry) => logRow(entry, entry.actor ?? ctx.state.user, source)));
  return actionId;
}

/** An entry's log row, by `actor` (none: the server), from `source` (the request: its address, browser, tab, action and token). */
function logRow(entry: ActivityEntry, actor: { id: number; username: string } | undefined, source: Row): Row {
  return { user_id: actor?.id ?? null, username: actor?.username ?? null, action: entry.action, entity_type: entry.entityType ?? null,
    entity_id: entry.entityId === undefined ? null : String(entry.entityId), changes: entry.changes ?? null, ...source };
}

/**
 * The rows as one JSON parameter, as a multi-row INSERT of 10,000 would pass PostgreSQL's 65,535
 * parameters; their ids follow the rows' order.
 */
async function insertLogRows(db: Knex | Knex.Transaction, rows: Row[]): Promise<void> {
  await db.raw(`insert into activity_logs (user_id, username, action, entity_type, entity_id, changes, ip, user_agent, tab_id, action_id,
      api_token_id)
    select r.user_id, r.username, r.action, r.entity_type, r.entity_id, r.changes, r.ip, r.user_agent, r.tab_id, r.action_id,
      r.api_token_id
    from jsonb_populate_recordset(null::activity_logs, ?::jsonb) with ordinality r order by r.ordinality`, [JSON.stringify(rows)]);
}

/**
 * Appends the log rows of a change the server made by itself (a job: the webhook worker pausing a
 * webhook), in its transaction: no user, no address, one action.
 */
export async function logServerActivities(db: Knex | Knex.Transaction, entries: ActivityEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const source = { ip: null, user_agent: null, tab_id: null, action_id: randomUUID(), api_token_id: null };
  await insertLogRows(db, entries.map((entry) => logRow(entry, undefined, source)));
}
