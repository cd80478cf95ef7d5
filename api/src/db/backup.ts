import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline as streamPipeline, Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import knexFactory, { type Knex } from 'knex';
import { projectRoot } from '../foundation/config';
import { OperatorError } from '../foundation/operatorError';
import { databaseStarted, knexConfig, type DatabaseTarget } from './knex';
import { SqlBatches } from './sqlBatches';
import { schemaTables } from './tableSums';

/**
 * pg_dump's options for every backup: objects owned by whoever restores it, no grants (the roles
 * of one server mean nothing on another), and rows as multi-row INSERTs rather than COPY blocks,
 * so that any backup loads into either database: COPY … FROM stdin needs psql, and the embedded
 * database has none.
 */
const DUMP_OPTIONS = ['--no-owner', '--no-privileges', '--rows-per-insert=1000'];

/** Where `npm run db:backup` writes when given no file: backups/logistics-2026-11-28T05-30-00Z.sql. */
export function defaultBackupFile(now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replaceAll(':', '-');
  return path.join(projectRoot, 'backups', `logistics-${stamp}Z.sql`);
}

/**
 * Writes a plain SQL dump of the database in use: the embedded one through PGlite's own pg_dump
 * (WebAssembly), a server through the pg_dump of PostgreSQL's client tools. The file appears
 * whole or not at all (written aside, then renamed).
 */
export async function backUp(target: DatabaseTarget, file: string): Promise<{ bytes: number }> {
  const partial = `${file}.partial`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    if (target.databaseUrl) {
      await runClientTool('pg_dump', [...DUMP_OPTIONS, '--file', partial], target.databaseUrl);
    } else {
      await withEmbedded(target, async (pglite) => {
        const dump = await pgDump({ pg: pglite, args: DUMP_OPTIONS });
        await pipeline(Readable.fromWeb(dump.stream() as never), fs.createWriteStream(partial));
      });
    }
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { bytes: fs.statSync(file).size };
}

/**
 * Loads a plain SQL dump into the database in use, which must hold no table yet, in one
 * transaction: a dump that fails part-way leaves the database as empty as it was. A server loads
 * it through psql, the embedded database a few megabytes of whole statements at a time; both
 * read the file as a stream.
 */
export async function restore(target: DatabaseTarget, file: string): Promise<void> {
  assertWholeDump(file);
  if (target.databaseUrl) {
    const known = await withServer(target.databaseUrl, async (db) => {
      await assertNoTables(db, 'The database of DATABASE_URL');
      return knownSettings(db);
    });
    await runClientTool('psql', ['--no-psqlrc', '--quiet', '--single-transaction', '--set', 'ON_ERROR_STOP=1'],
      target.databaseUrl, [fs.createReadStream(file), dumpFilter(known, true)]);
    return;
  }
  await withEmbedded(target, async (pglite, db) => {
    await assertNoTables(db, `The embedded database in ${target.dataDir}`);
    const known = await knownSettings(db);
    await pglite.transaction(async (tx) => {
      const batches = new SqlBatches(EMBEDDED_BATCH_CHARS);
      // dumpFilter gives whole lines, so no character is cut in two.
      // (An error reading the file destroys the filter with it, which ends the loop with that error.)
      for await (const lines of streamPipeline(fs.createReadStream(file), dumpFilter(known, false), () => {})) {
        const batch = batches.push((lines as Buffer).toString('utf8'));
        if (batch) await tx.exec(batch);
      }
      const rest = batches.end();
      if (rest.trim()) await tx.exec(rest);
    });
  });
}

/**
 * How much of a dump the embedded database runs at once: it parses a batch whole before running
 * it, and one of some 300 MB ran its WebAssembly memory out (bench/results/backup.md).
 */
const EMBEDDED_BATCH_CHARS = 4_000_000;

/**
 * Refuses a file that is not a whole dump: psql reaching the end of one cut short would commit
 * the part it read. pg_dump's last comment line is within its last lines.
 */
