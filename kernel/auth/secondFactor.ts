/** The second factor at sign-in (DESIGN §16, docs/api-conventions.md#second-factor). */

/** RFC 6238 as authenticator apps read it from a QR code: 30 s steps, 6 digits, one step of drift either way. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const TOTP_DRIFT_STEPS = 1;

/** Single-use codes for a lost phone, shown once. */
export const RECOVERY_CODE_COUNT = 10;

/** Wrong codes an account may enter in the window before it is refused (429) until the oldest leaves it. */
export const MAX_WRONG_CODES = 5;
export const WRONG_CODES_WINDOW_MS = 15 * 60_000;

/** How long a password sign-in waits for its second step, and how recent a check a sensitive action (a new API token) needs. */
export const PENDING_SIGN_IN_MS = 10 * 60_000;
export const FRESH_CHECK_MS = 5 * 60_000;
/** How long a passkey ceremony's challenge may be answered. */
export const PASSKEY_CHALLENGE_MS = 5 * 60_000;

export type FactorKind = 'totp' | 'passkey';

/**
 * POST /api/login's answer when the password was right and a second step is needed: `verify` one's
 * factor (`factors`: the kinds one has, so the page offers a code field, a passkey or both), or
 * `enrol` one first (the role requires it and the person has none).
 */
export interface SecondStep {
  secondFactor: 'verify' | 'enrol';
  factors: FactorKind[];
}

/** What a sign-in's second step took: a code of an app, a recovery code or a passkey's signature. */
export type SecondFactorTaken = 'totp' | 'recovery_code' | 'passkey';

export interface EnrolledFactor {
  id: number;
  kind: FactorKind;
  createdAt: string;
  lastUsedAt: string | null;
}

/** GET /api/second-factors: one's own factors, recovery codes left and whether one's role requires a factor. */
export interface SecondFactorStatus {
  required: boolean;
  factors: EnrolledFactor[];
  recoveryCodesLeft: number;
}

/**
 * A proof of one's second factor (POST /api/login/second-factor, /api/second-factors/check): a
 * code of an app or a recovery code, or a passkey's signature (the browser's WebAuthn answer as
 * JSON) over the challenge the session was given.
 */
export type SecondFactorProof = { code: string } | { passkey: object };

/** An authenticator app being set up: the secret its QR code carries, and the otpauth:// address. */
export interface TotpEnrolment {
  secret: string;
  uri: string;
}
