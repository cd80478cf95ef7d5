import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { readConfig } from '../../api/src/foundation/config';
import { knexConfig, type DatabaseTarget } from '../../api/src/db/knex';
import { schemaTables, tableSums, TEXT_SETTINGS, type RunQuery, type TableSum } from '../../api/src/db/tableSums';
import { createPgliteFolder, createTestDatabase } from '../helpers/testDatabase';
import { startTestApp } from '../helpers/testApp';
import { HttpClient, signedInAs } from '../helpers/httpClient';
import { ROUTES } from '../helpers/routeTable';
import { GET_QUERIES } from '../helpers/routeFixtures';

const root = path.resolve(__dirname, '../..');
const onServer = process.env.TEST_DB_KIND === 'postgres';
/**
 * Each test names the databases it works on (an embedded folder, a server's database), whichever
 * project runs it: the file runs once, in the server's project where there is one.
 */
const runsHere = onServer || !process.env.TEST_DATABASE_URL;
// As startTestApp's: the same prepared copy of the demo company.
const config = readConfig({ PASSWORD_HASH_COST: '12', SESSION_KEYS: 'test-session-key' });
const preparation = { config, demo: true, sampleData: true };

let folder: string;
let embedded: DatabaseTarget;
let embeddedBackup: string;
/** The embedded database's sums as made (read once: each reading opens the folder and reads every row). */
let embeddedSums: TableSum[];

/** `npm run db:<command>`, as an operator runs it, on the database these settings name. */
async function dbTool(args: string[], env: { DATA_DIR?: string; DATABASE_URL?: string }) {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['api/src/dbTools.ts', ...args], {
    cwd: root, env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

/** Every table's row count and checksum, the knex bookkeeping aside where `withBookkeeping` is false. */
async function sumsOf(target: DatabaseTarget, withBookkeeping = true): Promise<TableSum[]> {
  const db: Knex = knexFactory(knexConfig(target));
  try {
    return await db.transaction(async (trx) => {
      for (const setting of TEXT_SETTINGS) await trx.raw(setting);
      const tables = (await schemaTables(trx)).filter((table) => withBookkeeping || !table.startsWith('knex_'));
      return tableSums(((sql: string) => trx.raw(sql)) as RunQuery, tables);
    });
  } finally {
    await db.destroy();
  }
}

/** An answer without the moment it was made (the public monitoring's `generatedAt`): the rest is the database's. */
const unstamped = (body: unknown) => (body && typeof body === 'object' && 'generatedAt' in body ? { ...body, generatedAt: 'stamped' } : body);

/**
 * The set-up makes an embedded folder, dumps it in a child process and reads every row: 122 s
 * once in CI beside the other test worker (the test-wide two minutes were not enough; alone it
 * takes about 40 s).
 */
const FOLDER_AND_DUMP_MS = 300_000;

beforeAll(async () => {
  if (!runsHere) return;
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'logistics-db-tools-'));
  embedded = { dataDir: path.join(folder, 'data') };
  await createPgliteFolder(preparation, embedded.dataDir!);
  embeddedBackup = path.join(folder, 'embedded.sql');
  const backup = await dbTool(['backup', embeddedBackup], { DATA_DIR: embedded.dataDir });
  expect(backup).toMatchObject({ code: 0, stderr: '' });
  expect(backup.stdout).toContain(`Written: ${embeddedBackup}`);
  embeddedSums = await sumsOf(embedded);
}, FOLDER_AND_DUMP_MS);

afterAll(() => { if (folder) fs.rmSync(folder, { recursive: true, force: true }); });

(runsHere ? describe : describe.skip)('the embedded database', () => {
  it('backs up to a plain SQL dump and restores it into a new folder, every table the same', async () => {
    const restored = { dataDir: path.join(folder, 'restored') };
    const restore = await dbTool(['restore', embeddedBackup], { DATA_DIR: restored.dataDir });
    expect(restore).toMatchObject({ code: 0, stderr: '' });
    const before = embeddedSums;
    expect(await sumsOf(restored)).toEqual(before);
    expect(before.find((sum) => sum.table === 'orders')?.rows).toBeGreaterThan(1000);
    expect(before.find((sum) => sum.table === 'activity_logs')?.rows).toBeGreaterThan(1000);
  });

  it('leaves the new folder without a table when a statement fails after megabytes of the dump ran', async () => {
    const broken = path.join(folder, 'broken.sql');
    const dump = fs.readFileSync(embeddedBackup, 'utf8');
    // Past the first batch the restore runs (4 MB), before pg_dump's next object's heading.
    const between = dump.indexOf('\n--\n-- ', 5_000_000) + 1;
    expect(between).toBeGreaterThan(5_000_000);
    fs.writeFileSync(broken, `${dump.slice(0, between)}INSERT INTO public.no_such_table VALUES (1);\n\n${dump.slice(between)}`);
    const target = { dataDir: path.join(folder, 'broken') };
    const restore = await dbTool(['restore', broken], { DATA_DIR: target.dataDir });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('no_such_table');
    expect(await sumsOf(target)).toEqual([]);
  });

  it('refuses to restore into a database holding tables, and leaves it as it was', async () => {
    const restore = await dbTool(['restore', embeddedBackup], { DATA_DIR: embedded.dataDir });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/is not empty \(it holds \d+ tables.*restore into a new, empty database/);
    expect(await sumsOf(embedded)).toEqual(embeddedSums);
  });

  it('refuses a dump cut short before opening any database', async () => {
    const cut = path.join(folder, 'cut.sql');
    fs.writeFileSync(cut, fs.readFileSync(embeddedBackup).subarray(0, 5_000_000));
    const restore = await dbTool(['restore', cut], { DATA_DIR: path.join(folder, 'cut') });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('is not a whole pg_dump dump');
    expect(fs.existsSync(path.join(folder, 'cut'))).toBe(false);
  });

  it('refuses to open the folder while the app runs on it, and takes it once the app has stopped', async () => {
    const app = await startTestApp({ target: embedded });
    const busy = await dbTool(['backup', path.join(folder, 'busy.sql')], { DATA_DIR: embedded.dataDir });
    await app.close();
    expect(busy.code).toBe(1);
    expect(busy.stderr).toContain(`is in use by process ${process.pid}`);
    expect(fs.existsSync(path.join(folder, 'busy.sql'))).toBe(false);
    expect(fs.readdirSync(folder).filter((name) => name.includes('partial'))).toEqual([]);
  });
});

