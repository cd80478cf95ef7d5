import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Model } from 'objection';
import { identifierMappers } from './columnName';
import { DEFAULT_DATABASE_POOL_MAX, projectRoot, type DatabaseTimeouts } from '../foundation/config';
import { repeatFilter } from '../foundation/errorLog';
import { currentQueryTimeout } from './deadline';
import { log } from '../foundation/log';
import { lockDataDir } from './dataDirLock';

// knex-pglite is a CommonJS module whose export is the client class itself.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const KnexPgLite = require('knex-pglite');

/**
 * knex-pglite names a statement's command after knex's method, which for a delete is `del`: knex's
 * PostgreSQL client then knows no `DEL` and answers the raw result instead of the count of rows
 * deleted. Named `delete` here, a delete counts as on a server.
 */
class ClientPgLite extends KnexPgLite {
  processResponse(obj: { method?: string }, runner: unknown) {
    return super.processResponse(obj.method === 'del' ? { ...obj, method: 'delete' } : obj, runner);
  }
}
// knex's own PostgreSQL client class, extended below (knex-pglite extends it the same way).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ClientPg = require('knex/lib/dialects/postgres/index.js');

/** pg's message when query_timeout passes without a word from the server. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

/** What pg keeps of a connection that its types do not declare. */
type PgConnection = pg.Client & { __knex__disposed?: unknown; processID: number | null; secretKey: number | null;
  connectionParameters: { host: string; port: number } };

/** pg's protocol connection, as far as a cancel request uses it (its types declare neither method). */
type CancelConnection = pg.Connection & { connect(port: number | string, host?: string): void; cancel(processID: number, secretKey: number): void };

/** How long a cancel request may take to reach the server before its socket is dropped. */
const CANCEL_MS = 2_000;

/**
 * Asks the server to end the statement `client` is running (PostgreSQL's cancel request, sent by
 * pg's own protocol code on a connection of its own): the app stopped waiting for it, and left
 * alone it would go on until the server's statement_timeout, holding its locks (issue #38). Best
 * effort: a server that does not answer gets the request when it is back, or never.
 */
function cancelStatement(client: PgConnection): void {
  const { processID, secretKey, connectionParameters: { host, port } } = client;
  if (processID === null || secretKey === null) return;
  const canceller = new pg.Connection() as CancelConnection;
  canceller.on('error', () => undefined);
  canceller.once('connect', () => canceller.cancel(processID, secretKey));
  setTimeout(() => canceller.stream.destroy(), CANCEL_MS).unref();
  if (host.startsWith('/')) canceller.connect(`${host}/.s.PGSQL.${port}`);
  else canceller.connect(port, host);
}

/**
 * knex's pg client, except that a statement of a person's request gets that request's short
 * client-side limit (db/deadline.ts), and a connection whose query got no answer within its
 * query_timeout has its statement cancelled and is closed rather than put back in the pool. pg
 * answers the caller but leaves the statement pending on the connection: the next user would wait
 * behind it or, worse, find itself inside a transaction whose BEGIN the server ran after the app
 * had given up on it, never committed. Closed, the server ends that session (and rolls it back) as
 * soon as it reads again; cancelled, it stops the statement now rather than when it would next read.
 */
class PgClient extends ClientPg {
  async _query(connection: PgConnection, obj: { options?: object }) {
    const queryTimeout = currentQueryTimeout();
    if (queryTimeout !== undefined) obj.options = { query_timeout: queryTimeout, ...obj.options };
    try {
      return await super._query(connection, obj);
    } catch (err) {
      if ((err as Error).message === QUERY_READ_TIMEOUT) {
        connection.__knex__disposed = err;
        cancelStatement(connection);
        connection.end().catch(() => undefined);
      }
      throw err;
    }
  }
}

/**
 * pg gives up on a statement this long after the server's statement_timeout would have: a slow
 * statement is cancelled by the server (the connection stays good), and only a server that says
 * nothing at all (paused, cut off) meets the client-side timeout.
 */
const QUERY_TIMEOUT_MARGIN_MS = 2_000;

/**
 * TCP keepalive probes on a connection idle this long: a pooled connection whose server or network
 * path died is found dead (and dropped) while idle, not by the next request that picks it.
 */
const KEEPALIVE_IDLE_MS = 10_000;

// A calendar date (pickup date, MOS date) stays 'YYYY-MM-DD': as a JS Date it would shift with
// the server's time zone.
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (text: string) => text);
// A bigint (the activity log's ids, count(*)) is a number, as PGlite gives it, so the API answers
// alike on either database; past 2^53 it stays text rather than lose digits.
const INT8_OID = 20;
pg.types.setTypeParser(INT8_OID, (text: string) => (Number.isSafeInteger(Number(text)) ? Number(text) : text));

