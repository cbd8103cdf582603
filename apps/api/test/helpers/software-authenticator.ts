import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software for API tests (issue 15): an ES256 key pair from node:crypto, an
 * attestation of format `none` and assertions signed over authenticatorData ‖ SHA-256(clientDataJSON), as a
 * platform authenticator with a resident key and user verification would make them. Nothing is faked on the
 * server side: the API verifies these with @simplewebauthn/server like any browser's.
 */
const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface CreationOptions {
  challenge: string;
  rp: { id: string };
  user: { id: string };
}
export interface RequestOptions {
  challenge: string;
  rpId: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The signature counter; the next assertion carries counter + 1 unless told otherwise. */
  counter = 0;
  /** The user handle given at registration (base64url). */
  userHandle: string | undefined;
  rpId = 'localhost';

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    return isoCBOR.encode(key);
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** navigator.credentials.create() → RegistrationResponseJSON. */
  register(options: CreationOptions, overrides: { origin?: string; challenge?: string } = {}) {
    this.rpId = options.rp.id;
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authData(this.rpId, FLAG_UP | FLAG_UV | FLAG_AT, this.counter, attested);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.create',
        challenge: overrides.challenge ?? options.challenge,
        origin: overrides.origin ?? `http://${this.rpId}:3000`,
        crossOrigin: false,
      }),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get() → AuthenticationResponseJSON; `counter` forces the signature counter. */
  assert(
    options: RequestOptions,
    overrides: { origin?: string; counter?: number; userVerified?: boolean; challenge?: string } = {},
  ) {
    this.counter = overrides.counter ?? this.counter + 1;
    const flags = FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV);
    const authData = this.authData(options.rpId, flags, this.counter);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: overrides.challenge ?? options.challenge,
        origin: overrides.origin ?? `http://${options.rpId}:3000`,
        crossOrigin: false,
      }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