(onServer ? describe : describe.skip)('a PostgreSQL server', () => {
  const dropLater: Array<() => Promise<void>> = [];
  afterAll(async () => { for (const drop of dropLater) await drop(); });
  const database = async (prepared: boolean) => {
    const { target, drop } = await createTestDatabase(prepared ? preparation : undefined);
    dropLater.push(drop);
    return target;
  };

  it('backs up a server database and restores it into an empty one, every table the same', async () => {
    const [source, empty] = [await database(true), await database(false)];
    const file = path.join(folder, 'server.sql');
    expect(await dbTool(['backup', file], { DATABASE_URL: source.databaseUrl })).toMatchObject({ code: 0, stderr: '' });
    expect(await dbTool(['restore', file], { DATABASE_URL: empty.databaseUrl })).toMatchObject({ code: 0, stderr: '' });
    expect(await sumsOf(empty)).toEqual(await sumsOf(source));
  });

  it('restores the embedded database\'s backup (pg_dump 18) into the server', async () => {
    const empty = await database(false);
    expect(await dbTool(['restore', embeddedBackup], { DATABASE_URL: empty.databaseUrl })).toMatchObject({ code: 0, stderr: '' });
    expect(await sumsOf(empty)).toEqual(embeddedSums);
  });

  it('refuses to move into a database the app has run on, and leaves it as it was', async () => {
    const used = await database(true);
    const before = await sumsOf(used);
    const move = await dbTool(['move', used.databaseUrl!], { DATA_DIR: embedded.dataDir });
    expect(move.code).toBe(1);
    expect(move.stderr).toMatch(/The server database is not empty \(it holds \d+ tables and users\)/);
    expect(await sumsOf(used)).toEqual(before);
  });

  it('moves the embedded demo company to an empty server: every table, sequence, list and report the same', async () => {
    // Signed in before the move: the session moves too, and no sign-in writes to one side only.
    const before = await startTestApp({ target: embedded });
    const admin = await signedInAs(before.url, 'admin');
    await before.close();
    const server = await database(false);
    const move = await dbTool(['move', server.databaseUrl!], { DATA_DIR: embedded.dataDir });
    expect(move).toMatchObject({ code: 0, stderr: '' });
    expect(move.stdout).toContain(`DATABASE_URL=${server.databaseUrl} npm start`);
    expect(move.stdout).toMatch(/Moved: \d+ tables, \d+ rows, \d+ migrations; every table's rows and checksum match/);
    expect(await sumsOf(server, false)).toEqual(await sumsOf(embedded, false));

    const [here, there] = [await startTestApp({ target: embedded }), await startTestApp({ target: server })];
    try {
      const sequences = (db: Knex) => db.raw(`select sequencename, last_value::text from pg_sequences order by sequencename`);
      expect((await sequences(there.db)).rows).toEqual((await sequences(here.db)).rows);
      const clients = [here, there].map((app) => new HttpClient(app.url, { cookie: admin.cookieHeader }));
      // Not of the database: the instance's health and metrics, a stream, a refusal, and a workbook
      // stamped with the second it is made.
      const notOfTheDatabase = ['/healthz', '/metrics', '/api/events', '/api/permission-denied-demo', '/api/orders/import/template.xlsx'];
      const reads = ROUTES.filter((route) => route.method === 'GET' && route.params.length === 0 && !notOfTheDatabase.includes(route.path));
      expect(reads.length).toBeGreaterThan(50);
      const order: { id: number; mtmNumber: string } = await here.db('orders').orderBy('id').first('id', 'mtmNumber');
      const queries: Record<string, string> = { ...GET_QUERIES, 'GET /api/orders/lookup': `?code=${order.mtmNumber}`,
        'GET /api/orders/delivery-notes': `?ids=${order.id}` };
      const answered: string[] = [];
      for (const route of reads) {
        const url = route.path + (queries[route.name] ?? '');
        const [a, b] = await Promise.all(clients.map((client) => client.request('GET', url)));
        expect({ route: route.name, status: b.status, body: unstamped(b.body) })
          .toEqual({ route: route.name, status: a.status, body: unstamped(a.body) });
        if (a.status === 200) answered.push(route.path);
      }
      expect(reads.map((route) => route.path).filter((path) => !answered.includes(path))).toEqual([]);
    } finally {
      await here.close();
      await there.close();
    }
  });
});
