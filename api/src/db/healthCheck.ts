import type { Knex } from 'knex';
import pg from 'pg';

/** The parts of knex's client (typed `any`) the check reads: its pool is undefined once destroyed. */
interface KnexClient {
  pool?: unknown;
  connectionSettings?: string | pg.ClientConfig;
}

/** The check under way, per database: callers at the same time share it. */
const running = new WeakMap<Knex, Promise<boolean>>();

/**
 * Whether the database answers `select 1` within `ms`, for /healthz. Concurrent callers share one
 * check, so a flood of them costs the server one connection at a time.
 */
export function databaseAnswers(db: Knex, ms: number): Promise<boolean> {
  let check = running.get(db);
  if (!check) {
    check = answers(db, ms).finally(() => running.delete(db));
    running.set(db, check);
  }
  return check;
}

async function answers(db: Knex, ms: number): Promise<boolean> {
  const client = db.client as KnexClient;
  if (!client.pool) return false; // closed: the server is shutting down
  const settings = client.connectionSettings;
  // Embedded PGlite (db/knex.ts) has no settings to open a connection with.
  if ('pglite' in client || !settings) return throughPool(db, ms);
  return onOwnConnection(typeof settings === 'string' ? { connectionString: settings } : settings, ms);
}

/**
 * PostgreSQL: on a connection of its own, never the pool's, so that requests stuck on a hung
 * server (which hold every pooled connection, each for its statement's limit) cannot hold the
 * answer too. Opening it is part of the check, and the connection is closed after it.
 */
async function onOwnConnection(settings: pg.ClientConfig, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  const connection = new pg.Client({ ...settings, connectionTimeoutMillis: ms, statement_timeout: ms, keepAlive: false });
  connection.on('error', () => undefined); // a dead socket fails the check below; unheard, it would end the process
  try {
    await connection.connect();
    // pg's read timeout: a server that says nothing fails the check (0 would mean no limit).
    const query: pg.QueryConfig & { query_timeout: number } = { text: 'select 1', query_timeout: Math.max(1, deadline - Date.now()) };
    await connection.query(query);
    return true;
  } catch {
    return false;
  } finally {
    // With a statement unanswered, pg destroys the socket rather than wait for the server.
    connection.end().catch(() => undefined);
  }
}

/**
 * Embedded PGlite has one connection, the pool's: a check that waits longer than `ms` for it is
 * left to finish or fail on its own.
 */
async function throughPool(db: Knex, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const check = db.raw('select 1').then(() => true, () => false);
  const tooLate = new Promise<boolean>((resolve) => { timer = setTimeout(resolve, ms, false); });
  try {
    return await Promise.race([check, tooLate]);
  } finally {
    clearTimeout(timer);
  }
}
