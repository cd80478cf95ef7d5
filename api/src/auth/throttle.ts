import type { Knex } from 'knex';
import { httpError } from '../httpError';

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;

/**
 * Refuses a login attempt (429) while the username or the IP has MAX_FAILURES failed logins
 * in the last WINDOW_MS; the failures are the `login_failed` activity-log rows.
 */
export async function assertNotThrottled(db: Knex, username: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MS);
  const recent = (q: Knex.QueryBuilder) => q.where({ action: 'login_failed' }).andWhere('at', '>', since);
  const [byName, byIp] = await Promise.all([
    recent(db('activityLogs')).whereRaw(`lower(changes->>'username') = lower(?)`, [username])
      .orderBy('at', 'desc').limit(MAX_FAILURES).select('at'),
    recent(db('activityLogs')).where({ ip }).orderBy('at', 'desc').limit(MAX_FAILURES).select('at'),
  ]);
  const blocking = [byName, byIp].filter((rows) => rows.length >= MAX_FAILURES);
  if (blocking.length === 0) return;
  // Free again when the oldest of the counted failures leaves the window.
  const freeAt = Math.max(...blocking.map((rows) => new Date(rows[MAX_FAILURES - 1].at).getTime() + WINDOW_MS));
  const seconds = Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
  throw Object.assign(httpError(429, `Too many failed logins: try again in ${Math.ceil(seconds / 60)} minutes`),
    { headers: { 'Retry-After': String(seconds) } });
}
