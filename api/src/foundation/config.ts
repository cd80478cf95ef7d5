import fs from 'node:fs';
import path from 'node:path';
import { LOG_LEVELS, type LogSettings } from './log';

/** Every environment variable the server reads, read once, with its default. */
export interface Config {
  port: number;
  /** Folder of the embedded PGlite database (used when databaseUrl is empty). */
  dataDir: string;
  /** postgres://… to use a PostgreSQL server instead of embedded PGlite. */
  databaseUrl: string | undefined;
  /** Keys that sign the session cookie; the first one signs, all verify. */
  sessionKeys: string[];
  sessionKeysFromEnv: boolean;
  /** Behind a TLS-terminating proxy: trust X-Forwarded-*, mark cookies Secure and __Host-. */
  trustProxy: boolean;
  /**
   * How many proxies in front of the app append to X-Forwarded-For (PROXY_HOPS, default 1): the
   * client address is the entry that many places from the right; anything further left was
   * written by the client and may be forged.
   */
  proxyHops: number;
  /** scrypt cost as a power of two (N = 2^cost). */
  passwordHashCost: number;
  /** How many password hashes or checks run at once (each holds 128 MB at the default cost). */
  passwordHashConcurrency: number;
  /** The built admin (ADMIN_DIST, default admin/dist). */
  adminDist: string;
  /** Origins allowed to send state-changing requests besides the app's own. */
  allowedOrigins: string[];
  /** The daily 23:50 report job (REPORT_SCHEDULE=off stops it, e.g. on a second server). */
  reportSchedule: boolean;
  /** The 5-minute notification job (NOTIFICATION_JOB=off stops it on this instance; another one's runs it). */
  notificationJob: boolean;
  /** How long the app waits on the database before it answers 503 instead of hanging. */
  databaseTimeouts: DatabaseTimeouts;
  /** smtp://user:pass@host:port or smtps://…: e-mail is on only with it (SMTP_URL). */
  smtpUrl: string | undefined;
  /** The sender of the app's mails (MAIL_FROM, default "Logistics back-office <noreply@localhost>"). */
  mailFrom: string;
  /** How long a stopping server lets requests and jobs under way finish (SHUTDOWN_GRACE_MS, default 10 s; shutdown.ts). */
  shutdownGraceMs: number;
  /** Requests one API token may make per 10 seconds on this instance (API_TOKEN_RATE, default 60; api-tokens/bearer.ts). */
  apiTokenRate: number;
  /**
   * How long a write waits for the first one of its Idempotency-Key to finish before 409
   * (IDEMPOTENCY_WAIT_MS, default 10 s; middleware/idempotency.ts).
   */
  idempotencyWaitMs: number;
  /**
   * Hosts a webhook may be sent to though they are loopback, private or link-local addresses
   * (WEBHOOK_ALLOWED_HOSTS, comma-separated names or addresses, lower case; default none:
   * webhooks/addresses.ts). For a receiver on this machine or the company's network.
   */
  webhookAllowedHosts: readonly string[];
  /** How long a receiver has to answer a delivery (WEBHOOK_TIMEOUT_MS, default 10 s; webhooks/send.ts). */
  webhookTimeoutMs: number;
  /** The bearer token GET /metrics takes from anywhere (METRICS_TOKEN); without it, only this machine reads them. */
  metricsToken: string | undefined;
  /** LOG_LEVEL (default info) and LOG_FORMAT (json, pretty; default pretty on a terminal, else json): foundation/log.ts. */
  log: LogSettings;
  /**
   * How many whole months of the activity log stay online (ACTIVITY_LOG_MONTHS, default 24; 0 keeps
   * all): `npm run db:archive-logs` moves older months to files (activity/logArchive.ts).
   */
  activityLogMonths: number;
  /** Where those files go, and where the admin downloads them from (LOG_ARCHIVE_DIR, default archives/). */
  logArchiveDir: string;
}

/** Milliseconds; a sick database then costs a request seconds, not minutes (db/knex.ts). */
export interface DatabaseTimeouts {
  /** Opening a connection to a PostgreSQL server (DATABASE_CONNECT_TIMEOUT_MS, default 5 s). */
  connectMs: number;
  /** Waiting for a free connection of the pool (DATABASE_ACQUIRE_TIMEOUT_MS, default 10 s). */
  acquireMs: number;
  /**
   * One SQL statement on a PostgreSQL server (DATABASE_STATEMENT_TIMEOUT_MS, default 30 s): the
   * limit of reports, exports, imports, the batch and the server's own jobs.
   */
  statementMs: number;
  /**
   * How long each statement of a person's request (a list, a record, a form, the sign-in) waits
   * for a PostgreSQL server's answer (DATABASE_REQUEST_TIMEOUT_MS, default 5 s; db/deadline.ts).
   */
  requestMs: number;
  /** /healthz's check that the database answers (HEALTH_CHECK_TIMEOUT_MS, default 2 s). */
  healthCheckMs: number;
  /**
   * Not a time: connections of the PostgreSQL pool (DATABASE_POOL_MAX, default 20), the other
   * side of acquireMs; embedded PGlite has one connection whatever this says.
   */
  poolMax: number;
}

