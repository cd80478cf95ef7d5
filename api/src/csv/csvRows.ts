import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import type { Knex } from 'knex';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * How the rows reach the CSV: `copy` has PostgreSQL write them (COPY … TO STDOUT, format csv);
 * `batches` reads them by key and writes them with csv-stringify, for embedded PGlite, which has
 * no COPY TO STDOUT. Both write the same bytes (test/api/orderExport.test.ts).
 */
export type RowSource = 'copy' | 'batches';

/** Embedded PGlite's knex client holds the PGlite instance (db/knex.ts, databaseStarted). */
const rowSource = (db: Knex): RowSource => ('pglite' in db.client ? 'batches' : 'copy');

/** The fallback reads rows by key (docs/api-conventions.md#list-exports), plain rows, 5000 a statement. */
const BATCH = 5000;

/** The parts of knex's client (typed `any`) that lend out a raw connection. */
interface ConnectionPool {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
}

/** knex's pg connection: knex's pool drops it on its next turn once `__knex__disposed` is set. */
type PgConnection = pg.Client & { __knex__disposed?: unknown; connectionParameters: { query_timeout?: number } };

/**
 * The order rows are read in: the list's sort column, then the id, both in `order`. PostgreSQL
 * puts nulls last in ascending order and first in descending order; the batches read them alike.
 */
export interface RowOrder {
  key: string;
  id: string;
  order: 'asc' | 'desc';
}

/**
 * `head` then the rows of `cells` as CSV, in `order`, in one stream for the response body. Each
 * cell of `cells` is text as it should appear (formulas neutralised) or null for an empty cell, so
 * that neither COPY nor csv-stringify adds anything but their common quoting (a field with , " CR
 * or LF is quoted, its quotes doubled; COPY writes an empty string as "", hence null).
 *
 * With `copy`, resolves once a connection is held, so a full pool still answers an error, not a
 * broken download. Afterwards a failure (the client leaving, the database failing) destroys the
 * stream: the caller sees it as a cut-off response, never as an exception.
 */
export async function csvStream(db: Knex, head: Buffer, cells: Knex.QueryBuilder, order: RowOrder,
  source: RowSource = rowSource(db)): Promise<Readable> {
  const out = new PassThrough();
  out.write(head);
  if (source === 'batches') {
    pipeline(Readable.from(batches(db, cells, order)), out).catch(() => undefined);
    return out;
  }
  const pool = db.client as ConnectionPool;
  const connection = (await pool.acquireConnection()) as PgConnection;
  void (async () => {
    try {
      await copyRows(connection, cells.clone().orderBy(order.key, order.order).orderBy(order.id, order.order).toString(), out);
    } catch (err) {
      // In doubt about the connection's state (a COPY cut short still runs on the server): closed,
      // never handed back to the pool as it is.
      connection.__knex__disposed = err;
      connection.end().catch(() => undefined);
      out.destroy(err as Error);
    } finally {
      await pool.releaseConnection(connection).catch(() => undefined);
    }
  })();
  return out;
}

async function copyRows(connection: PgConnection, sql: string, out: PassThrough): Promise<void> {
  // One COPY streams as long as the client reads: the per-statement limit (db/knex.ts) would cut a
  // big export, or a slow reader, short. The client leaving still stops it (the connection closes).
  await connection.query('set statement_timeout = 0');
  const copy = withoutReadTimeout(connection, () => connection.query(copyTo(`copy (${sql}) to stdout with (format csv)`)));
  // pg reports a connection closed mid-COPY to this stream after pipeline() has let go of it.
  copy.on('error', () => undefined);
  await pipeline(copy, out);
  await connection.query('reset statement_timeout');
}

/**
 * Sends `query` without pg's client-side read timeout (query_timeout): its timer is only cleared by
 * a callback that a COPY stream never calls, so it would fail an export running longer than the
 * timeout, and fire on the connection's next user after a shorter one.
 */
function withoutReadTimeout<T>(connection: PgConnection, query: () => T): T {
  const params = connection.connectionParameters;
  const timeout = params.query_timeout;
  params.query_timeout = undefined;
  try {
    return query();
  } finally {
    params.query_timeout = timeout;
  }
}

/** The rows after the last one read: its sort key (as text, so no precision is lost) and id, nulls placed as PostgreSQL places them. */
function after(query: Knex.QueryBuilder, { key, id, order }: RowOrder, last: { key: string | null; id: string }): void {
  const past = order === 'asc' ? '>' : '<';
  if (last.key === null) {
    // Nulls are last ascending: only nulls follow. First descending: every value follows.
    if (order === 'asc') query.whereNull(key).where(id, past, last.id);
    else query.where((q) => q.whereNotNull(key).orWhere(id, past, last.id));
    return;
  }
  query.where((q) => {
    q.where(key, past, last.key!).orWhere((same) => same.where(key, last.key!).where(id, past, last.id));
    if (order === 'asc') q.orWhereNull(key);
  });
}

async function* batches(db: Knex, cells: Knex.QueryBuilder, order: RowOrder): AsyncGenerator<string> {
  let last: { key: string | null; id: string } | undefined;
  for (;;) {
    const page = cells.clone().select(db.raw('??::text as __key', [order.key]), db.raw('?? as __id', [order.id]))
      .orderBy(order.key, order.order).orderBy(order.id, order.order).limit(BATCH);
    if (last !== undefined) after(page, order, last);
    const rows = (await page) as Array<Record<string, unknown>>;
    // Cells are already what they should read: no cast, only csv-stringify's quoting. The last two are the key.
    const values = rows.map((row) => Object.values(row));
    if (rows.length > 0) yield stringify(values.map((row) => row.slice(0, -2)));
    if (rows.length < BATCH) return;
    const [key, id] = values[values.length - 1].slice(-2);
    last = { key: key as string | null, id: id as string };
  }
}
