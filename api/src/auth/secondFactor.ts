import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { Secret, TOTP } from 'otpauth';
import type { Role } from '@kernel/users/roles';
import type { Ctx } from '../foundation/appState';
import { httpError } from '../foundation/httpError';
import { seal, unseal } from '../db/sealedSecret';
import {
  FRESH_CHECK_MS, RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_DRIFT_STEPS, TOTP_PERIOD_S, type FactorKind, type SecondFactorStatus,
} from '@kernel/auth/secondFactor';

type Db = Knex | Knex.Transaction;

/** The name an authenticator app shows above the codes. */
const ISSUER = 'Logistics back-office';

const totpOf = (secret: string, username: string) => new TOTP({ issuer: ISSUER, label: username, algorithm: 'SHA1',
  digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });

/** The time step of `at` (epoch ms): a code is one step's. */
const stepOf = (at: number) => Math.floor(at / 1000 / TOTP_PERIOD_S);

/**
 * The time step whose code `code` is, within one step of drift either way of `at`; undefined for
 * any other code. RFC 6238 with SHA-1, 6 digits and 30 s, as every authenticator app reads a QR.
 */
export function totpStep(secret: string, code: string, at = Date.now()): number | undefined {
  const delta = totpOf(secret, '').validate({ token: code, timestamp: at, window: TOTP_DRIFT_STEPS });
  return delta === null ? undefined : stepOf(at) + delta;
}

/** A recovery code as kept: its digest, of the code without case, spaces or dashes. */
const digestOf = (code: string) => createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');

/** Ten characters of a 32-letter alphabet without look-alikes (50 bits), shown as two groups of five. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const letters = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** Whether people of `role` must sign in with a second factor (the permissions page's column). */
export async function requiredFor(db: Db, role: Role): Promise<boolean> {
  return Boolean(await db('secondFactorRoles').where({ role }).first('role'));
}

export async function requiredRoles(db: Db): Promise<Role[]> {
  return db('secondFactorRoles').orderBy('role').pluck('role');
}

/** The kinds of the user's confirmed factors, each once: the sign-in asks for one of them. */
export async function factorKinds(db: Db, userId: number): Promise<FactorKind[]> {
  return db('userFactors').where({ userId }).whereNotNull('confirmedAt').distinct('kind').orderBy('kind').pluck('kind');
}

/** Whether the user has a confirmed factor: the sign-in then asks for it. */
export async function hasFactor(db: Db, userId: number): Promise<boolean> {
  return Boolean(await db('userFactors').where({ userId }).whereNotNull('confirmedAt').first('id'));
}

export async function statusOf(db: Db, userId: number, role: Role): Promise<SecondFactorStatus> {
  const [factors, left, required] = await Promise.all([
    db('userFactors').where({ userId }).whereNotNull('confirmedAt').orderBy('id')
      .select('id', 'kind', 'confirmedAt', 'lastUsedAt'),
    db('recoveryCodes').where({ userId }).whereNull('usedAt').count({ n: '*' }).first(),
    requiredFor(db, role),
  ]);
  return {
    required,
    factors: factors.map((row: { id: number; kind: FactorKind; confirmedAt: Date; lastUsedAt: Date | null }) => ({
      id: row.id, kind: row.kind, createdAt: new Date(row.confirmedAt).toISOString(),
      lastUsedAt: row.lastUsedAt && new Date(row.lastUsedAt).toISOString() })),
    recoveryCodesLeft: Number(left?.n ?? 0),
  };
}

/**
 * A new authenticator app for the user, unconfirmed until its first code (`takeCode` with
 * `enrolling`): the secret and the otpauth:// address its QR code carries. An earlier unconfirmed
 * one goes.
 */
export async function startTotp(trx: Knex.Transaction, user: { id: number; username: string }, keys: readonly string[]):
  Promise<{ secret: string; uri: string }> {
  await trx('userFactors').where({ userId: user.id, kind: 'totp' }).whereNull('confirmedAt').delete();
  const secret = new Secret({ size: 20 }).base32;
  await trx('userFactors').insert({ userId: user.id, kind: 'totp', secret: seal(secret, keys, 'totp') });
  return { secret, uri: totpOf(secret, user.username).toString() };
}

/** An authenticator app's code is digits; a recovery code has letters. */
const isAppCode = (code: string) => /^\d+$/.test(code.replace(/\s/g, ''));
/** The authenticator apps a code is checked against: the confirmed ones, or (enrolling) the one being set up. */
const appsChecked = (db: Db, userId: number, enrolling: boolean) => db('userFactors').where({ userId, kind: 'totp' })
  .modify((query) => (enrolling ? query.whereNull('confirmedAt') : query.whereNotNull('confirmedAt')));

