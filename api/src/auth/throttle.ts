import type { Knex } from 'knex';
import { MAX_WRONG_CODES, WRONG_CODES_WINDOW_MS } from '@kernel/auth/secondFactor';
import { tryAgainLater } from './tryAgainLater';

export const WINDOW_MS = 15 * 60 * 1000;
/** Failed logins of one username from one IP. */
export const MAX_FAILURES = 10;
/** Failed logins from one IP across usernames: room for an office behind one address. */
export const MAX_FAILURES_PER_IP = 30;
/**
 * Failed logins of one username from all IPs. Past it, only an IP without failures of its own in
 * the window may still try (once): a guesser spread over many addresses gets one try per address,
 * and nobody can lock the owner out, who still signs in from a fresh address.
 */
export const MAX_FAILURES_PER_USERNAME = 100;

export const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;
export const MAX_REGISTRATIONS_PER_IP = 5;

/** Expired attempts each new attempt deletes: more than it adds, so the table cannot grow. */
const CLEANUP_BATCH = 20;
const LONGEST_WINDOW_MS = Math.max(WINDOW_MS, REGISTRATION_WINDOW_MS);

/** One row of auth_attempts, recorded before the password work it stands for. */
export interface Attempt { id: number }
type Scope = { kind: 'login' | 'register' | 'second_factor'; username?: string; ip?: string };

/**
 * Counting happens AFTER recording, so parallel attempts see each other: of any burst, whichever
 * counts last sees the rows of all that counted before, so at most `max` get through (maybe
 * fewer: an attempt counts while in flight, until it is refused). No transaction is held across
 * the password check (on embedded PGlite it would stall every other request).
 */
async function record(db: Knex, scope: Scope): Promise<Attempt> {
  const now = Date.now();
  await db('authAttempts').whereIn('id', db('authAttempts').where('at', '<', new Date(now - LONGEST_WINDOW_MS))
    .select('id').limit(CLEANUP_BATCH)).delete();
  const [row] = await db('authAttempts').insert({ ...scope, at: new Date(now) }).returning('id');
  return { id: Number(row.id) };
}

/** The times of the other attempts in the scope and window, newest first, at most `max`. */
async function othersInWindow(db: Knex, attempt: Attempt, scope: Scope, max: number, windowMs: number): Promise<number[]> {
  const rows = await db('authAttempts').where(scope).andWhere('at', '>', new Date(Date.now() - windowMs))
    .whereNot('id', attempt.id).orderBy('at', 'desc').limit(max).select('at');
  return rows.map((row) => new Date(row.at).getTime());
}

/** When a scope with these other attempts admits one more: as the max-th newest leaves the window. */
function lockedUntil(others: number[], max: number, windowMs: number): number | undefined {
  return others.length >= max ? others[max - 1] + windowMs : undefined;
}

async function refuseIfLocked(db: Knex, attempt: Attempt, locks: Array<number | undefined>,
  message: (minutes: number) => string): Promise<void> {
  const until = locks.filter((t): t is number => t !== undefined);
  if (until.length === 0) return;
  // A refused attempt checks no password: it is not counted, so waiting out Retry-After is enough.
  await forgetAttempt(db, attempt);
  const seconds = (Math.max(...until) - Date.now()) / 1000;
  throw tryAgainLater('throttled', message(Math.max(1, Math.ceil(seconds / 60))), seconds);
}

/**
 * Admits a login attempt, or refuses it with 429 and Retry-After when the username from this IP,
 * or this IP, or (for an IP that has failed before) the username, has too many recent failures.
 * The attempt counts as a failure until loginSucceeded forgets it.
 */
export async function admitLogin(db: Knex, username: string, ip: string): Promise<Attempt> {
  const name = username.toLowerCase();
  const attempt = await record(db, { kind: 'login', username: name, ip });
  const [pair, fromIp, forName] = await Promise.all([
    othersInWindow(db, attempt, { kind: 'login', username: name, ip }, MAX_FAILURES, WINDOW_MS),
    othersInWindow(db, attempt, { kind: 'login', ip }, MAX_FAILURES_PER_IP, WINDOW_MS),
    othersInWindow(db, attempt, { kind: 'login', username: name }, MAX_FAILURES_PER_USERNAME, WINDOW_MS),
  ]);
  const freshIp = fromIp.length === 0;
  await refuseIfLocked(db, attempt, [
    lockedUntil(pair, MAX_FAILURES, WINDOW_MS),
    lockedUntil(fromIp, MAX_FAILURES_PER_IP, WINDOW_MS),
    freshIp ? undefined : lockedUntil(forName, MAX_FAILURES_PER_USERNAME, WINDOW_MS),
  ], (minutes) => `Too many failed logins: try again in ${minutes} minutes`);
  return attempt;
}

/** The right password: this IP's failures for the username are forgiven (the audit keeps them). */
export async function loginSucceeded(db: Knex, username: string, ip: string): Promise<void> {
  await db('authAttempts').where({ kind: 'login', username: username.toLowerCase(), ip }).delete();
}

/** Admits a registration, or refuses it with 429 once this IP registered MAX_REGISTRATIONS_PER_IP in the hour. */
export async function admitRegistration(db: Knex, ip: string): Promise<Attempt> {
  const attempt = await record(db, { kind: 'register', ip });
  const others = await othersInWindow(db, attempt, { kind: 'register', ip }, MAX_REGISTRATIONS_PER_IP, REGISTRATION_WINDOW_MS);
  await refuseIfLocked(db, attempt, [lockedUntil(others, MAX_REGISTRATIONS_PER_IP, REGISTRATION_WINDOW_MS)],
    (minutes) => `Too many registrations from this address: try again in ${minutes} minutes`);
  return attempt;
}

/**
 * Admits a second-factor code of the account, or refuses it with 429 once the account entered
 * MAX_WRONG_CODES wrong ones in the window, from wherever: the password is known already, and six
 * digits would otherwise fall to a patient guesser. The attempt counts as wrong until
 * secondFactorSucceeded forgets the account's.
 */
export async function admitSecondFactor(db: Knex, userId: number, ip: string): Promise<Attempt> {
  const scope = { kind: 'second_factor', username: String(userId) } as const;
  const attempt = await record(db, { ...scope, ip });
  const others = await othersInWindow(db, attempt, scope, MAX_WRONG_CODES, WRONG_CODES_WINDOW_MS);
  await refuseIfLocked(db, attempt, [lockedUntil(others, MAX_WRONG_CODES, WRONG_CODES_WINDOW_MS)],
    (minutes) => `Too many wrong codes: try again in ${minutes} minutes`);
  return attempt;
}

/** A right code: the account's wrong ones are forgiven (the log keeps them). */
export async function secondFactorSucceeded(db: Knex, userId: number): Promise<void> {
  await db('authAttempts').where({ kind: 'second_factor', username: String(userId) }).delete();
}

/** An attempt that did not happen after all (refused, or the server was too busy to check the password). */
async function forgetAttempt(db: Knex, attempt: Attempt): Promise<void> {
  await db('authAttempts').where({ id: attempt.id }).delete();
}

/** Runs the password work of an admitted attempt; if it fails (busy: 503), the attempt is forgotten so the retry is not held against the client. */
export async function withAttempt<T>(db: Knex, attempt: Attempt, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    await forgetAttempt(db, attempt);
    throw err;
  }
}
