import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Knex } from 'knex';
import { createApp } from '../../api/src/app';
import { endLiveStreams } from '../../api/src/live/routes';
import { readConfig, type Config } from '../../api/src/config';
import { databaseStarted, openDatabase } from '../../api/src/db/knex';
import { createTestDatabase } from './testDatabase';

export interface TestApp {
  url: string;
  db: Knex;
  config: Config;
  close: () => Promise<void>;
}

/**
 * The real Koa app on a fresh database, listening on a free port. `demo` seeds the demo users
 * (one per role, password demo1234), `sampleData` the whole demo company. Passwords use a low scrypt cost to keep the suite fast.
 */
export async function startTestApp(options: { demo?: boolean; sampleData?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<TestApp> {
  const config = readConfig({ PASSWORD_HASH_COST: '12', SESSION_KEYS: 'test-session-key',
    ADMIN_DIST: process.env.ADMIN_DIST, ...options.env });
  const { target, drop } = await createTestDatabase({ config, demo: options.demo ?? true, sampleData: options.sampleData ?? false });
  const db = openDatabase(target);
  await databaseStarted(db);
  const server: Server = createApp(db, config).listen(0, '127.0.0.1');
  // Client and server share this process: a long PGlite statement stalls both, and with Node's 5 s
  // default the server may close an idle keep-alive socket just as the client reuses it (ECONNRESET).
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    config,
    close: async () => {
      endLiveStreams(db);
      // Kept-alive connections of clients the tests dropped (aborted event streams) would otherwise
      // hold the close for the 60 s keep-alive timeout above.
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      await db.destroy();
      await drop();
    },
  };
}
