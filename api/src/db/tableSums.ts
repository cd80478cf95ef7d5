import type { Knex } from 'knex';

/** The tables of the database's current schema, by name. */
export async function schemaTables(db: Knex): Promise<string[]> {
  return db('pg_tables').where('schemaname', db.raw('current_schema()')).orderBy('tablename').pluck('tablename');
}

/** What a query runner answers: PGlite's query and pg's both give `{ rows }`. */
export type RunQuery = <Row>(sql: string) => Promise<{ rows: Row[] }>;

/** A table's row count and a checksum of its rows, read the same way on any PostgreSQL. */
export interface TableSum {
  table: string;
  rows: number;
  sum: string;
}

/**
 * Settings a row's text depends on (time zone, date and float formats), made the same on both
 * sides before their checksums are compared.
 */
export const TEXT_SETTINGS = ["set timezone to 'UTC'", "set datestyle to 'ISO, MDY'", "set intervalstyle to 'postgres'",
  'set extra_float_digits to 1', "set bytea_output to 'hex'"];

/**
 * Each table's row count and the sum over its rows of 60 bits of the md5 of the row's text: any
 * changed, lost or added row changes it, in whatever order the rows are stored, without sorting
 * or holding them.
 */
export async function tableSums(run: RunQuery, tables: string[]): Promise<TableSum[]> {
  const sums: TableSum[] = [];
  for (const table of tables) {
    const { rows } = await run<{ rows: number; sum: string }>(`select count(*)::int as rows,
      coalesce(sum(('x' || left(md5(t::text), 15))::bit(60)::bigint), 0)::text as sum from "${table}" t`);
    sums.push({ table, rows: rows[0].rows, sum: rows[0].sum });
  }
  return sums;
}
