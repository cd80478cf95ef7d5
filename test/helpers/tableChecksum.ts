import type { Knex } from 'knex';

/**
 * Tables a refused request may legitimately write: the session store (a request may touch or
 * end its session), the audit trail (a failed login is recorded) and the throttle's counters
 * of login and registration attempts; and knex's migration bookkeeping, which no request touches.
 * Everything else must be left exactly as it was.
 */
const MAY_CHANGE_ON_REFUSAL = [/^sessions$/, /^activity_logs$/, /attempt/, /^knex_migrations/];

/** What a refusal may add to the activity log: the record of a failed sign-in, nothing else. */
export const REFUSAL_LOG_ACTIONS: readonly string[] = ['login_failed'];

const checksumQueries = new WeakMap<Knex, Promise<string>>();

/** One query computing an md5 of every checked table: its rows as text, in id order. */
async function buildChecksumQuery(db: Knex): Promise<string> {
  const columns: Array<{ table_name: string; column_name: string }> = (await db.raw(
    `select table_name, column_name from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`)).rows;
  const tables = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    if (MAY_CHANGE_ON_REFUSAL.some((pattern) => pattern.test(table))) continue;
    tables.set(table, [...(tables.get(table) ?? []), column]);
  }
  // A table without an id column (a join table) is ordered by the whole row.
  const parts = [...tables].map(([table, cols]) => {
    const order = cols.includes('id') ? 't.id, t::text' : 't::text';
    return `select '${table}' as name, md5(coalesce(string_agg(t::text, E'\\n' order by ${order}), '')) as sum from "${table}" t`;
  });
  return parts.join(' union all ');
}

/** The checksum of every table a refusal must leave alone, by table name. */
export async function tableChecksums(db: Knex): Promise<Record<string, string>> {
  let query = checksumQueries.get(db);
  if (!query) checksumQueries.set(db, (query = buildChecksumQuery(db)));
  const rows: Array<{ name: string; sum: string }> = (await db.raw(await query)).rows;
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}

/** The tables whose checksums differ between two readings. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]).sort();
}

/** The activity-log rows written by requests sent with these User-Agent headers (each test request names itself so). */
export async function activityOf(db: Knex, userAgents: string[]): Promise<Array<{ action: string; userAgent: string }>> {
  if (userAgents.length === 0) return [];
  return db('activityLogs').whereIn('userAgent', userAgents).orderBy('id').select('action', 'userAgent');
}
