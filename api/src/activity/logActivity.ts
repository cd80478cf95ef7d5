import type { Knex } from 'knex';
import type { Context } from 'koa';
import type { AppState } from '../appState';

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
  entry: ActivityEntry): Promise<void> {
  await logActivities(db, ctx, [entry]);
}

/** Appends one activity-log row per entry, in one statement (a batch of at most ~5,000). */
export async function logActivities(db: Knex | Knex.Transaction, ctx: Context & { state: AppState },
  entries: ActivityEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const userAgent = ctx.get('user-agent').slice(0, 512) || null;
  const tabId = tabOf(ctx);
  await db('activityLogs').insert(entries.map((entry) => {
    const actor = entry.actor ?? ctx.state.user;
    return {
      userId: actor?.id ?? null,
      username: actor?.username ?? null,
      action: entry.action,
      entityType: entry.entityType ?? null,
      entityId: entry.entityId === undefined ? null : String(entry.entityId),
      changes: entry.changes ? JSON.stringify(entry.changes) : null,
      ip: ctx.ip,
      userAgent,
      tabId,
    };
  }));
}
