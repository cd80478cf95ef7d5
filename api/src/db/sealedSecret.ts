import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/*
 * The secrets the app must be able to read back, kept sealed at rest (docs/operations.md#secrets-at-rest):
 * an authenticator app's secret makes its user's codes, a webhook's signing secret makes the
 * deliveries its receiver trusts, so a copy of the database (a backup, a dump sent for support)
 * must give neither away. Each is sealed with AES-256-GCM under a key derived from the first of the
 * session keys (SESSION_KEYS, which the database never holds), one key per purpose, and opened
 * with any of them, as the session cookie is signed by the first and checked by all. A secret
 * sealed under an older key is sealed anew under the first at the next start (resealSecrets),
 * after which the old key may go. (API tokens and recovery codes are kept as digests: nothing
 * needs them back.)
 */

/** What a secret is for: each purpose seals under a key of its own. */
export type SecretPurpose = 'totp' | 'webhook';
const PURPOSE_INFO: Record<SecretPurpose, string> = {
  totp: 'logistics-backoffice totp secret',
  webhook: 'logistics-backoffice webhook signing secret',
};

/** The columns holding sealed secrets: the app seals what it writes there and opens what it reads. */
const SEALED_COLUMNS: ReadonlyArray<{ table: string; column: string; purpose: SecretPurpose; where?: Record<string, string> }> = [
  { table: 'userFactors', column: 'secret', purpose: 'totp', where: { kind: 'totp' } },
  { table: 'webhooks', column: 'signingSecret', purpose: 'webhook' },
  { table: 'webhooks', column: 'previousSecret', purpose: 'webhook' },
];

const SEALED = /^v1\.([A-Za-z0-9_-]+)$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key of a session key for a purpose, derived once: the webhook worker opens a secret per delivery. */
const derivedKeys = new Map<string, Buffer>();
function keyOf(sessionKey: string, purpose: SecretPurpose): Buffer {
  const name = `${purpose}\0${sessionKey}`;
  let key = derivedKeys.get(name);
  if (!key) derivedKeys.set(name, key = Buffer.from(hkdfSync('sha256', sessionKey, '', PURPOSE_INFO[purpose], 32)));
  return key;
}

/** `plain` sealed under the first of `keys`: 'v1.' and the nonce, tag and cipher text in base64url. */
export function seal(plain: string, keys: readonly string[], purpose: SecretPurpose): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(keys[0], purpose), iv);
  const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64url')}`;
}

/**
 * The secret `stored` holds, and the index of the key that opened it: a secret stored before
 * sealing (no 'v1.') is itself, as if under no key (-1). Undefined: no key opens it (the key it
 * was sealed under is gone, or the text was altered).
 */
export function unseal(stored: string, keys: readonly string[], purpose: SecretPurpose): { plain: string; keyIndex: number } | undefined {
  const sealed = SEALED.exec(stored);
  if (!sealed) return { plain: stored, keyIndex: -1 };
  const bytes = Buffer.from(sealed[1], 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
  for (const [keyIndex, key] of keys.entries()) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyOf(key, purpose), bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return { plain: Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8'), keyIndex };
    } catch {
      // Not this key's.
    }
  }
  return undefined;
}

/**
 * Seals under the first key every secret not sealed under it yet (SEALED_COLUMNS, rows in the
 * trash too): those stored before sealing and those of an older key still listed. Returns how many
 * it sealed, and how many no key opens (an app that takes no code, a webhook that signs nothing,
 * until the key comes back).
 */
export async function resealSecrets(db: Knex, keys: readonly string[]): Promise<{ resealed: number; unreadable: number }> {
  let resealed = 0;
  let unreadable = 0;
  for (const { table, column, purpose, where = {} } of SEALED_COLUMNS) {
    const rows: Array<{ id: number; stored: string }> = await db(table).where(where).whereNotNull(column).select('id', `${column} as stored`);
    for (const { id, stored } of rows) {
      const opened = unseal(stored, keys, purpose);
      if (!opened) unreadable += 1;
      else if (opened.keyIndex !== 0) {
        // Only if no one sealed it meanwhile (another instance starting).
        resealed += await db(table).where({ id, [column]: stored }).update({ [column]: seal(opened.plain, keys, purpose) });
      }
    }
  }
  return { resealed, unreadable };
}
