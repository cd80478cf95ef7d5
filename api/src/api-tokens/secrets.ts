import { createHash, randomBytes } from 'node:crypto';

/** A token's secret: `rsl_` and 43 url-safe characters, 256 random bits (DESIGN §15). */
export const TOKEN_PATTERN = /^rsl_[A-Za-z0-9_-]{43}$/;

/** How many of the secret's characters lists show: the `rsl_` and four more. */
const PREFIX_LENGTH = 8;

export function newSecret(): { secret: string; tokenHash: string; prefix: string } {
  const secret = `rsl_${randomBytes(32).toString('base64url')}`;
  return { secret, tokenHash: hashOf(secret), prefix: secret.slice(0, PREFIX_LENGTH) };
}

/** What the table keeps of a secret: its SHA-256, hex (a 256-bit random secret needs no slow hash). */
export const hashOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');
