import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/*
 * A passkey authenticator in software, as WebAuthn Level 2 describes one (packed "none"
 * attestation, ES256): what a browser hands the server after navigator.credentials.create/get,
 * made here so the API tests can drive the ceremony over HTTP. The browser suite uses Chromium's
 * own virtual authenticator instead.
 */

/** The smallest CBOR (RFC 8949) a passkey's attestation needs: integers, text, bytes and maps. */
function cbor(value: number | string | Buffer | Map<number | string, unknown>): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const two = Buffer.alloc(3);
    two[0] = (major << 5) | 25;
    two.writeUInt16BE(length, 1);
    return two;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size),
    ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item as Parameters<typeof cbor>[0])])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

/** Flags of the authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface CredentialOptions { challenge: string; rp?: { id?: string }; rpId?: string }

/** One passkey: its key pair, id and signature counter, made for the relying party `rpId`. */
export class SoftPasskey {
  readonly id = randomBytes(16);
  private readonly key: { publicKey: KeyObject; privateKey: KeyObject } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;

  constructor(private readonly origin: string, private readonly rpId = new URL(origin).hostname) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authData(flags: number, counter: number, extra = Buffer.alloc(0)) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, extra]);
  }

  /** The answer to navigator.credentials.create for `options` (the server's registration options). */
  register(options: CredentialOptions, { origin = this.origin } = {}) {
    const jwk = this.key.publicKey.export({ format: 'jwk' });
    const coseKey = cbor(new Map<number, unknown>([[1, 2], [3, -7], [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')], [-3, Buffer.from(jwk.y!, 'base64url')]]));
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.id, coseKey]);
    const attestationObject = cbor(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()],
      ['authData', this.authData(UP | UV | AT, this.counter, attested)]]));
    return {
      id: b64url(this.id), rawId: b64url(this.id), type: 'public-key', clientExtensionResults: {}, authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject), transports: ['internal'] },
    };
  }

  /**
   * The answer to navigator.credentials.get for `options` (the server's challenge), the counter
   * moved on by one, or signed with the `counter` given (a cloned key's) and not moved.
   */
  assert(options: CredentialOptions, { origin = this.origin, counter }: { origin?: string; counter?: number } = {}) {
    const authenticatorData = this.authData(UP | UV, counter ?? (this.counter += 1));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.key.privateKey);
    return {
      id: b64url(this.id), rawId: b64url(this.id), type: 'public-key', clientExtensionResults: {}, authenticatorAttachment: 'platform',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature),
        userHandle: null },
    };
  }
}
