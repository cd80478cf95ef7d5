import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { OperatorError } from '../foundation/operatorError';
import { databaseStarted, knexConfig } from './knex';
import { schemaTables, tableSums, TEXT_SETTINGS, type RunQuery, type TableSum } from './tableSums';

/** knex's own bookkeeping: made by the migrations on the server, compared rather than copied. */
const BOOKKEEPING = new Set(['knex_migrations', 'knex_migrations_lock']);

/** Rows read from the embedded database per COPY, so a million orders never sit in memory at once. */
const CHUNK_ROWS = 20_000;

export interface MoveReport {
  /** Each copied table, in the order copied, with the count and checksum both sides agree on. */
  tables: TableSum[];
  migrations: number;
}

/**
 * Copies the embedded database into an empty PostgreSQL server: the schema by the migrations,
 * then every table's rows (the activity log included, untouched), then the sequences, in one
 * transaction on the server; then every table's row count and checksum read back on both sides.
 * The embedded database is only read (and first brought up to date, as a start would).
 */
export async function moveToServer(dataDir: string, targetUrl: string, say: (line: string) => void): Promise<MoveReport> {
  const source = knexFactory(knexConfig({ dataDir }));
  const target = knexFactory(knexConfig({ databaseUrl: targetUrl }));
  const client = new pg.Client({ connectionString: targetUrl });
  try {
    await databaseStarted(source);
    const pglite = (source.client as { pglite: PGlite }).pglite;
    if (await pglite.query(`select 1 from pg_tables where tablename = 'knex_migrations'`).then((r) => r.rows.length === 0)) {
      throw new OperatorError(`The embedded database in ${dataDir} holds no app data: nothing to move`);
    }
    await assertUnused(target);
    say('Bringing the embedded database up to date…');
    await source.migrate.latest();
    say('Creating the schema on the server (the migrations)…');
    await target.migrate.latest();
    const migrations = await sameMigrations(source, target);
    await client.connect();
    const tables = await tablesInCopyOrder(client);
    await client.query('begin');
    await client.query(`truncate ${tables.map((table) => `"${table}"`).join(', ')}`);
    for (const table of tables) {
      const rows = await copyTable(pglite, client, table);
      say(`  ${table}: ${rows} rows`);
    }
    await copySequences(pglite, client);
    await client.query('commit');
    say('Comparing every table…');
    return { tables: await compare(pglite, client, tables), migrations };
  } finally {
    await client.end().catch(() => undefined);
    await target.destroy();
    await source.destroy();
  }
}

/**
 * A server database is taken when it has no table, or only the app's schema with no user yet (a
 * move that failed: its copy rolled back). One the app has started on holds its demo users.
 */
async function assertUnused(target: Knex): Promise<void> {
  const tables = await schemaTables(target);
  if (tables.length === 0) return;
  const unused = tables.includes('knex_migrations') && tables.includes('users')
    && Number((await target('users').count({ n: '*' }))[0].n) === 0;
  if (!unused) {
    throw new OperatorError(`The server database is not empty (it holds ${tables.length} tables${tables.includes('users') ? ' and users' : ''}): `
      + 'move into a new, empty database (createdb, or CREATE DATABASE …)');
  }
}

async function sameMigrations(source: Knex, target: Knex): Promise<number> {
  const names = (db: Knex) => db('knex_migrations').orderBy('id').pluck('name') as Promise<string[]>;
  const [here, there] = await Promise.all([names(source), names(target)]);
  if (here.join('\n') !== there.join('\n')) {
    throw new OperatorError('The server database ran other migrations than the embedded one: it was made by another version of the app');
  }
  return here.length;
}

