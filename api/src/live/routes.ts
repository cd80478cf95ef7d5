import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import type { Knex } from 'knex';
import type { AppState } from '../appState';
import { httpError } from '../httpError';
import { requireActiveUser } from '../middleware/guard';
import { sessionIdOf, sessionLives } from '../middleware/session';
import { areasOf } from '../orders/dispatcherScope';
import { accessiblePages } from '../permissions/access';
import type { Ctx } from '../resources/resource';
import { User } from '../users/User';
import type { PageKey } from '@kernel/permissions/pageKeys';
import { CATCH_UP_LIMIT, changeFeed, latestSeq, readChanges, type Change } from './changeFeed';

/** The page whose holders hear of a change to each kind of record; translations reach everyone. */
const PAGE_OF: Record<string, PageKey | null> = {
  order: 'orders', supplier: 'suppliers', warehouse: 'warehouses', vehicle_type: 'vehicle_types',
  delivery_area: 'delivery_areas', user: 'users', permission: 'permissions', report_run: 'reports',
  activity_log: 'activity_logs', translation: null,
};
/** A change of these kinds may change what a stream's user may see: their view is read again first. */
const VIEW_CHANGES = new Set(['user', 'permission']);
const HEARTBEAT_MS = 25_000;
/** How many sent changes a stream remembers, to send none twice. */
const SENT_KEPT = 2_000;

/**
 * What one user may hear of: their pages, and a dispatcher's areas; undefined once the stream's
 * session has ended (sign-out, expiry) or the user may no longer sign in.
 */
async function viewOf(db: Knex, userId: number, sessionId: string | undefined) {
  if (!sessionId || !(await sessionLives(db, sessionId))) return undefined;
  const user = await User.query(db).modify('live').findById(userId);
  if (!user || user.status !== 'active') return undefined;
  return { userId, sessionId, pages: new Set(await accessiblePages(db, user)), areas: await areasOf(db, user) };
}
type View = NonNullable<Awaited<ReturnType<typeof viewOf>>>;

function mayHear(view: View, change: Change): boolean {
  if (change.type === 'saved_filter') return change.userId === view.userId;
  const page = change.type === null ? undefined : PAGE_OF[change.type];
  if (page === undefined) return false;
  if (page !== null && !view.pages.has(page)) return false;
  // A dispatcher hears of an order only when it is, or was, in one of their areas: never its id otherwise.
  if (change.type === 'order' && view.areas) return change.areas!.some((area) => view.areas!.includes(area));
  return true;
}

const streams = new WeakMap<Knex, Set<() => void>>();

/** Ends every live stream of a database, so that a server closing waits for none of them. */
export function endLiveStreams(db: Knex): void {
  for (const end of streams.get(db) ?? []) end();
}

/**
 * GET /api/events: the changes the user may see, as Server-Sent Events (`change`, its data the
 * Change less the areas), as they commit on any instance. A stream that reconnects with
 * Last-Event-ID first gets what it missed; too far behind, or after the feed lost its database
 * connection, a `resync` event says to refetch everything.
 */
async function events(ctx: Ctx) {
  const { db } = ctx.state;
  let view: View | undefined = await viewOf(db, ctx.state.user!.id, sessionIdOf(ctx));
  // The session ended between the guard and here.
  if (!view) throw httpError('not_signed_in', 'Not signed in');
  const body = new PassThrough();
  ctx.compress = false;
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.type = 'text/event-stream';
  ctx.set('Cache-Control', 'no-cache, no-transform');
  ctx.set('X-Accel-Buffering', 'no');
  ctx.body = body;

  let ended = false;
  // Nothing is written once the stream has ended (its client gone while work was queued).
  const write = (text: string) => { if (!ended) body.write(text); };
  const send = (event: string, data: object, id?: number) =>
    write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  // Work on the stream is done in order: a view read again before the changes that follow it.
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => { queue = queue.then(work).catch(() => end()); };
  // The changes sent lately: one read both by the catch-up and from its notice goes out once. (Not
  // "every id up to the highest sent": ids are not committed in order.)
  const sent = new Set<number>();
  const deliver = async (changes: Change[]) => {
    if (changes.some((change) => change.type !== null && VIEW_CHANGES.has(change.type))) view = await viewOf(db, view!.userId, view!.sessionId);
    if (!view) return end();
    for (const change of changes.filter((c) => !sent.has(c.seq) && mayHear(view!, c))) {
      // The tab it came from is the actor's own business: others learn nothing of their tabs.
      const { areas: _areas, tab, ...shown } = change;
      send('change', change.userId === view!.userId ? { ...shown, tab } : shown, change.seq);
      sent.add(change.seq);
      if (sent.size > SENT_KEPT) sent.delete(sent.values().next().value!);
    }
  };

  // Where the stream starts: after what the browser saw last (Last-Event-ID), or now.
  const lastSeen = Number(ctx.get('Last-Event-ID'));
  const since = Number.isSafeInteger(lastSeen) && lastSeen > 0 ? lastSeen : await latestSeq(db);
  const { unsubscribe, listening } = changeFeed(db).subscribe({
    onChanges: (changes) => enqueue(() => deliver(changes)),
    onResync: () => enqueue(async () => { send('resync', {}); }),
  });
  const heartbeat = setInterval(() => enqueue(async () => {
    view = view && await viewOf(db, view.userId, view.sessionId);
    if (!view) return end();
    write(': still here\n\n');
  }), HEARTBEAT_MS);
  function end() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    streams.get(db)?.delete(end);
    body.end();
  }
  if (!streams.has(db)) streams.set(db, new Set());
  streams.get(db)!.add(end);
  ctx.req.on('close', end);

  write('retry: 3000\n\n');
  // The answer starts once the feed listens; what committed since `since` until then is read here
  // (a change may come twice, never not at all).
  await listening;
  enqueue(async () => {
    const missed = await readChanges(db, since);
    if (missed.length > CATCH_UP_LIMIT) send('resync', {});
    else await deliver(missed);
  });
}

export const liveRoutes = new Router<AppState>({ prefix: '/api' })
  .get('/events', requireActiveUser(), events);