export interface DatabaseTarget {
  /** postgres://… for a PostgreSQL server; undefined for embedded PGlite. */
  databaseUrl?: string;
  /** PGlite storage: a folder, or 'memory://' for a throw-away database. */
  dataDir?: string;
  /** A PGlite data folder dumped by dumpDataDir() to start from (tests start from a prepared copy). */
  loadDataDir?: Blob;
  /**
   * The server's limits (config.ts). Without them (the knex CLI, the benchmarks' bulk inserts)
   * knex's defaults apply and no statement is cut short.
   */
  timeouts?: DatabaseTimeouts;
}

/**
 * The migrations compiled by `npm run build` (build/migrations/*.js), under the names knex records
 * of the sources it ran before (`….ts`): a database migrated by either keeps working with the other.
 */
class CompiledMigrations implements Knex.MigrationSource<string> {
  constructor(private readonly folder: string) {}

  async getMigrations(): Promise<string[]> {
    return fs.readdirSync(this.folder).filter((name) => name.endsWith('.js')).sort().map((name) => name.replace(/\.js$/, '.ts'));
  }

  getMigrationName(name: string): string {
    return name;
  }

  async getMigration(name: string): Promise<Knex.Migration> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(path.join(this.folder, name.replace(/\.ts$/, '.js')));
  }
}

/** Compiled, this module is part of build/server.js, beside build/migrations. */
const compiled = path.extname(__filename) === '.js';

const migrations: Knex.MigratorConfig = compiled
  ? { migrationSource: new CompiledMigrations(path.join(__dirname, 'migrations')), tableName: 'knex_migrations' }
  : { directory: path.join(projectRoot, 'migrations'), loadExtensions: ['.ts'], tableName: 'knex_migrations' };

/**
 * knex's own warnings, each distinct one at most once a minute: it warns, with a stack, of every
 * failed attempt to connect, so a database outage would repeat the same lines for each request
 * (the app's error log names each failed request already).
 */
function quietWarnings(): Knex.Config['log'] {
  const newWarning = repeatFilter();
  return { warn: (message: string) => { if (newWarning(String(message))) log().warn(String(message)); } };
}

/**
 * A throw-away database in memory (a test's copy) starts with 16 MB of shared buffers, not 128: its
 * pages are in memory anyway, and each start clears the buffers (a test copy of the demo company
 * started in 1.13 CPU-s, against 1.66).
 */
const IN_MEMORY_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** PGlite holding its folder's claim (dataDirLock.ts) until it is closed: knex's destroy closes it. */
class ClaimedPGlite extends PGlite {
  private readonly release: (() => void) | undefined;

  constructor(dataDir: string, options: PGliteOptions) {
    const release = dataDir === 'memory://' ? undefined : lockDataDir(dataDir);
    super(dataDir, options);
    this.release = release;
  }

  async close(): Promise<void> {
    try {
      await super.close();
    } finally {
      this.release?.();
    }
  }
}

export function knexConfig(target: DatabaseTarget): Knex.Config {
  const common = { migrations, log: quietWarnings(), ...identifierMappers };
  const timeouts = target.timeouts;
  if (target.databaseUrl) {
    // Each statement is limited, not a whole request: by the server at statementMs, by the client
    // at the request's own limit (db/deadline.ts) or else a margin later. The CSV export's one
    // COPY lifts the limit for itself (orders/csvRows.ts).
    const connection = timeouts ? { connectionString: target.databaseUrl, connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs, query_timeout: timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS,
      keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS }
      : target.databaseUrl;
    return { client: PgClient as unknown as typeof Knex.Client, connection,
      pool: { min: 0, max: timeouts?.poolMax ?? DEFAULT_DATABASE_POOL_MAX },
      acquireConnectionTimeout: timeouts?.acquireMs, ...common };
  }
  const dataDir = target.dataDir ?? 'memory://';
  if (dataDir !== 'memory://') fs.mkdirSync(dataDir, { recursive: true });
  // Our own PGlite instance so it loads pg_trgm (the order-number search indexes need it).
  const pglite = new ClaimedPGlite(dataDir, { extensions: { pg_trgm }, parsers: { [DATE_OID]: (text: string) => text },
    loadDataDir: target.loadDataDir, startParams: dataDir === 'memory://' ? IN_MEMORY_START : undefined });
  // Starting (on a first run, creating) the WASM database can outlast knex's 60 s default on a busy
  // 2-core machine: the server's prepareDatabase waits for it unbounded, the CLI and tests may not.
  return { client: ClientPgLite as never, connection: (() => ({ pglite })) as never,
    acquireConnectionTimeout: timeouts?.acquireMs ?? 180_000, ...common };
}

/**
 * Resolves once the database takes queries: embedded PGlite starts (on a first run, creates) its
 * files, and then becomes knex's one pooled connection, which knex's destroy closes (releasing
 * its folder) even when the caller went on to use PGlite directly.
 */
export async function databaseStarted(db: Knex): Promise<void> {
  const pglite = (db.client as { pglite?: PGlite }).pglite;
  if (!pglite) return;
  await pglite.waitReady;
  await db.raw('select 1');
}

export function openDatabase(target: DatabaseTarget): Knex {
  const knex = knexFactory(knexConfig(target));
  Model.knex(knex);
  return knex;
}
