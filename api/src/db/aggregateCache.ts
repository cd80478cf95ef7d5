import type { Knex } from 'knex';

interface Entry {
  at: number;
  value: Promise<unknown>;
}

// One cache per database (each test app has its own); entries are few: one per public endpoint.
const caches = new WeakMap<Knex, Map<string, Entry>>();

/**
 * The value of `compute` for `key`, at most `ttlMs` old. Single flight: callers that arrive while
 * it is being computed share that one computation. A failed computation is not kept.
 */
export function cachedAggregate<T>(db: Knex, key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const entry = cache.get(key);
  if (entry && Date.now() - entry.at < ttlMs) return entry.value as Promise<T>;
  const value = compute();
  const fresh = { at: Date.now(), value };
  cache.set(key, fresh);
  value.catch(() => {
    if (cache.get(key) === fresh) cache.delete(key);
  });
  return value;
}
