import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { AppState } from '../foundation/appState';

/** An action id as the admin makes them for a bulk action sent as one request per record (X-Action-Id). */
const ACTION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

declare module '../foundation/appState' {
  interface AppState {
    /** The action the request's log rows belong to, once it has logged. */
    actionId?: string;
  }
}

/**
 * The action a request's log rows belong to (docs/undo.md): the admin's bulk action sent as one
 * request per record names it (X-Action-Id), any other request is an action of its own, whatever
 * it logs (an order's completion and the rate card that priced it).
 */
function actionOf(ctx: Context & { state: AppState }): string {
  const sent = ctx.get('x-action-id');
  ctx.state.actionId ??= ACTION_ID.test(sent) ? sent.toLowerCase() : randomUUID();
  return ctx.state.actionId;
}

/** An IPv4 address as people write it, also when it came through an IPv6 socket (::ffff:127.0.0.1). */
const plainIp = (ip: string): string => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip);

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
 * Appends one activity-log row per entry in one statement, however many (a batch of 10,000): the
 * rows go as one JSON parameter, as a multi-row INSERT of them would pass PostgreSQL's 65,535
 * parameters. Their ids follow the entries' order. Answers their action id, for the undo the
 * caller offers.
 */
export async function logActivities(db: Knex | Knex.Transaction, ctx: Context & { state: AppState },
  entries: ActivityEntry[]): Promise<string> {
  const actionId = actionOf(ctx);
  if (entries.length === 0) return actionId;
  const userAgent = ctx.get('user-agent').slice(0, 512) || null;
  const tabId = tabOf(ctx);
  const rows = entries.map((entry) => {
    const actor = entry.actor ?? ctx.state.user;
    return {
      user_id: actor?.id ?? null,
      username: actor?.username ?? null,
      action: entry.action,
      entity_type: entry.entityType ?? null,
      entity_id: entry.entityId === undefined ? null : String(entry.entityId),
      changes: entry.changes ?? null,
      ip: plainIp(ctx.ip),
      user_agent: userAgent,
      tab_id: tabId,
      action_id: actionId,
    };
  });
  await db.raw(`insert into activity_logs (user_id, username, action, entity_type, entity_id, changes, ip, user_agent, tab_id, action_id)
    select r.user_id, r.username, r.action, r.entity_type, r.entity_id, r.changes, r.ip, r.user_agent, r.tab_id, r.action_id
    from jsonb_populate_recordset(null::activity_logs, ?::jsonb) with ordinality r order by r.ordinality`, [JSON.stringify(rows)]);
  return actionId;
}
