import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import type Koa from 'koa';
import knexFactory, { type Knex } from 'knex';
import type { AppState } from '../../api/src/foundation/appState';
import type { Role } from '@kernel/users/roles';
import { createApp } from '../../api/src/app';
import { endLiveStreams } from '../../api/src/live/routes';
import { sessionCache } from '../../api/src/middleware/sessionCache';
import { readConfig, type Config } from '../../api/src/foundation/config';
import { databaseStarted, knexConfig, openDatabase, type DatabaseTarget } from '../../api/src/db/knex';
import { signedInAs, type HttpClient } from './httpClient';
import { createTestDatabase } from './testDatabase';

export interface TestApp {
  url: string;
  db: Knex;
  config: Config;
  /** The Koa app and its HTTP server, for a test that stops them as server.ts does (shutdown.ts). */
  koa: Koa<AppState>;
  server: Server;
  /**
   * Waits until the app has heard the notices of what the test wrote past the API (a permission
   * row, a user's status): the sessions it keeps are read anew on their next request
   * (middleware/sessionCache.ts), as a request that writes waits for before it answers.
   */
  heard: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * The real Koa app on a fresh database, listening on a free port. `demo` seeds the demo users
 * (one per role, password demo1234), `sampleData` the whole demo company. Passwords use a low scrypt cost to keep the suite fast.
 */
export interface StartOptions {
  demo?: boolean;
  sampleData?: boolean;
  env?: NodeJS.ProcessEnv;
  /** A database of the test's own, used as it is (and not dropped by close). */
  target?: DatabaseTarget;
  /** The server's limits of its config (DATABASE_*_TIMEOUT_MS in env), as server.ts opens the database; else knex's defaults. */
  timeouts?: boolean;
  /** The port to listen on, when it is free (else any free one): the browser contexts kept between files are made for one origin. */
  port?: number;
}

export async function startTestApp(options: StartOptions = {}): Promise<TestApp> {
  const config = readConfig({ PASSWORD_HASH_COST: '12', SESSION_KEYS: 'test-session-key',
    ADMIN_DIST: process.env.ADMIN_DIST, ...options.env });
  const { target, drop } = options.target ? { target: options.target, drop: async () => undefined }
    : await createTestDatabase({ config, demo: options.demo ?? true, sampleData: options.sampleData ?? false });
  const db = openDatabase(options.timeouts ? { ...target, timeouts: config.databaseTimeouts } : target);
  await databaseStarted(db);
  const koa = createApp(db, config);
  const server: Server = await listen(koa, options.port);
  // Client and server share this process: a long PGlite statement stalls both, and with Node's 5 s
  // default the server may close an idle keep-alive socket just as the client reuses it (ECONNRESET).
  server.keepAliveTimeout = 60_000;
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    config,
    koa,
    server,
    heard: () => sessionCache(db).caughtUp(),
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

/** `koa` listening on `port` of 127.0.0.1, or on any free port when that one is taken (or none is asked for). */
async function listen(koa: Koa<AppState>, port = 0): Promise<Server> {
  const server = createServer(koa.callback());
  // events.once settles on 'listening', or rejects with the 'error' that came first.
  const listening = (on: number) => once(server.listen(on, '127.0.0.1'), 'listening');
  try {
    await listening(port);
  } catch (error) {
    if (port === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    await listening(0);
  }
  return server;
}

/** A pool of its own on `app`'s PostgreSQL database, as a second instance of the app has. */
export const secondPool = (app: TestApp): Knex => knexFactory({ ...knexConfig({ databaseUrl: process.env.TEST_DATABASE_URL }),
  connection: (app.db.client as { connectionSettings: Knex.StaticConnectionConfig }).connectionSettings });

/** A second instance of the app, as behind a load balancer: the same PostgreSQL database as `app`'s, through a pool of its own. */
export interface SecondInstance { db: Knex; url: string; close: () => Promise<void> }

export async function startSecondInstance(app: TestApp): Promise<SecondInstance> {
  const db = secondPool(app);
  const server = await listen(createApp(db, app.config));
  return {
    db,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      endLiveStreams(db);
      await new Promise((resolve) => server.close(resolve));
      await db.destroy();
    },
  };
}

/**
 * A stand-in for what a beforeAll makes: a test file names it when it loads, and uses the real one
 * from its first test on. Used earlier, it says so rather than reading undefined.
 */
function madeLater<T extends object>(name: string, made: () => T | undefined): T {
  const real = (): T => {
    const value = made();
    if (value === undefined) throw new Error(`${name} is used before beforeAll made it`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key, real()),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    getPrototypeOf: () => Object.getPrototypeOf(real()),
  });
}

/**
 * The app of a test file: started before its tests, with one client signed in per role asked,
 * closed after them. `const { app, admin, leader } = useSignedInApp({ admin: 'admin', leader: 'team_leader' })`.
 */
export function useSignedInApp<Name extends string>(roles: Record<Name, Role>, options?: StartOptions):
  { app: TestApp } & Record<Name, HttpClient> {
  let app: TestApp | undefined;
  const clients = new Map<string, HttpClient>();
  beforeAll(async () => {
    app = await startTestApp(options);
    // One after another, as each file signed in before.
    for (const [name, role] of Object.entries<Role>(roles)) clients.set(name, await signedInAs(app.url, role));
  });
  afterAll(() => app?.close());
  const named = Object.keys(roles).map((name) => [name, madeLater(name, () => clients.get(name))]);
  return { app: madeLater('app', () => app), ...Object.fromEntries(named) };
}
