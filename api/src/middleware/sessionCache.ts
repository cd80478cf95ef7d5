import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { changeFeed, type SessionNotice } from '../live/changeFeed';
import type { User } from '../users/User';

/**
 * What a request's session read finds: the live session row and its live user (none: null), read
 * with their permission rows (access.ts `readWith`). The user is shared by every request the read
 * is kept for: read only.
 */
export interface SessionRead {
  data: unknown;
  /** Epoch ms of the row's idle expiry. */
  expiresAt: number;
  /** The session's user, live or not. */
  userId: number | null;
  user: User | null;
}

/** Sessions kept per instance: a busy instance's signed-in people, many times over. */
const MAX_SESSIONS = 10_000;
/** However reliably notices come, a kept session is read anew this long after. */
const KEPT_MS = 60_000;
/** How long a request that wrote waits to hear its own notices (caughtUp). */
const CATCH_UP_MS = 1_000;

/**
 * The sessions an instance read, kept for the requests after: each request read its session, user
 * and permission rows before (the most frequent statement of the app). What may change one of them
 * sends a notice at commit to every instance (migrations/20261130000100_session_notices.ts), heard
 * through the change feed's connection: the sessions or users it names are read anew on their next
 * request, so a sign-out, a deactivation or a permission change acts on every instance as soon as
 * its notice arrives. Nothing is kept while the feed does not listen (not yet, or its connection
 * lost): every request reads its session then, as before.
 */
class SessionCache {
  private readonly kept = new LRUCache<string, SessionRead>({ max: MAX_SESSIONS, ttl: KEPT_MS });
  private listening = false;
  private unsubscribe?: () => void;
  /**
   * Counts notices: a read under way when one arrives is not kept, since it may have read the
   * session before the change the notice tells of committed.
   */
  private generation = 0;

  constructor(private readonly db: Knex) {}

  /** The kept read of session `id`, if any and not expired. */
  get(id: string): SessionRead | undefined {
    const read = this.listening ? this.kept.get(id) : undefined;
    return read && read.expiresAt > Date.now() ? read : undefined;
  }

  /**
   * Reads session `id` with `read`, keeping what it finds unless a notice came meanwhile; a session
   * not found (ended, expired) is kept no longer.
   */
  async read(id: string, read: () => Promise<SessionRead | undefined>): Promise<SessionRead | undefined> {
    const generation = this.generation;
    const found = await read();
    if (!found) this.kept.delete(id);
    else if (this.listening && generation === this.generation) this.kept.set(id, found);
    return found;
  }

  /** This instance changed or ended session `id`: forgotten at once, before its notice comes back. */
  forget(id: string): void {
    this.generation += 1;
    this.kept.delete(id);
  }

  /**
   * Waits until this instance has heard the notices of what a request wrote (at most a second;
   * past that, it forgets every session kept): the writer's own next request, or anyone's on this
   * instance, sees the change.
   */
  async caughtUp(): Promise<void> {
    if (!this.listening) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => { timer = setTimeout(() => resolve(true), CATCH_UP_MS); });
    if (await Promise.race([changeFeed(this.db).caughtUp().then(() => false), late])) this.forgetAll(this.listening);
    clearTimeout(timer);
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.forgetAll(false);
  }

  /** Starts listening (once): sessions are kept from when the change feed listens. */
  start(): void {
    if (this.unsubscribe) return;
    const feed = changeFeed(this.db);
    this.unsubscribe = feed.subscribe({
      onSessions: (notice) => this.changed(notice),
      onLost: () => this.forgetAll(false),
      onResync: () => this.forgetAll(feed.connected),
    });
    void feed.listening.then(() => {
      if (this.unsubscribe) this.forgetAll(feed.connected);
    });
  }

  private changed(notice: SessionNotice): void {
    this.generation += 1;
    if (!notice) return this.kept.clear();
    for (const id of notice.sessions ?? []) this.kept.delete(id);
    const users = new Set(notice.users ?? []);
    if (users.size === 0) return;
    for (const [id, read] of this.kept.entries()) if (read.userId !== null && users.has(read.userId)) this.kept.delete(id);
  }

  private forgetAll(listening: boolean): void {
    this.generation += 1;
    this.kept.clear();
    this.listening = listening;
  }
}

const caches = new WeakMap<Knex, SessionCache>();

/** The session cache of a database in this process (one per database, shared by its requests). */
export function sessionCache(db: Knex): SessionCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new SessionCache(db)));
  return cache;
}
