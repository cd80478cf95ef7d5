import {
  browserSupportsWebAuthn, startAuthentication, startRegistration, type AuthenticationResponseJSON,
} from '@simplewebauthn/browser';
import type { AppDataProvider, CurrentUser } from '../providers/dataProvider';

/*
 * Passkeys (WebAuthn) by @simplewebauthn/browser: the browser's dialog signs the server's challenge
 * with a passkey of this device, a phone nearby or a security key, or creates one.
 */

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/** A passkey of one's signs a challenge of the server's: the proof of a sign-in's second step (`signingIn`) or of a check. */
export async function passkeyProof(dataProvider: AppDataProvider, signingIn: boolean): Promise<{ passkey: AuthenticationResponseJSON }> {
  const optionsJSON = await dataProvider.passkeyChallenge(signingIn);
  return { passkey: await startAuthentication({ optionsJSON }) };
}

/** Creates a passkey and keeps it as one's factor: the first factor brings recovery codes. */
export async function createPasskey(dataProvider: AppDataProvider): Promise<{ recoveryCodes: string[] | null }> {
  const optionsJSON = await dataProvider.passkeyRegistration();
  return dataProvider.addPasskey(await startRegistration({ optionsJSON }));
}

/** Creates a passkey during a sign-in whose role requires a factor: signed in, with the first recovery codes. */
export async function enrolPasskeyAtSignIn(dataProvider: AppDataProvider): Promise<CurrentUser & { recoveryCodes?: string[] }> {
  const optionsJSON = await dataProvider.passkeyRegistration(true);
  return dataProvider.secondStepPasskey(await startRegistration({ optionsJSON }));
}

/**
 * The text key of a refusal by the browser's dialog (closed, timed out, a passkey this device holds
 * already), or undefined for any other error (the server's).
 */
export function browserRefusal(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return 'second_factor.passkey_cancelled';
  if (error.name === 'InvalidStateError') return 'second_factor.passkey_exists';
  if (error.name === 'SecurityError' || error.name === 'NotSupportedError') return 'second_factor.passkey_unsupported';
  return undefined;
}
