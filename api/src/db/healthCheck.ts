import type { Knex } from 'knex';
import pg from 'pg';

/** The parts of knex's client (typed `any`) the check reads: its pool is undefined once destroyed. */
interface KnexClient {
  /** tarn's pool, which tells when it is destroyed. */
  pool?: { on?(event: 'poolDestroyRequest', listener: () => void): void };
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
  return onOwnConnection(db, typeof settings === 'string' ? { connectionString: settings } : settings, ms);
}

/** The checks' own connection to each database, kept between checks (a load balancer asks every few seconds). */
const kept = new WeakMap<Knex, Promise<pg.Client>>();
/** The databases whose pool closes their kept connection when it is destroyed. */
const watched = new WeakSet<Knex>();

/** pg's socket, which its types do not show: unreferenced, a kept connection never holds the process open. */
type Socketed = pg.Client & { connection?: { stream?: { unref?(): void } } };

async function connect(settings: pg.ClientConfig, ms: number): Promise<pg.Client> {
  const connection: Socketed = new pg.Client({ ...settings, connectionTimeoutMillis: ms, keepAlive: true,
    application_name: 'logistics-healthz' });
  connection.on('error', () => undefined); // a dead socket fails the next check; unheard, it would end the process
  await connection.connect();
  connection.connection?.stream?.unref?.();
  return connection;
}

/** Ends the kept connection of `db`'s checks (with its pool, or once it failed: the next check opens another). */
function closeHealthCheck(db: Knex): void {
  const connection = kept.get(db);
  kept.delete(db);
  // With a statement unanswered, pg destroys the socket rather than wait for the server.
  connection?.then((open) => open.end()).catch(() => undefined);
}

/**
 * PostgreSQL: on a connection of its own, never the pool's, so that requests stuck on a hung
 * server (which hold every pooled connection, each for its statement's limit) cannot hold the
 * answer too. The connection is kept for the next check; one that fails is closed, and opening
 * the next is part of that check.
 */
async function onOwnConnection(db: Knex, settings: pg.ClientConfig, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  let connection = kept.get(db);
  if (!connection) {
    connection = connect(settings, ms);
    kept.set(db, connection);
    if (!watched.has(db)) {
      watched.add(db);
      // Closed with the database's pool (db.destroy()), at shutdown and in tests.
      (db.client as KnexClient).pool?.on?.('poolDestroyRequest', () => closeHealthCheck(db));
    }
  }
  try {
    // pg's read timeout: a server that says nothing fails the check (0 would mean no limit).
    const query: pg.QueryConfig & { query_timeout: number } = { text: 'select 1', query_timeout: Math.max(1, deadline - Date.now()) };
    await (await connection).query(query);
    return true;
  } catch {
    if (kept.get(db) === connection) closeHealthCheck(db);
    return false;
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
