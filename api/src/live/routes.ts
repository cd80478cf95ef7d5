import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { sessionCache } from '../middleware/sessionCache';
import { isDraining, RECONNECT_MS } from '../foundation/draining';
import type { AppState } from '../foundation/appState';
import { httpError } from '../foundation/httpError';
import { requireActiveUser } from '../middleware/guard';
import { sessionIdOf } from '../middleware/session';
import type { Ctx } from '../resources/resource';
import type { PageKey } from '@kernel/permissions/pageKeys';
import { RECORD_TYPE_NAMES, RECORD_TYPES, isRecordType } from '@kernel/resources/recordTypes';
import { changesRecord } from '@kernel/activity/undoableActions';
import { CATCH_UP_LIMIT, latestSeq, readChanges, type Change } from './changeFeed';
import { liveViews, tokenHolder, type Stream, type View } from './views';

/**
 * The page whose holders hear of a change to each kind of record: a record type's own
 * (kernel/resources/recordTypes.ts; none, as translations: everyone), and the other logged subjects'.
 */
const PAGE_OF: Record<string, PageKey | null> = {
  ...Object.fromEntries(RECORD_TYPE_NAMES.map((type) => [type, RECORD_TYPES[type].pageKey ?? null])),
  permission: 'permissions', report_run: 'reports', activity_log: 'activity_logs',
};
/** How many sent changes a stream remembers, to send none twice. */
const SENT_KEPT = 2_000;

function mayHear(view: View, change: Change): boolean {
  if (change.type === 'saved_filter') return change.userId === view.userId;
  const page = change.type === null ? undefined : PAGE_OF[change.type];
  if (page === undefined) return false;
  if (page !== null && !view.pages.has(page)) return namedInPicker(view, change);
  // A dispatcher hears of an order only when it was in one of their areas just before or after
  // the change: never its id otherwise.
  if (change.type === 'order' && view.areas) return change.areas!.some((area) => view.areas!.includes(area));
  return true;
}

/**
 * A change to what a picker lists (kernel/resources/recordTypes.ts `picker`: a supplier,
 * warehouse, vehicle type, area or person renamed, deactivated, deleted…) reaches every active
 * user, without its page: the pickers are theirs to read, and their order lists name these records
 * through them. Only a change of the record itself (changesRecord): not a person's sign-in nor
 * their second factor. A dispatcher's area picker lists their areas alone.
 */
function namedInPicker(view: View, change: Change): boolean {
  if (change.type === null || !isRecordType(change.type) || !RECORD_TYPES[change.type].picker) return false;
  if (!changesRecord(change.action)) return false;
  return change.type !== 'delivery_area' || !view.areas || view.areas.includes(Number(change.id));
}

/**
 * Ends every live stream of a database and the session cache's listening, so that a server closing
 * waits for none of them and keeps no connection of the change feed open; with `retryMs`, the
 * browsers reconnect after that long (a stopping instance's, to another: shutdown.ts).
 */
export function endLiveStreams(db: Knex, retryMs?: number): void {
  liveViews(db).endAll(retryMs);
  sessionCache(db).stop();
}

/**
 * GET /api/events: the changes the user may see, as Server-Sent Events (`change`, its data the
 * Change less the areas), as they commit on any instance. A stream that reconnects with
 * Last-Event-ID first gets what it missed; too far behind, or after the feed lost its database
 * connection, a `resync` event says to refetch everything. What the user may see is the
 * instance's view of them (views.ts), shared by all their streams.
 */
async function events(ctx: Ctx) {
  const { db } = ctx.state;
  const views = liveViews(db);
  const userId = ctx.state.user!.id;
  const sessionId = ctx.state.apiToken ? tokenHolder(ctx.state.apiToken.id) : sessionIdOf(ctx);
  if (!sessionId) throw httpError('not_signed_in', 'Not signed in');
  const body = new PassThrough();
  let ended = false;
  // Nothing is written once the stream has ended (its client gone while work was queued).
  const write = (text: string) => { if (!ended) body.write(text); };
  const send = (event: string, data: object, id?: number) =>
    write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  // Work on the stream is done in order: its catch-up before the changes that came meanwhile.
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => { queue = queue.then(work).catch(() => stream.end()); };
  // The changes sent lately: one read both by the catch-up and from its notice goes out once. (Not
  // "every id up to the highest sent": ids are not committed in order.)
  const sent = new Set<number>();
  const deliver = (changes: Change[]) => {
    const view = views.viewOf(userId);
    if (!view || ended) return;
    for (const change of changes.filter((c) => !sent.has(c.seq) && mayHear(view, c))) {
      // The tab it came from is the actor's own business: others learn nothing of their tabs.
      const { areas: _areas, altersView: _altersView, tab, ...shown } = change;
      send('change', change.userId === userId ? { ...shown, tab } : shown, change.seq);
      sent.add(change.seq);
      if (sent.size > SENT_KEPT) sent.delete(sent.values().next().value!);
    }
  };
  const stream: Stream = {
    userId,
    sessionId,
    changes: (changes) => enqueue(async () => deliver(changes)),
    resync: () => enqueue(async () => { send('resync', {}); }),
    notified: () => enqueue(async () => { send('notification', {}); }),
    beat: () => write(': still here\n\n'),
    end(retryMs?: number) {
      if (retryMs !== undefined) write(`retry: ${retryMs}\n\n`);
      if (ended) return;
      ended = true;
      views.close(stream);
      body.end();
    },
  };

  write('retry: 3000\n\n');
  // Where the stream starts: after what the browser saw last (Last-Event-ID), or now. Read before
  // the view: a change to it committed in between is in the catch-up.
  const lastSeen = Number(ctx.get('Last-Event-ID'));
  const since = Number.isSafeInteger(lastSeen) && lastSeen > 0 ? lastSeen : await latestSeq(db);
  // The session ended, or the user was deactivated, between the guard and here. The answer
  // starts once the feed listens; what committed since `since` until then is read below (a change
  // may come twice, never not at all).
  ctx.req.on('close', () => stream.end());
  if (!(await views.open(stream))) throw httpError('not_signed_in', 'Not signed in');
  // Its client went away while it opened.
  if (ended) return views.close(stream);
  // The server began stopping while it opened, after its streams were ended (shutdown.ts).
  if (isDraining(ctx.app)) stream.end(RECONNECT_MS);
  ctx.compress = false;
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.type = 'text/event-stream';
  ctx.set('Cache-Control', 'no-cache, no-transform');
  ctx.set('X-Accel-Buffering', 'no');
  ctx.body = body;
  enqueue(async () => {
    const missed = await readChanges(db, since);
    if (missed.length > CATCH_UP_LIMIT) return send('resync', {});
    // A change to what this user may see that came while the stream was away: read their view again first.
    if (missed.some((c) => c.altersView && (c.type === 'permission' || c.id === String(userId)))) await views.reread([userId]);
    deliver(missed);
  });
}

export const liveRoutes = new Router<AppState>({ prefix: '/api' })
  .get('/events', requireActiveUser(), events);
