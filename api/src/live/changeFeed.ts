import type { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import pg from 'pg';
import type { LiveChange } from '@kernel/live/liveChange';
import { personNameSql } from '../users/personNameSql';
import { ActivityLog } from '../activity/ActivityLog';

/**
 * A change as the live streams read it: the LiveChange they send and, for an order, the delivery
 * areas it was in just before and after the change (kept on its log row when written), so that a
 * dispatcher's stream can keep to their own areas.
 */
export interface Change extends LiveChange {
  areas?: number[];
  /**
   * It may change what someone may see: a permission change (everyone), or a change to a user
   * that may end their sessions or change their status, role or areas (that user). A sign-in, a
   * failed one, an edit of a name may not.
   */
  altersView: boolean;
}

/**
 * What a listener hears of, each optional: changes (onChanges), whose notifications changed
 * (onNotified; null: anyone's), which sessions and users changed (onSessions; null: any, see
 * migrations/20261130000100_session_notices.ts), that notices may have been missed (onLost, when the
 * connection is lost) and that the feed hears notices again after that (onResync).
 */
export interface Listener {
  onChanges?: (changes: Change[]) => void;
  onResync?: () => void;
  onNotified?: (userIds: number[] | null) => void;
  onSessions?: (changed: SessionNotice) => void;
  onLost?: () => void;
}

/** The sessions, or the users whose sessions, changed; null: any. */
export type SessionNotice = { sessions?: string[]; users?: number[] } | null;

const CHANNEL = 'app_changes';
/** Notifications are no activity-log rows: their own notices name whose changed (migrations/20261129000300_notification_notices.ts). */
const NOTIFICATION_CHANNEL = 'app_notifications';
const SESSION_CHANNEL = 'app_sessions';
/** The most rows one catch-up reads; a stream further behind is told to refetch everything. */
export const CATCH_UP_LIMIT = 500;
const RECONNECT_MS = 1_000;

/** The id of the latest activity-log row (0 when none): where a new stream starts. */
export async function latestSeq(db: Knex): Promise<number> {
  const [{ seq }] = await ActivityLog.query(db).max('id as seq').castTo<Array<{ seq: number | null }>>();
  return Number(seq ?? 0);
}

/** Change.altersView of the log row `l`: a user's edit alters views only through their status, role or areas. */
const ALTERS_VIEW_SQL = `l.entity_type = 'permission' or l.entity_type = 'user' and l.action not in ('login', 'login_failed')
  and (l.action <> 'update' or coalesce(l.changes -> 'status', l.changes -> 'role', l.changes -> 'deliveryAreaIds') is not null)`;

/** The activity-log rows of a range of ids, as changes. */
export async function readChanges(db: Knex, after: number, upTo?: number): Promise<Change[]> {
  const query = db('activityLogs as l').leftJoin('users as u', 'u.id', 'l.userId')
    .where('l.id', '>', after)
    .select('l.id', 'l.entityType', 'l.entityId', 'l.action', 'l.userId', 'l.at', 'l.tabId', 'l.orderAreaIds',
      db.raw(`coalesce(nullif(${personNameSql('u')}, ''), l.username) as by`), db.raw(`coalesce(${ALTERS_VIEW_SQL}, false) as alters_view`))
    .orderBy('l.id').limit(CATCH_UP_LIMIT + 1);
  if (upTo !== undefined) query.where('l.id', '<=', upTo);
  const rows: Array<Record<string, unknown>> = await query;
  return rows.map((row) => ({
    seq: Number(row.id), type: row.entityType as string | null, id: row.entityId as string | null, action: row.action as string,
    userId: row.userId as number | null, by: row.by as string | null, at: new Date(row.at as string).toISOString(),
    tab: row.tabId as string | null, altersView: row.altersView === true,
    ...(row.entityType === 'order' ? { areas: (row.orderAreaIds as number[] | null) ?? [] } : {}),
  }));
}

/**
 * The changes committed to one database, as notices on `app_changes` tell them: PostgreSQL's
 * LISTEN on a connection of its own (so every instance of the app hears every other's), or the
 * embedded PGlite's own listener. It listens while some stream subscribes; after a lost
 * connection it listens again and tells the streams to resync, since notices were missed.
 */
class ChangeFeed {
  private readonly listeners = new Set<Listener>();
  private stop?: () => Promise<void>;
  /** The PostgreSQL connection listening (none on PGlite, whose notices come with the statement that sent them). */
  private client?: pg.Client;
  private reconnect?: NodeJS.Timeout;
  /** Notices are read one after another, so streams get changes in commit order. */
  private reading: Promise<void> = Promise.resolve();
  /**
   * The statements on the listening connection, sent one after another: pg queues a query sent while
   * another runs, a use it deprecates and pg@9 refuses, and writing requests ask caughtUp at once.
   */
  private statements: Promise<unknown> = Promise.resolve();
  /** caughtUp's round trip not sent yet, shared by whoever asks before it goes. */
  private nextRoundTrip?: Promise<void>;

  constructor(private readonly db: Knex) {}

  /** Resolves once the feed hears notices (or has given up for now and will resync): what commits after, it tells. */
  private ready: Promise<void> = Promise.resolve();
  get listening(): Promise<void> {
    return this.ready;
  }

  /**
   * Resolves once every notice of a transaction committed before the call has been heard: the
   * server sends a listening connection its pending notices before the answer to its next
   * statement. A request that wrote waits for it, so its own instance acts on what it changed
   * before the answer goes out (sessionCache.ts). At once where nothing listens.
   */
  async caughtUp(): Promise<void> {
    const client = this.client;
    if (!client) return;
    // A round trip sent after the call, shared by every call made before it is sent. One still
    // queued on a lost connection, sent after a new one's was asked for, leaves that one shared.
    if (!this.nextRoundTrip) {
      const roundTrip: Promise<void> = this.statement(() => {
        if (this.nextRoundTrip === roundTrip) this.nextRoundTrip = undefined;
        return client.query('select 1');
      }).then(() => undefined, () => undefined);
      this.nextRoundTrip = roundTrip;
    }
    await this.nextRoundTrip;
  }

  /** Sends `send`'s statement on the listening connection once the one before it has answered. */
  private statement<T>(send: () => Promise<T>): Promise<T> {
    const sent = this.statements.then(send);
    this.statements = sent.catch(() => undefined);
    return sent;
  }

  /** Whether it listens now (notices come), rather than waiting to listen again after a lost connection. */
  get connected(): boolean {
    return this.stop !== undefined;
  }

  /** Starts telling `listener` of changes; answers the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.ready = this.listen();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.quiet();
    };
  }

  private notice(payload: string | undefined) {
    // Read only for someone who hears of changes (the session cache listens to the feed, and hears of none).
    if (![...this.listeners].some((listener) => listener.onChanges)) return;
    let range: { from: number; to: number };
    try {
      range = JSON.parse(payload ?? '');
    } catch {
      return;
    }
    this.reading = this.reading.then(async () => {
      const changes = await readChanges(this.db, Number(range.from) - 1, Number(range.to));
      // A statement of more rows (an import) is told as a resync: everything shown refetches once.
      if (changes.length > CATCH_UP_LIMIT) this.resync();
      else if (changes.length > 0) for (const listener of this.listeners) listener.onChanges?.(changes);
    }).catch(() => this.resync());
  }

  private notified(payload: string | undefined) {
    let userIds: unknown;
    try {
      userIds = JSON.parse(payload ?? '');
    } catch {
      return;
    }
    if (userIds !== null && !Array.isArray(userIds)) return;
    // After the changes read before it, in commit order: the bell refetches after what it names.
    this.reading = this.reading.then(() => {
      for (const listener of this.listeners) listener.onNotified?.(userIds as number[] | null);
    }).catch(() => this.resync());
  }

  /** Told at once, not after the changes under way: a session that ended must not be served a moment longer. */
  private sessionsChanged(payload: string | undefined) {
    let changed: SessionNotice;
    try {
      changed = JSON.parse(payload ?? '');
    } catch {
      changed = null;
    }
    for (const listener of this.listeners) listener.onSessions?.(changed);
  }

  private resync() {
    for (const listener of this.listeners) listener.onResync?.();
  }

  private async listen(): Promise<void> {
    const pglite = (this.db.client as { pglite?: PGlite }).pglite;
    try {
      if (pglite) {
        const unlisten = await pglite.listen(CHANNEL, (payload) => this.notice(payload));
        const unlistenNotifications = await pglite.listen(NOTIFICATION_CHANNEL, (payload) => this.notified(payload));
        const unlistenSessions = await pglite.listen(SESSION_CHANNEL, (payload) => this.sessionsChanged(payload));
        this.stop = async () => {
          await unlisten();
          await unlistenNotifications();
          await unlistenSessions();
        };
        return;
      }
      const client = new pg.Client((this.db.client as { connectionSettings: pg.ClientConfig }).connectionSettings);
      const stop = () => {
        if (this.client === client) this.client = undefined;
        return client.end();
      };
      this.stop = stop;
      this.client = client;
      // A statement left on a lost connection holds back none on the new one.
      this.statements = Promise.resolve();
      this.nextRoundTrip = undefined;
      client.on('notification', (message) => {
        if (message.channel === NOTIFICATION_CHANNEL) this.notified(message.payload);
        else if (message.channel === SESSION_CHANNEL) this.sessionsChanged(message.payload);
        else this.notice(message.payload);
      });
      // Only the connection listening now: one ended before (quiet, then listening again) is no loss.
      client.on('error', () => this.lost(stop));
      client.on('end', () => this.lost(stop));
      await this.statement(async () => {
        await client.connect();
        await client.query(`listen ${CHANNEL}; listen ${NOTIFICATION_CHANNEL}; listen ${SESSION_CHANNEL}`);
      });
    } catch {
      this.lost(this.stop);
    }
  }

  private lost(stop: (() => Promise<void>) | undefined) {
    if (!stop || this.stop !== stop || this.listeners.size === 0 || this.reconnect) return;
    this.stop = undefined;
    for (const listener of this.listeners) listener.onLost?.();
    stop().catch(() => undefined);
    this.reconnect = setTimeout(() => {
      this.reconnect = undefined;
      if (this.listeners.size === 0) return;
      this.ready = this.listen().then(() => this.resync());
    }, RECONNECT_MS);
  }

  private quiet() {
    clearTimeout(this.reconnect);
    this.reconnect = undefined;
    const stop = this.stop;
    this.stop = undefined;
    stop?.().catch(() => undefined);
  }
}

const feeds = new WeakMap<Knex, ChangeFeed>();

/** The change feed of a database (one per database and process, shared by its streams). */
export function changeFeed(db: Knex): ChangeFeed {
  let feed = feeds.get(db);
  if (!feed) feeds.set(db, (feed = new ChangeFeed(db)));
  return feed;
}
