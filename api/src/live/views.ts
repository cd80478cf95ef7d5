import type { Knex } from 'knex';
import { isAreaBound } from '../orders/dispatcherScope';
import { accessiblePages, accessSql, readWith, type AccessRead } from '../permissions/access';
import { User } from '../users/User';
import type { PageKey } from '@kernel/permissions/pageKeys';
import { changeFeed, type Change } from './changeFeed';
import { liveRows } from '../db/liveRows';

/** What one user may hear of: their pages, and a dispatcher's areas (undefined: every area). */
export interface View { userId: number; pages: Set<PageKey>; areas: number[] | undefined }

/** An open event stream, as the views of its instance drive it. */
export interface Stream {
  userId: number;
  /** The session it was opened in, or the API token it was opened with (`tokenHolder`). */
  sessionId: string;
  /** Sends what of `changes` its user may see now. */
  changes(changes: Change[]): void;
  resync(): void;
  /** Tells its user that their notifications changed. */
  notified(): void;
  /** A comment line, so that proxies keep an idle stream open. */
  beat(): void;
  /** Ends it; with `retryMs`, its browser is told to reconnect after that long (to another instance). */
  end(retryMs?: number): void;
}

const HEARTBEAT_MS = 25_000;

/**
 * A stream opened with an API token holds it as a session: it lives while the token does, and ends
 * at the next reading of its user's view (a heartbeat at the latest) once the token is revoked or expired.
 */
export const tokenHolder = (tokenId: number) => `token:${tokenId}`;
const TOKEN_HOLDER_SQL = `'token:' || t.id`;

/**
 * The views of active users and the ids of their live sessions and tokens (not ended, not expired), in one
 * statement however many users; a user missing from the answer may no longer sign in.
 */
async function readViews(db: Knex, userIds: number[]): Promise<Map<number, { view: View; sessions: Set<string> }>> {
  const rows: Array<Record<string, unknown>> = await db('users as u').whereRaw(liveRows('u')).where('u.status', 'active')
    .whereIn('u.id', userIds)
    .select('u.id', 'u.role', 'u.status', db.raw(`${accessSql} as access`),
      db.raw(`(select coalesce(json_agg(a.delivery_area_id order by a.delivery_area_id), '[]') from user_delivery_areas a
        where a.user_id = u.id) as area_ids`),
      db.raw(`(select coalesce(json_agg(h.id), '[]') from (select s.id from sessions s where s.user_id = u.id and s.expires_at > current_timestamp
        union all select ${TOKEN_HOLDER_SQL} from api_tokens t where t.user_id = u.id and ${liveRows('t')} and t.expires_at > current_timestamp) h)
        as session_ids`));
  const views = new Map<number, { view: View; sessions: Set<string> }>();
  for (const { access, areaIds, sessionIds, ...columns } of rows) {
    const user = User.fromDatabaseJson(columns);
    // The permission rows came with the user: accessiblePages reads nothing more.
    readWith(user, access as AccessRead);
    const view = { userId: user.id, pages: new Set(await accessiblePages(db, user)), areas: isAreaBound(user) ? areaIds as number[] : undefined };
    views.set(user.id, { view, sessions: new Set(sessionIds as string[]) });
  }
  return views;
}

/**
 * The views of the users with open streams on one instance, each shared by all that user's
 * streams. Only a change that may alter views (Change.altersView) has them read again (one
 * statement for all it may alter) before it goes out; every 25 s all are read again, which ends the
 * streams of sessions expired meanwhile (an expiry is no change anyone is told of).
 */
class LiveViews {
  private readonly users = new Map<number, { view: View; streams: Set<Stream> }>();
  private unsubscribe?: () => void;
  private heartbeat?: NodeJS.Timeout;
  /** Views are read again before the changes after them go out, in commit order: one thing at a time. */
  private work: Promise<void> = Promise.resolve();

  constructor(private readonly db: Knex) {}

  viewOf(userId: number): View | undefined {
    return this.users.get(userId)?.view;
  }

  /**
   * Adds a stream when its session and user are still live (false: not), answering once the
   * change feed listens: what commits after, the stream hears of.
   */
  async open(stream: Stream): Promise<boolean> {
    const read = (await readViews(this.db, [stream.userId])).get(stream.userId);
    if (!read?.sessions.has(stream.sessionId)) return false;
    const entry = this.users.get(stream.userId) ?? { view: read.view, streams: new Set<Stream>() };
    entry.view = read.view;
    entry.streams.add(stream);
    this.users.set(stream.userId, entry);
    if (!this.unsubscribe) {
      this.unsubscribe = changeFeed(this.db).subscribe({ onChanges: (changes) => this.changes(changes),
        onResync: () => this.afterReading([...this.users.keys()], (s) => s.resync()),
        onNotified: (userIds) => this.afterReading([], (s) => { if (!userIds || userIds.includes(s.userId)) s.notified(); }) });
      this.heartbeat = setInterval(() => this.afterReading([...this.users.keys()], (s) => s.beat()), HEARTBEAT_MS);
    }
    await changeFeed(this.db).listening;
    return true;
  }

  close(stream: Stream): void {
    const entry = this.users.get(stream.userId);
    if (!entry?.streams.delete(stream)) return;
    if (entry.streams.size === 0) this.users.delete(stream.userId);
    if (this.users.size > 0) return;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearInterval(this.heartbeat);
  }

  /** How many streams are open. */
  streamCount(): number {
    return this.streams().length;
  }

  endAll(retryMs?: number): void {
    for (const stream of this.streams()) stream.end(retryMs);
  }

  /** Reads again the views of users (for changes a stream missed while away), in turn with the rest. */
  reread(userIds: number[]): Promise<void> {
    return this.afterReading(userIds, () => undefined);
  }

  private streams(): Stream[] {
    return [...this.users.values()].flatMap((entry) => [...entry.streams]);
  }

  private changes(changes: Change[]) {
    const altering = changes.filter((change) => change.altersView);
    const users = altering.some((change) => change.type === 'permission') ? [...this.users.keys()]
      : [...new Set(altering.map((change) => Number(change.id)))].filter((id) => this.users.has(id));
    void this.afterReading(users, (stream) => stream.changes(changes));
  }

  /** Reads again the views of `userIds` (none: nothing is read), then tells every stream. */
  private afterReading(userIds: number[], tell: (stream: Stream) => void): Promise<void> {
    // Never stuck on a failure: the streams end, and their browsers reconnect.
    this.work = this.work.then(async () => {
      if (userIds.length > 0) await this.refresh(userIds);
      for (const stream of this.streams()) tell(stream);
    }).catch(() => this.endAll());
    return this.work;
  }

  /** Ends the streams whose user may no longer sign in or whose session ended; a failed read ends them all (they reconnect). */
  private async refresh(userIds: number[]) {
    const read = await readViews(this.db, userIds).catch(() => new Map<number, { view: View; sessions: Set<string> }>());
    for (const userId of userIds) {
      const entry = this.users.get(userId);
      const fresh = read.get(userId);
      if (entry && fresh) entry.view = fresh.view;
      for (const stream of [...(entry?.streams ?? [])]) if (!fresh?.sessions.has(stream.sessionId)) stream.end();
    }
  }
}

const instances = new WeakMap<Knex, LiveViews>();

/** The live views of a database in this process (one per database, shared by its streams). */
export function liveViews(db: Knex): LiveViews {
  let views = instances.get(db);
  if (!views) instances.set(db, (views = new LiveViews(db)));
  return views;
}
