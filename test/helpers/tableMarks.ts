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

const markQueries = new WeakMap<Knex, Promise<string>>();

/**
 * One query reading, of every checked table, its row count and the newest transaction that wrote
 * one of its rows (the rows' xmin). A committed insert or update leaves a row written by a newer
 * transaction than any before, a delete one row fewer: either changes the table's mark, while a
 * refused request whose transaction rolled back leaves no row behind. An update to the same values
 * counts as a change too. It reads no row's text: the md5 of every row as text, sorted, took 48 ms
 * a reading on PGlite, and the fuzz and role-matrix files read it after every refused write.
 */
async function buildMarkQuery(db: Knex): Promise<string> {
  const tables: string[] = (await db.raw(
    `select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`)).rows
    .map((row: { table_name: string }) => row.table_name)
    .filter((table: string) => !MAY_CHANGE_ON_REFUSAL.some((pattern) => pattern.test(table)));
  return tables.map((table) => `select '${table}' as name,
    count(*) || ':' || coalesce(max(t.xmin::text::bigint), 0) as mark from "${table}" t`).join(' union all ');
}

/** The mark (row count and newest writer) of every table a refusal must leave alone, by table name. */
export async function tableMarks(db: Knex): Promise<Record<string, string>> {
  let query = markQueries.get(db);
  if (!query) markQueries.set(db, (query = buildMarkQuery(db)));
  const rows: Array<{ name: string; mark: string }> = (await db.raw(await query)).rows;
  return Object.fromEntries(rows.map((row) => [row.name, row.mark]));
}

/** The tables whose marks differ between two readings. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((t) => before[t] !== after[t]).sort();
}

/** The activity-log rows written by requests sent with these User-Agent headers (each test request names itself so). */
export async function activityOf(db: Knex, userAgents: string[]): Promise<Array<{ action: string; userAgent: string }>> {
  if (userAgents.length === 0) return [];
  return db('activityLogs').whereIn('userAgent', userAgents).orderBy('id').select('action', 'userAgent');
}