/** The app's tables, each after the tables its foreign keys point to. */
async function tablesInCopyOrder(client: pg.Client): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    'select tablename as name from pg_tables where schemaname = current_schema() order by tablename');
  const { rows: keys } = await client.query<{ child: string; parent: string }>(`select child.relname as child, parent.relname as parent
      from pg_constraint c join pg_class child on child.oid = c.conrelid join pg_class parent on parent.oid = c.confrelid
     where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`);
  const order: string[] = [];
  const placing = new Set<string>();
  const place = (table: string) => {
    if (order.includes(table)) return;
    if (placing.has(table)) throw new Error(`The foreign keys of ${table} form a cycle: no copy order exists`);
    placing.add(table);
    // A table's keys to itself are checked at the end of its one COPY statement, whatever the row order.
    for (const key of keys) if (key.child === table && key.parent !== table) place(key.parent);
    order.push(table);
  };
  for (const { name } of tables) if (!BOOKKEEPING.has(name)) place(name);
  return order;
}

/**
 * Copies one table in chunks of CHUNK_ROWS (by id where it has one) as COPY text, which both
 * sides read and write identically. Its triggers are off meanwhile: they would recompute what the
 * rows already hold (sort keys, an activity entry's label from today's names) or notify the app.
 */
async function copyTable(pglite: PGlite, client: pg.Client, table: string): Promise<number> {
  const { rows: columnRows } = await client.query<{ name: string; type: string }>(`select attname as name, atttypid::regtype::text as type
      from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`, [`"${table}"`]);
  const columns = columnRows.map(({ name }) => `"${name}"`).join(', ');
  const byId = columnRows.some(({ name, type }) => name === 'id' && ['integer', 'bigint'].includes(type));
  let copied = 0;
  async function* chunks() {
    for (let after = '-1'; ;) {
      const rows = byId ? `select ${columns} from "${table}" where id > ${after} order by id limit ${CHUNK_ROWS}` : `select ${columns} from "${table}"`;
      const result = await pglite.query(`copy (${rows}) to '/dev/blob'`);
      const count = result.affectedRows ?? 0;
      copied += count;
      if (result.blob && result.blob.size > 0) yield Buffer.from(await result.blob.arrayBuffer());
      if (!byId || count < CHUNK_ROWS) return;
      after = (await pglite.query<{ id: string }>(`select max(id)::text as id from (${rows}) c`)).rows[0].id;
    }
  }
  await client.query(`alter table "${table}" disable trigger user`);
  await pipeline(chunks(), client.query(copyFrom(`copy "${table}" (${columns}) from stdin`)));
  await client.query(`alter table "${table}" enable trigger user`);
  return copied;
}

/** Each sequence continues where it was, so the next order's id follows the last one's. */
async function copySequences(pglite: PGlite, client: pg.Client): Promise<void> {
  const { rows: sequences } = await pglite.query<{ name: string }>(
    'select sequencename as name from pg_sequences where schemaname = current_schema()');
  for (const { name } of sequences) {
    const { rows: [state] } = await pglite.query<{ value: string; called: boolean }>(
      `select last_value::text as value, is_called as called from "${name}"`);
    await client.query('select setval($1::regclass, $2::bigint, $3)', [`"${name}"`, state.value, state.called]);
  }
}

/** Reads every table's count and checksum on both sides; throws naming the tables that differ. */
async function compare(pglite: PGlite, client: pg.Client, tables: string[]): Promise<TableSum[]> {
  await pglite.exec(TEXT_SETTINGS.join('; '));
  await client.query(TEXT_SETTINGS.join('; '));
  const [here, there] = await Promise.all([
    tableSums(((sql: string) => pglite.query(sql)) as RunQuery, tables),
    tableSums(((sql: string) => client.query(sql)) as RunQuery, tables),
  ]);
  const differing = here.flatMap((sum, index) => (sum.rows === there[index].rows && sum.sum === there[index].sum ? []
    : [`${sum.table} (${sum.rows} rows here, ${there[index].rows} there)`]));
  if (differing.length > 0) {
    throw new OperatorError(`The copy differs from the embedded database in ${differing.join(', ')}: do not start on the server`);
  }
  return here;
}
