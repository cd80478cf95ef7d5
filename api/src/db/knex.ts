import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { Knex } from 'knex';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Model, knexSnakeCaseMappers } from 'objection';
import { projectRoot } from '../config';

// knex-pglite is a CommonJS module whose export is the client class itself.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ClientPgLite = require('knex-pglite');

// A calendar date (pickup date, MOS date) stays 'YYYY-MM-DD': as a JS Date it would shift with
// the server's time zone.
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (text: string) => text);

export interface DatabaseTarget {
  /** postgres://… for a PostgreSQL server; undefined for embedded PGlite. */
  databaseUrl?: string;
  /** PGlite storage: a folder, or 'memory://' for a throw-away database. */
  dataDir?: string;
}

const migrations: Knex.MigratorConfig = {
  directory: path.join(projectRoot, 'migrations'),
  loadExtensions: ['.ts', '.js'],
  tableName: 'knex_migrations',
};

export function knexConfig(target: DatabaseTarget): Knex.Config {
  const common = { migrations, ...knexSnakeCaseMappers() };
  if (target.databaseUrl) {
    return { client: 'pg', connection: target.databaseUrl, pool: { min: 0, max: 10 }, ...common };
  }
  const dataDir = target.dataDir ?? 'memory://';
  if (dataDir !== 'memory://') fs.mkdirSync(dataDir, { recursive: true });
  // Our own PGlite instance so it loads pg_trgm (the order-number search indexes need it).
  const pglite = new PGlite(dataDir, { extensions: { pg_trgm }, parsers: { [DATE_OID]: (text: string) => text } });
  // The first connection starts the WASM database (and creates it on a first run): on a busy
  // 2-core machine that alone can outlast knex's 60 s default.
  return { client: ClientPgLite, connection: (() => ({ pglite })) as never, acquireConnectionTimeout: 180_000, ...common };
}

/** Opens the database and binds Objection's models to it. */
export function openDatabase(target: DatabaseTarget): Knex {
  const knex = knexFactory(knexConfig(target));
  Model.knex(knex);
  return knex;
}