/**
 * Whether `code`, refused, was an app's code while one of the person's confirmed apps has a secret
 * no session key opens (docs/operations.md#secrets-at-rest): no code of it can be taken until the
 * key is listed again, so the person is told to use a recovery code, not to type the code again.
 */
export async function refusedForUnreadableApp(db: Db, userId: number, code: string, keys: readonly string[]): Promise<boolean> {
  if (!isAppCode(code)) return false;
  const apps: Array<{ secret: string }> = await appsChecked(db, userId, false).select('secret');
  return apps.some(({ secret }) => unseal(secret, keys, 'totp') === undefined);
}

export type TakenCode = { kind: 'totp'; factorId: number; confirmed: boolean } | { kind: 'recovery_code' }
  | { kind: 'passkey'; factorId: number };

/**
 * Takes a code of the user's once: a TOTP code of a confirmed app or an unused recovery code, or,
 * `enrolling`, a code of the app being set up, which it confirms. A code is taken by one
 * conditional update, so of two requests with one code only one gets it, and a TOTP code no older
 * than the last one taken is refused (a replay within its minute of drift). Undefined: refused.
 */
export async function takeCode(trx: Knex.Transaction, userId: number, code: string,
  { keys, enrolling = false, at = Date.now() }: { keys: readonly string[]; enrolling?: boolean; at?: number }): Promise<TakenCode | undefined> {
  const digits = code.replace(/\s/g, '');
  if (isAppCode(digits)) {
    const apps: Array<{ id: number; secret: string; confirmedAt: Date | null }> = await appsChecked(trx, userId, enrolling)
      .select('id', 'secret', 'confirmedAt');
    for (const app of apps) {
      // An app whose secret no session key opens (docs/operations.md#secrets-at-rest) takes no code.
      const secret = unseal(app.secret, keys, 'totp')?.plain;
      const step = secret === undefined ? undefined : totpStep(secret, digits, at);
      if (step === undefined) continue;
      const taken = await trx('userFactors').where({ id: app.id })
        .where((q) => q.whereNull('lastStep').orWhere('lastStep', '<', step))
        .update({ lastStep: step, lastUsedAt: trx.fn.now(), confirmedAt: trx.raw('coalesce(confirmed_at, now())') });
      if (taken === 0) return undefined;
      return { kind: 'totp', factorId: app.id, confirmed: app.confirmedAt === null };
    }
    return undefined;
  }
  if (enrolling) return undefined;
  const used = await trx('recoveryCodes').where({ userId, codeHash: digestOf(digits) }).whereNull('usedAt')
    .update({ usedAt: trx.fn.now() });
  return used > 0 ? { kind: 'recovery_code' } : undefined;
}

/** Ten new recovery codes for the user, the old ones void: shown once, kept as digests. */
export async function newRecoveryCodes(trx: Knex.Transaction, userId: number): Promise<string[]> {
  await trx('recoveryCodes').where({ userId }).delete();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await trx('recoveryCodes').insert(codes.map((code) => ({ userId, codeHash: digestOf(code) })));
  return codes;
}

/** Removes one of the user's apps; whether there was one. */
export async function removeFactor(trx: Knex.Transaction, userId: number, id: number): Promise<boolean> {
  return (await trx('userFactors').where({ userId, id }).delete()) > 0;
}

/** Removes every factor and recovery code of the user (an administrator's reset); how many factors went. */
export async function resetFactors(trx: Knex.Transaction, userId: number): Promise<number> {
  await trx('recoveryCodes').where({ userId }).delete();
  return trx('userFactors').where({ userId }).delete();
}

/**
 * Refuses (403 `second_factor_required`) a sensitive action of a person who has a factor, or whose
 * role requires one, without a code taken in this session within FRESH_CHECK_MS. A request with
 * an API token has no session to have checked one. `db`: the transaction the action runs in, if any.
 */
export async function requireFreshCheck(ctx: Ctx, db: Db = ctx.state.db): Promise<void> {
  const user = ctx.state.user!;
  if (!(await hasFactor(db, user.id)) && !(await requiredFor(db, user.role))) return;
  const at = ctx.state.apiToken ? undefined : ctx.session?.secondFactorAt;
  if (at === undefined || Date.now() - at > FRESH_CHECK_MS) {
    throw httpError('second_factor_required', 'Enter a code of your second factor first (POST /api/second-factors/check)');
  }
}

