import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import type { Config } from '../../api/src/foundation/config';
import { databaseStarted, openDatabase, type DatabaseTarget } from '../../api/src/db/knex';
import { prepareDatabase } from '../../api/src/startup';

const root = path.resolve(__dirname, '../..');

/** What a prepared database is made from: migrations, seeds and the code and catalogs they run. */
const SOURCES = ['migrations', 'seeds', 'api/src', 'kernel'].map((folder) => path.join(root, folder));

export interface Preparation {
  config: Config;
  demo: boolean;
  sampleData: boolean;
}

/**
 * A fresh database for one test file: an in-memory PGlite, or a new database on the
 * TEST_DATABASE_URL server (dropped again by the returned cleanup). With a preparation it is
 * migrated and seeded already: from a copy made once for the same sources, day, config and seed
 * options (a PGlite dump in the temp folder, a template database on the server), because
 * migrating and seeding anew took seconds of each test file (PGlite's initdb alone ~3 s).
 */
export async function createTestDatabase(preparation?: Preparation): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  const key = preparation && preparationKey(preparation);
  if (process.env.TEST_DB_KIND !== 'postgres') {
    const loadDataDir = key ? await pgliteCopy(key, preparation!) : undefined;
    return { target: { dataDir: 'memory://', loadDataDir }, drop: async () => undefined };
  }
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = key ? await templateDatabase(key, preparation!) : undefined;
  await onServer(async (admin) => {
    // A template must have no other connection while it is copied: another worker's copy may be reading it.
    for (let attempt = 1; ; attempt++) {
      try {
        await createServerDatabase(admin, name, template);
        return;
      } catch (error) {
        if (!template || attempt === 20 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  return {
    target: { databaseUrl: databaseUrl(name) },
    drop: () => onServer((admin) => admin.raw(`drop database if exists ${name} with (force)`)),
  };
}

/** The sources' hash, read once by a worker: its files run on the sources it started with. */
let sourcesHash: string | undefined;

function preparationKey({ config, demo, sampleData }: Preparation): string {
  if (sourcesHash === undefined) {
    const sources = createHash('sha256');
    const add = (file: string): void => {
      if (fs.statSync(file).isDirectory()) {
        for (const name of fs.readdirSync(file).sort()) add(path.join(file, name));
      } else {
        sources.update(path.relative(root, file)).update(fs.readFileSync(file));
      }
    };
    SOURCES.forEach(add);
    sourcesHash = sources.digest('hex');
  }
  const hash = createHash('sha256').update(sourcesHash);
  // Of the config, the seeds read only the password hash cost: an app started with other settings
  // (SMTP_URL, TRUST_PROXY…) starts from the same copy.
  hash.update(JSON.stringify({ passwordHashCost: config.passwordHashCost, demo, sampleData }));
  // The demo data's dates follow today's: a copy is made anew each day, and older days' are removed.
  return `${today()}_${hash.digest('hex').slice(0, 16)}`;
}

const UNUSED_MS = 60 * 60_000;
const today = () => new Date().toISOString().slice(0, 10).replaceAll('-', '');
const beforeToday = (name: string) => (/_(\d{8})_/.exec(name)?.[1] ?? today()) < today();

async function prepare(target: DatabaseTarget, { config, demo, sampleData }: Preparation): Promise<Knex> {
  const db = openDatabase(target);
  await prepareDatabase(db, config, { demo, sampleData });
  return db;
}

/**
 * A PGlite data folder on disk holding a prepared database, as `npm start` leaves one in data/ (on
 * either project: the server's tests move it to the server).
 */
export async function createPgliteFolder(preparation: Preparation, dataDir: string): Promise<void> {
  const db = openDatabase({ dataDir, loadDataDir: await pgliteCopy(preparationKey(preparation), preparation) });
  await databaseStarted(db);
  await db.destroy();
}

/**
 * The prepared copies a worker has read, by key: read once, not for each of its files' databases
 * (reading the demo company's 62 MB took 0.27 s of the 1.0 CPU-s a test database took to start).
 * PGlite only reads them.
 */
const copiesRead = new Map<string, Buffer>();

/** The prepared PGlite data folder, dumped to the temp folder once per key (written whole, then renamed). */
async function pgliteCopy(key: string, preparation: Preparation): Promise<Blob> {
  const folder = path.join(os.tmpdir(), 'logistics-test-databases');
  const file = path.join(folder, `${key}.tar`);
  if (!fs.existsSync(file)) {
    const db = await prepare({ dataDir: 'memory://' }, preparation);
    // Checkpointed first: a copy dumped without one replays its write-ahead log at every start
    // (opening the demo's copy took 0.50 s, 0.35 s once checkpointed; a test file's start 0.75, 0.65 s).
    await db.raw('checkpoint');
    const dump = await (db.client as { pglite: PGlite }).pglite.dumpDataDir('none');
    await db.destroy();
    fs.mkdirSync(folder, { recursive: true });
    // Each change to the sources makes a new copy (up to 230 MB with the sample data): those not used for an hour go.
    for (const name of fs.readdirSync(folder)) {
      const old = path.join(folder, name);
      if (Date.now() - fs.statSync(old).mtimeMs > UNUSED_MS) fs.rmSync(old, { force: true });
    }
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  const now = new Date();
  fs.utimesSync(file, now, now);
  let contents = copiesRead.get(key);
  if (!contents) copiesRead.set(key, contents = fs.readFileSync(file));
  return new CopyBlob(contents);
}

/**
 * A prepared copy as PGlite takes it (loadDataDir reads it whole with arrayBuffer()), handing over
 * the bytes read: Node's own Blob reads them back in small chunks (0.9 of the 2.4 CPU-s a test copy
 * of the demo company took to start, 1.7 of the sample company's 5.0), and a file-backed one
 * (fs.openAsBlob) fails to read once another worker has touched the file.
 */
class CopyBlob extends Blob {
  constructor(private readonly contents: Buffer) {
    super([]);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.contents;
    return Promise.resolve(byteOffset === 0 && byteLength === buffer.byteLength ? buffer as ArrayBuffer
      : buffer.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer);
  }
}

/** The prepared template database on the server, made once per key (built under another name, then renamed). */
async function templateDatabase(key: string, preparation: Preparation): Promise<string> {
  const template = `template_${key}`;
  const exists = await onServer((admin) => admin('pg_database').where({ datname: template }).first());
  if (exists) return template;
  const building = `building_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(async (admin) => {
    const names = await admin('pg_database').where('datname', 'like', 'template\\_%').pluck('datname') as string[];
    for (const old of names.filter(beforeToday)) await admin.raw(`drop database if exists ${old} with (force)`);
    await createServerDatabase(admin, building);
  });
  await (await prepare({ databaseUrl: databaseUrl(building) }, preparation)).destroy();
  await onServer(async (admin) => {
    try {
      await admin.raw(`alter database ${building} rename to ${template}`);
    } catch (error) {
      // Another worker published the same template first.
      await admin.raw(`drop database if exists ${building} with (force)`);
      if (!/already exists/.test(String(error))) throw error;
    }
  });
  return template;
}

/**
 * Creates database `name` on the server, a copy of `template` if one is named. Its commits do not
 * wait for the disk (synchronous_commit off): a test database is thrown away after its file, and
 * nothing a test checks depends on a commit surviving a crash of the server. The server's project
 * waited on the disk for 112 s of its 255 s (two workers, idle CPU); 41 s of 226 with this.
 */
async function createServerDatabase(admin: Knex, name: string, template?: string): Promise<void> {
  await admin.raw(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.raw(`alter database ${name} set synchronous_commit = off`);
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(work: (admin: Knex) => Promise<T>): Promise<T> {
  const admin = knexFactory({ client: 'pg', connection: process.env.TEST_DATABASE_URL!, pool: { min: 0, max: 1 } });
  try {
    return await work(admin);
  } finally {
    await admin.destroy();
  }
}
