import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/*
 * An authenticator app's secret at rest (docs/operations.md#secrets-at-rest). Whoever holds it
 * makes the user's codes, so a copy of the database (a backup, a dump sent for support) must not
 * give it away: it is sealed with AES-256-GCM under a key derived from the first of the session
 * keys (SESSION_KEYS, which the database never holds), and opened with any of them, as the session
 * cookie is signed by the first and checked by all. A secret sealed under an older key is sealed
 * anew under the first at the next start (resealSecrets), after which the old key may go.
 */

const SEALED = /^v1\.([A-Za-z0-9_-]+)$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The sealing key a session key stands for; another purpose would derive another key from it. */
const keyOf = (sessionKey: string) => Buffer.from(hkdfSync('sha256', sessionKey, '', 'logistics-backoffice totp secret', 32));

/** `plain` sealed under the first of `keys`: 'v1.' and the nonce, tag and cipher text in base64url. */
export function seal(plain: string, keys: readonly string[]): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(keys[0]), iv);
  const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64url')}`;
}

/**
 * The secret `stored` holds, and the index of the key that opened it: a secret stored before
 * sealing (no 'v1.') is itself, as if under no key (-1). Undefined: no key opens it (the key it
 * was sealed under is gone, or the text was altered).
 */
export function unseal(stored: string, keys: readonly string[]): { plain: string; keyIndex: number } | undefined {
  const sealed = SEALED.exec(stored);
  if (!sealed) return { plain: stored, keyIndex: -1 };
  const bytes = Buffer.from(sealed[1], 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
  for (const [keyIndex, key] of keys.entries()) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', keyOf(key), bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return { plain: Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8'), keyIndex };
    } catch {
      // Not this key's.
    }
  }
  return undefined;
}

/**
 * Seals under the first key every app secret not sealed under it yet: those stored before sealing
 * and those of an older key still listed. Returns how many it sealed, and how many no key opens
 * (those apps' codes are refused until the key comes back: their users sign in with a recovery code).
 */
export async function resealSecrets(db: Knex, keys: readonly string[]): Promise<{ resealed: number; unreadable: number }> {
  const rows: Array<{ id: number; secret: string }> = await db('userFactors').where({ kind: 'totp' }).select('id', 'secret');
  let resealed = 0;
  let unreadable = 0;
  for (const { id, secret } of rows) {
    const opened = unseal(secret, keys);
    if (!opened) unreadable += 1;
    else if (opened.keyIndex !== 0) {
      // Only if no one sealed it meanwhile (another instance starting).
      resealed += await db('userFactors').where({ id, secret }).update({ secret: seal(opened.plain, keys) });
    }
  }
  return { resealed, unreadable };
}
