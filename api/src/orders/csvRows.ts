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
export const rowSource = (db: Knex): RowSource => ('pglite' in db.client ? 'batches' : 'copy');

/** The fallback reads rows by key (docs/api-conventions.md#other-calls), plain rows, 5000 a statement. */
const BATCH = 5000;

/** The parts of knex's client (typed `any`) that lend out a raw connection. */
interface ConnectionPool {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
}

/** knex's pg connection: knex's pool drops it on its next turn once `__knex__disposed` is set. */
type PgConnection = pg.Client & { __knex__disposed?: unknown; connectionParameters: { query_timeout?: number } };

/**
 * `head` then the rows of `cells` as CSV, in one stream for the response body. `cells` selects the
 * cells, in order, of rows ordered by `orders.id` desc and has an `id` column: each cell is text
 * as it should appear (formulas neutralised) or null for an empty cell, so that neither COPY nor
 * csv-stringify adds anything but their common quoting (a field with , " CR or LF is quoted, its
 * quotes doubled; COPY writes an empty string as "", hence null).
 *
 * With `copy`, resolves once a connection is held, so a full pool still answers an error, not a
 * broken download. Afterwards a failure (the client leaving, the database failing) destroys the
 * stream: the caller sees it as a cut-off response, never as an exception.
 */
export async function csvStream(db: Knex, head: Buffer, cells: Knex.QueryBuilder,
  source: RowSource = rowSource(db)): Promise<Readable> {
  const out = new PassThrough();
  out.write(head);
  if (source === 'batches') {
    pipeline(Readable.from(batches(cells)), out).catch(() => undefined);
    return out;
  }
  const pool = db.client as ConnectionPool;
  const connection = (await pool.acquireConnection()) as PgConnection;
  void (async () => {
    try {
      await copyRows(connection, cells.toString(), out);
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

async function* batches(cells: Knex.QueryBuilder): AsyncGenerator<string> {
  let last: number | undefined;
  for (;;) {
    const page = cells.clone().limit(BATCH);
    if (last !== undefined) page.where('orders.id', '<', last);
    const rows = (await page) as Array<Record<string, unknown>>;
    // Cells are already what they should read: no cast, only csv-stringify's quoting.
    if (rows.length > 0) yield stringify(rows.map((row) => Object.values(row)));
    if (rows.length < BATCH) return;
    last = rows[rows.length - 1].id as number;
  }
}
