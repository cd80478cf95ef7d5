import path from 'node:path';

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
  /** scrypt cost as a power of two (N = 2^cost). */
  passwordHashCost: number;
  /** The built admin (ADMIN_DIST, default admin/dist). */
  adminDist: string;
  /** Origins allowed to send state-changing requests besides the app's own. */
  allowedOrigins: string[];
  /** The daily 23:50 report job (REPORT_SCHEDULE=off stops it, e.g. on a second server). */
  reportSchedule: boolean;
}

const root = path.resolve(__dirname, '../..');
const DEV_SESSION_KEY = 'development-only-session-key-change-me';

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const keys = (env.SESSION_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean);
  return {
    port: Number(env.PORT ?? 3000),
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    sessionKeys: keys.length > 0 ? keys : [DEV_SESSION_KEY],
    sessionKeysFromEnv: keys.length > 0,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    passwordHashCost: Number(env.PASSWORD_HASH_COST ?? 17),
    adminDist: path.resolve(root, env.ADMIN_DIST ?? 'admin/dist'),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    reportSchedule: env.REPORT_SCHEDULE !== 'off',
  };
}

export const projectRoot = root;
