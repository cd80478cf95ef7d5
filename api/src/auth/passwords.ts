import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { DEFAULT_PASSWORD_HASH_CONCURRENCY } from '../foundation/config';
import { tryAgainLater } from './tryAgainLater';
import { QueueFullError, WorkQueue, type Priority } from './workQueue';
import { Gauge } from 'prom-client';
import { metrics } from '../foundation/metrics';

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const KEY_LENGTH = 32;
/** Places in the scrypt waiting line: a few seconds of work at the production cost. */
const MAX_WAITING = 10;
const BUSY_RETRY_SECONDS = 5;

/**
 * Every scrypt of the process takes its turn here: at cost 17 each one holds 128 MB and a
 * thread-pool thread for a few hundred milliseconds, so unbounded parallel hashing (a burst of
 * registrations) ran the server out of memory and stalled sign-ins. Verifications (logins) go
 * ahead of hashing (registrations, password resets, new users).
 */
let scryptLine = new WorkQueue({ concurrency: DEFAULT_PASSWORD_HASH_CONCURRENCY, maxWaiting: MAX_WAITING });

new Gauge({ name: 'password_work', help: 'Password hashes and checks running and waiting in line (PASSWORD_HASH_CONCURRENCY at once)',
  labelNames: ['state'] as const, registers: [metrics],
  collect() {
    this.set({ state: 'running' }, scryptLine.active);
    this.set({ state: 'waiting' }, scryptLine.waiting);
  } });

/**
 * Replaces the line, before any password work: server.ts sets the concurrency from
 * PASSWORD_HASH_CONCURRENCY; tests shrink the line to fill it. Answers the new line.
 */
export function setPasswordWorkLimits(concurrency: number, maxWaiting = MAX_WAITING): WorkQueue {
  scryptLine = new WorkQueue({ concurrency, maxWaiting });
  return scryptLine;
}

async function inLine<T>(priority: Priority, work: () => Promise<T>): Promise<T> {
  try {
    return await scryptLine.run(work, priority);
  } catch (err) {
    if (err instanceof QueueFullError) {
      throw tryAgainLater('busy', 'The server is busy: please try again in a few seconds', BUSY_RETRY_SECONDS);
    }
    throw err;
  }
}

/** scrypt with N = 2^cost, r = 8, p = 1; the parameters travel with the hash so the cost can change. */
export function hashPassword(password: string, cost: number): Promise<string> {
  return inLine('low', async () => {
    const salt = randomBytes(16);
    const N = 2 ** cost;
    const key = await scryptAsync(password, salt, KEY_LENGTH, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
    return storedForm(N, salt, key);
  });
}

function storedForm(N: number, salt: Buffer, key: Buffer): string {
  return ['scrypt', N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * A stored hash that matches no password, at the given cost: verified against when the username
 * is unknown, so both failures take the same time.
 */
export function unmatchableHash(cost: number): string {
  return storedForm(2 ** cost, randomBytes(16), randomBytes(KEY_LENGTH));
}

/** Checks a password at sign-in: ahead of all hashing in the line. */
export function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return Promise.resolve(false);
  return inLine('high', async () => {
    const N = Number(n);
    const expected = Buffer.from(hash, 'base64');
    const key = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length,
      { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) });
    return timingSafeEqual(key, expected);
  });
}

