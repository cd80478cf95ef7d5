import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../../api/src/foundation/config';
import { openDatabase } from '../../api/src/db/knex';
import { createPgliteFolder } from '../helpers/testDatabase';
import { freePort } from '../helpers/freePort';
import { HttpClient } from '../helpers/httpClient';

// `npm start` runs build/server.js, compiled by api/buildIfStale.ts; these tests run the build as
// an operator would. On one project only: both building build/ at once would replace it under each other.
const root = path.resolve(__dirname, '../..');
const onServer = process.env.TEST_DB_KIND === 'postgres';
let folder: string;

/**
 * The compiled server on an embedded database, until it listens; its log lines, parsed. Started as
 * node build/server.js, or `through npm` as `npm start` (its pre-start builds skipped) starts it.
 */
async function startCompiled(dataDir: string, through: 'node' | 'npm' = 'node') {
  const port = await freePort();
  const [command, args] = through === 'node' ? [process.execPath, ['--enable-source-maps', path.join(root, 'build/server.js')]]
    : ['npm', ['start', '--silent', '--ignore-scripts']];
  const child = spawn(command, args, {
    cwd: through === 'node' ? os.tmpdir() : root, stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', LOG_FORMAT: 'json', PASSWORD_HASH_COST: '12',
      SESSION_KEYS: 'compiled-test', REPORT_SCHEDULE: 'off', NOTIFICATION_JOB: 'off', INSTANCE_NAME: '' },
  });
  const lines: Array<{ msg: string; instance: string }> = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    let rest = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop()!;
      for (const line of parts) {
        lines.push(JSON.parse(line));
        if (line.includes('http://localhost')) resolve();
      }
    });
    void exited.then((code) => reject(new Error(`the compiled server exited (${code}): ${JSON.stringify(lines)}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    messages: () => lines.map((line) => line.msg),
    /** The server's process id, from its log lines' instance (host:pid). */
    serverPid: () => Number(lines[0].instance.split(':').pop()),
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

(onServer ? describe.skip : describe)('the compiled server', () => {
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'logistics-compiled-'));
    const build = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['api/buildIfStale.ts'], { cwd: root, encoding: 'utf8' });
    expect(build.status).toBe(0);
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('starts on a database the sources migrated, finds no migration to run, and serves the API', async () => {
    const dataDir = path.join(folder, 'migrated');
    await createPgliteFolder({ config: readConfig({ PASSWORD_HASH_COST: '12' }), demo: true, sampleData: false }, dataDir);
    const server = await startCompiled(dataDir);
    try {
      expect(server.messages().filter((message) => /Migrating|Seeding/.test(message))).toEqual([]);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      const admin = new HttpClient(server.url);
      await admin.login('admin', 'demo1234');
      expect((await admin.request('GET', '/api/orders')).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('migrates and seeds an empty database under the names the sources then find done', async () => {
    const dataDir = path.join(folder, 'empty');
    const server = await startCompiled(dataDir);
    expect(server.messages()).toEqual(expect.arrayContaining([expect.stringMatching(/^Migrating the database: \d+ migrations to run/),
      'Seeding the demo company (first start only)...']));
    expect(await server.stop()).toBe(0);
    const db = openDatabase({ dataDir });
    try {
      const [done, pending] = (await db.migrate.list()) as [Array<{ name: string }>, unknown[]];
      expect(pending).toEqual([]);
      expect(done.map((migration) => migration.name)).toEqual(fs.readdirSync(path.join(root, 'migrations')).filter((name) => name.endsWith('.ts')).sort());
    } finally {
      await db.destroy();
    }
  });

  it('runs under npm start, which hands it SIGTERM: it drains, stops and exits 0, leaving no process behind', async () => {
    const dataDir = path.join(folder, 'npm');
    await createPgliteFolder({ config: readConfig({ PASSWORD_HASH_COST: '12' }), demo: true, sampleData: false }, dataDir);
    const server = await startCompiled(dataDir, 'npm');
    const pid = server.serverPid();
    expect(pid).not.toBe(process.pid);
    expect(await server.stop()).toBe(0);
    expect(server.messages()).toEqual(expect.arrayContaining([expect.stringMatching(/^SIGTERM: stopping/), 'Stopped.']));
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