/**
 * The folder of package.json, above this module wherever it runs from: api/src/foundation in the
 * sources, build/ when compiled (npm run build).
 */
function projectRootAbove(dir: string): string {
  for (let at = dir; ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, 'package.json'))) return at;
    if (path.dirname(at) === at) throw new Error(`No package.json above ${dir}`);
  }
}

const root = projectRootAbove(__dirname);
const DEV_SESSION_KEY = 'development-only-session-key-change-me';
export const DEFAULT_PASSWORD_HASH_CONCURRENCY = 2;
export const DEFAULT_DATABASE_POOL_MAX = 20;

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (!allowed.includes(value as T)) throw new Error(`${name} must be one of ${allowed.join(', ')}, not "${value}"`);
  return value as T;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^[1-9][0-9]*$/.test(value.trim())) throw new Error(`${name} must be a whole number of 1 or more, not "${value}"`);
  return Number(value);
}

/** Like positiveInteger, where 0 means something of its own (none, or no limit). */
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^(0|[1-9][0-9]*)$/.test(value.trim())) throw new Error(`${name} must be a whole number of 0 or more, not "${value}"`);
  return Number(value);
}

/** Reads the environment; throws, with the variable's name, when a setting would be unsafe or invalid. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const keys = (env.SESSION_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean);
  // The development key is public: with it anyone can forge a session cookie.
  if (keys.length === 0 && env.NODE_ENV === 'production') {
    throw new Error('SESSION_KEYS must be set in production: set it to a long random secret, e.g. "$(openssl rand -hex 32)"');
  }
  return {
    port: Number(env.PORT ?? 3000),
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    sessionKeys: keys.length > 0 ? keys : [DEV_SESSION_KEY],
    sessionKeysFromEnv: keys.length > 0,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    proxyHops: positiveInteger(env, 'PROXY_HOPS', 1),
    passwordHashCost: Number(env.PASSWORD_HASH_COST ?? 17),
    passwordHashConcurrency: positiveInteger(env, 'PASSWORD_HASH_CONCURRENCY', DEFAULT_PASSWORD_HASH_CONCURRENCY),
    adminDist: path.resolve(root, env.ADMIN_DIST ?? 'admin/dist'),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    reportSchedule: env.REPORT_SCHEDULE !== 'off',
    notificationJob: env.NOTIFICATION_JOB !== 'off',
    databaseTimeouts: {
      connectMs: positiveInteger(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5_000),
      acquireMs: positiveInteger(env, 'DATABASE_ACQUIRE_TIMEOUT_MS', 10_000),
      statementMs: positiveInteger(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000),
      requestMs: positiveInteger(env, 'DATABASE_REQUEST_TIMEOUT_MS', 5_000),
      healthCheckMs: positiveInteger(env, 'HEALTH_CHECK_TIMEOUT_MS', 2_000),
      poolMax: positiveInteger(env, 'DATABASE_POOL_MAX', DEFAULT_DATABASE_POOL_MAX),
    },
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || 'Logistics back-office <noreply@localhost>',
    shutdownGraceMs: positiveInteger(env, 'SHUTDOWN_GRACE_MS', 10_000),
    apiTokenRate: positiveInteger(env, 'API_TOKEN_RATE', 60),
    idempotencyWaitMs: positiveInteger(env, 'IDEMPOTENCY_WAIT_MS', 10_000),
    webhookTimeoutMs: positiveInteger(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
    webhookAllowedHosts: (env.WEBHOOK_ALLOWED_HOSTS ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    log: { level: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
      format: oneOf(env, 'LOG_FORMAT', ['json', 'pretty'] as const, process.stdout.isTTY ? 'pretty' : 'json') },
    activityLogMonths: wholeNumber(env, 'ACTIVITY_LOG_MONTHS', 24),
    logArchiveDir: path.resolve(root, env.LOG_ARCHIVE_DIR ?? 'archives'),
  };
}

export const projectRoot = root;