function assertWholeDump(file: string): void {
  if (!fs.existsSync(file)) throw new OperatorError(`No such file: ${file}`);
  const size = fs.statSync(file).size;
  const tail = Buffer.alloc(Math.min(size, 1024));
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, tail, 0, tail.length, size - tail.length);
  } finally {
    fs.closeSync(fd);
  }
  if (!tail.toString('utf8').includes('-- PostgreSQL database dump complete')) {
    throw new OperatorError(`${file} is not a whole pg_dump dump (its last lines are not pg_dump's): a backup cut short?`);
  }
}

/** Refuses a database that holds a table already: a dump creates its tables and would clash. */
async function assertNoTables(db: Knex, what: string): Promise<void> {
  const tables = await schemaTables(db);
  if (tables.length > 0) {
    throw new OperatorError(`${what} is not empty (it holds ${tables.length} tables, ${tables.slice(0, 3).join(', ')}…): `
      + 'restore into a new, empty database');
  }
}

async function knownSettings(db: Knex): Promise<Set<string>> {
  return new Set(await db('pg_settings').pluck('name'));
}

/**
 * Adapts a dump to its target, line by line. Drops its opening `SET name = …;` lines that the
 * target does not know: a newer pg_dump (PGlite's is 18) sets transaction_timeout, which a
 * PostgreSQL 15 server rejects. Only the preamble is read so: after it, a line starting with SET
 * may be inside a quoted value. Without psql, also drops the `\restrict KEY` and `\unrestrict KEY`
 * lines of a recent pg_dump: psql commands that stop a dump's data from running psql commands,
 * which the embedded database would take for SQL.
 */
function dumpFilter(known: Set<string>, forPsql: boolean): Transform {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let inPreamble = true;
  let unrestrict: string | undefined;
  const keep = (line: string): boolean => {
    if (!inPreamble) return forPsql || line !== unrestrict;
    const setting = /^SET (\w+) = .*;$/.exec(line)?.[1];
    if (setting) return known.has(setting);
    const key = /^\\restrict (\S+)$/.exec(line)?.[1];
    if (key) {
      unrestrict = `\\unrestrict ${key}`;
      return forPsql;
    }
    if (!/^(--.*|SELECT pg_catalog\.set_config\(.*\);|)$/.test(line)) inPreamble = false;
    return true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const lines = (rest + decoder.write(chunk)).split('\n');
      rest = lines.pop() ?? '';
      const kept = lines.filter(keep);
      done(null, kept.length > 0 ? `${kept.join('\n')}\n` : undefined);
    },
    flush(done) {
      rest += decoder.end();
      done(null, keep(rest) ? rest : undefined);
    },
  });
}

/**
 * Runs pg_dump or psql on the server of a postgres:// URL. The password goes through PGPASSWORD
 * rather than the command line, where any user of the machine could read it.
 */
async function runClientTool(tool: 'pg_dump' | 'psql', args: string[], databaseUrl: string, input?: [Readable, Transform]): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const child = spawn(tool, [...args, '--dbname', url.toString()], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => { errors += chunk.toString('utf8'); });
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT'
      ? new OperatorError(`${tool} was not found: install PostgreSQL's client tools (Debian: apt install postgresql-client), `
        + 'of the server\'s version or newer')
      : error));
    child.on('close', (code) => resolve(code ?? 1));
  });
  if (input && child.stdin) {
    // psql closing its input early (it stopped at an error) is reported by its exit code; input that
    // fails to be read must not reach psql's end of input, where it would commit what it has.
    pipeline(...input, child.stdin).catch(() => { if (child.exitCode === null) child.kill(); });
  }
  const code = await exited;
  if (code !== 0) throw new OperatorError(`${tool} failed (exit code ${code}):\n${errors.trim()}`);
}

async function withServer<T>(databaseUrl: string, work: (db: Knex) => Promise<T>): Promise<T> {
  const db = knexFactory(knexConfig({ databaseUrl }));
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** Opens the embedded database (claiming its folder: the app must not be running on it). */
async function withEmbedded<T>(target: DatabaseTarget, work: (pglite: PGlite, db: Knex) => Promise<T>): Promise<T> {
  const db = knexFactory(knexConfig({ dataDir: target.dataDir }));
  try {
    await databaseStarted(db);
    return await work((db.client as { pglite: PGlite }).pglite, db);
  } finally {
    await db.destroy();
  }
}
