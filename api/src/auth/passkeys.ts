import type { Knex } from 'knex';
import type {
  AuthenticationResponseJSON, AuthenticatorTransport, PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PASSKEY_CHALLENGE_MS } from '@kernel/auth/secondFactor';
import type { Ctx } from '../foundation/appState';

/*
 * Passkeys (WebAuthn) as a second factor, by @simplewebauthn/server: the ceremony's options, and
 * the authenticator's answer checked against the challenge this session was given, the page's
 * origin and the relying party (the host the back-office is served from).
 */

/**
 * @simplewebauthn/server, loaded by the first passkey ceremony rather than when the server starts
 * (0.09 of the API's 0.95 CPU-seconds to load, for a factor few people use).
 */
const webAuthn = () => import('@simplewebauthn/server');

/** The name an authenticator shows for the site. */
const RP_NAME = 'Logistics back-office';

type Db = Knex | Knex.Transaction;

interface PasskeyRow { id: number; credentialId: string; publicKey: string; signCount: string | number; transports: string[] | null }

const passkeysOf = (db: Db, userId: number): Promise<PasskeyRow[]> => db('userFactors').where({ userId, kind: 'passkey' })
  .select('id', 'credentialId', 'publicKey', 'signCount', 'transports');

const described = (row: PasskeyRow) => ({ id: row.credentialId, transports: (row.transports ?? []) as AuthenticatorTransport[] });

/** The page's origin and host as the browser saw them (Koa reads X-Forwarded-* behind a trusted proxy). */
const relyingParty = (ctx: Ctx) => ({ expectedOrigin: `${ctx.protocol}://${ctx.host}`, expectedRPID: ctx.hostname });

/** Takes the session's challenge of `purpose` once; undefined if none, another's or expired. */
function takeChallenge(ctx: Ctx, purpose: 'register' | 'assert'): string | undefined {
  const kept = ctx.session!.passkeyChallenge;
  ctx.session!.passkeyChallenge = undefined;
  if (!kept || kept.purpose !== purpose || Date.now() - kept.at > PASSKEY_CHALLENGE_MS) return undefined;
  return kept.challenge;
}

/** Options for creating a passkey for `user` (none of theirs twice), its challenge kept in the session. */
export async function registrationOptions(ctx: Ctx, user: { id: number; username: string; displayName: string }):
  Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await (await webAuthn()).generateRegistrationOptions({
    rpName: RP_NAME, rpID: ctx.hostname, userName: user.username, userDisplayName: user.displayName,
    userID: new TextEncoder().encode(`user:${user.id}`), attestationType: 'none',
    excludeCredentials: (await passkeysOf(ctx.state.db, user.id)).map(described),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  ctx.session!.passkeyChallenge = { challenge: options.challenge, at: Date.now(), purpose: 'register' };
  return options;
}

/**
 * Checks the authenticator's answer to the session's registration challenge and keeps the new
 * passkey, confirmed; its id, or undefined for an answer that does not verify.
 */
export async function addPasskey(ctx: Ctx, trx: Knex.Transaction, userId: number, response: RegistrationResponseJSON):
  Promise<number | undefined> {
  const challenge = takeChallenge(ctx, 'register');
  if (!challenge) return undefined;
  const verified = await (await webAuthn()).verifyRegistrationResponse({ response, expectedChallenge: challenge, ...relyingParty(ctx),
    requireUserVerification: false }).catch(() => undefined);
  if (!verified?.verified) return undefined;
  const { credential } = verified.registrationInfo;
  const [row] = await trx('userFactors').insert({ userId, kind: 'passkey', credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'), signCount: credential.counter,
    transports: credential.transports ?? null, confirmedAt: trx.fn.now() }).onConflict('credentialId').ignore().returning('id');
  return row?.id;
}

/** Options for signing with one of `userId`'s passkeys (none: undefined), the challenge kept in the session. */
export async function assertionOptions(ctx: Ctx, userId: number): Promise<PublicKeyCredentialRequestOptionsJSON | undefined> {
  const passkeys = await passkeysOf(ctx.state.db, userId);
  if (passkeys.length === 0) return undefined;
  const options = await (await webAuthn()).generateAuthenticationOptions({ rpID: ctx.hostname, allowCredentials: passkeys.map(described),
    userVerification: 'preferred' });
  ctx.session!.passkeyChallenge = { challenge: options.challenge, at: Date.now(), purpose: 'assert' };
  return options;
}

/**
 * Takes a signature of one of `userId`'s passkeys over the session's challenge, once: the
 * counter and the challenge signed move by one conditional update, so of two requests with one
 * answer (one session's challenge) only one gets it; a counter that went back, a cloned key, is refused. The factor's id, or undefined: refused.
 */
export async function takePasskey(ctx: Ctx, trx: Knex.Transaction, userId: number, response: AuthenticationResponseJSON):
  Promise<number | undefined> {
  const challenge = takeChallenge(ctx, 'assert');
  const [passkey] = (await passkeysOf(trx, userId)).filter((row) => row.credentialId === response.id);
  if (!challenge || !passkey) return undefined;
  const verified = await (await webAuthn()).verifyAuthenticationResponse({ response, expectedChallenge: challenge, ...relyingParty(ctx),
    requireUserVerification: false,
    credential: { ...described(passkey), publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: Number(passkey.signCount) },
  }).catch(() => undefined);
  if (!verified?.verified) return undefined;
  const taken = await trx('userFactors').where({ id: passkey.id, signCount: passkey.signCount })
    .where((q) => q.whereNull('lastChallenge').orWhereNot('lastChallenge', challenge))
    .update({ signCount: verified.authenticationInfo.newCounter, lastChallenge: challenge, lastUsedAt: trx.fn.now() });
  return taken > 0 ? passkey.id : undefined;
}
