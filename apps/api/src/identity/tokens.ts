import { createHash } from 'node:crypto';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  createLocalJWKSet,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { IdentityRepository } from './repository.ts';

const ALG = 'ES256';
/** RFC 9068 media type: an id token (typ JWT) can never pass as an access token. */
const ACCESS_TOKEN_TYP = 'at+jwt';
export const ACCESS_TOKEN_AUDIENCE = 'mp-api';
export const ID_TOKEN_AUDIENCE = 'mp-portal';

export interface TokenSubject {
  id: string;
  userId: string;
  email: string;
  groups: string[];
  locale: string;
  firstName: string | null;
  lastName: string | null;
  emailVerified: boolean;
}

export interface AccessClaims {
  sub: string;
  userId: string;
  email: string;
  groups: string[];
  /** The refresh-token family (session) this access token belongs to. */
  sid: string;
  /** The session passed a second factor at sign-in (issue 15: staff powers need it). */
  mfa: boolean;
}

export type AccessTokenFailure = 'expired' | 'invalid';

export class AccessTokenError extends Error {
  readonly reason: AccessTokenFailure;
  constructor(reason: AccessTokenFailure) {
    super(reason === 'expired' ? 'access token expired' : 'access token invalid');
    this.reason = reason;
  }
}

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** Raw private scalar, the root of the code pepper (see secrets.ts). */
  secretMaterial: string;
}

/**
 * The key comes from configuration (PEM PKCS#8 or a JWK) or, when none is configured, from the database,
 * where the first start stores a newly generated pair so restarts keep sessions valid.
 */
async function loadSigningKey(
  configured: string | undefined,
  repository: IdentityRepository,
): Promise<SigningKey> {
  if (configured) {
    const text = configured.trim();
    const privateJwk: JWK = text.startsWith('{')
      ? (JSON.parse(text) as JWK)
      : await exportJWK(await importPKCS8(text.replace(/\\n/g, '\n'), ALG, { extractable: true }));
    return fromPrivateJwk(privateJwk);
  }
  const [stored] = await repository.activeSigningKeys();
  if (stored) return fromPrivateJwk(stored.privateJwk as JWK);
  const pair = await generateKeyPair(ALG, { extractable: true });
  const privateJwk = await exportJWK(pair.privateKey);
  const key = await fromPrivateJwk(privateJwk);
  await repository.insertSigningKey({
    kid: key.kid,
    algorithm: ALG,
    privateJwk,
    publicJwk: key.publicJwk,
  });
  // Two instances starting together may both generate; the earliest stored key wins for both.
  const [winner] = await repository.activeSigningKeys();
  return winner && winner.kid !== key.kid ? fromPrivateJwk(winner.privateJwk as JWK) : key;
}

async function fromPrivateJwk(privateJwk: JWK): Promise<SigningKey> {
  if (privateJwk.kty !== 'EC' || privateJwk.crv !== 'P-256' || !privateJwk.d)
    throw new Error('The identity signing key must be an EC P-256 private key (ES256)');
  const { d, ...publicParts } = privateJwk;
  const publicJwk: JWK = { kty: 'EC', crv: 'P-256', x: publicParts.x, y: publicParts.y };
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateKey = (await importJWK({ ...publicJwk, d }, ALG)) as CryptoKey;
  return { kid, privateKey, publicJwk: { ...publicJwk, kid, alg: ALG, use: 'sig' }, secretMaterial: d };
}

export interface TokenServiceOptions {
  repository: IdentityRepository;
  clock: () => Date;
  issuer: string;
  /** PEM (PKCS#8) or JWK of an EC P-256 private key; undefined → generated and stored in the database. */
  privateKey?: string | undefined;
  accessTokenTtlSeconds: number;
}

export async function createTokenService(options: TokenServiceOptions) {
  const { clock, issuer } = options;
  const key = await loadSigningKey(options.privateKey, options.repository);
  const jwks = { keys: [key.publicJwk] };
  const keySet = createLocalJWKSet(jwks);
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  // A token's signature, issuer, audience and type checks give the same answer every time: a verified token is
  // remembered (by its exact text) until it expires, so a request pays an ES256 verification only the first
  // time a token is seen. Expiry is still checked on every call, against the clock.
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  const VERIFIED_MAX = 10_000;

  return {
    jwks: () => jwks,

    /** 32 bytes derived from the signing key: the pepper for code and account-key hashes. */
    derivedSecret(label: string): Uint8Array {
      return createHash('sha256').update(`mp-identity:${label}:${key.secretMaterial}`).digest();
    },

    async issue(subject: TokenSubject, sessionId: string, secondFactor = false) {
      const now = clock();
      const expiresAt = new Date(now.getTime() + options.accessTokenTtlSeconds * 1000);
      const accessToken = await new SignJWT({
        token_use: 'access',
        user_id: subject.userId,
        email: subject.email,
        groups: subject.groups,
        sid: sessionId,
        // RFC 8176 authentication methods: password, plus a second factor when one was passed.
        amr: secondFactor ? ['pwd', 'mfa'] : ['pwd'],
      })
        .setProtectedHeader({ alg: ALG, kid: key.kid, typ: ACCESS_TOKEN_TYP })
        .setIssuer(issuer)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setSubject(subject.id)
        .setIssuedAt(seconds(now))
        .setExpirationTime(seconds(expiresAt))
        .setJti(crypto.randomUUID())
        .sign(key.privateKey);
      const idToken = await new SignJWT({
        token_use: 'id',
        user_id: subject.userId,
        email: subject.email,
        email_verified: subject.emailVerified,
        groups: subject.groups,
        locale: subject.locale,
        ...(subject.firstName ? { given_name: subject.firstName } : {}),
        ...(subject.lastName ? { family_name: subject.lastName } : {}),
      })
        .setProtectedHeader({ alg: ALG, kid: key.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(ID_TOKEN_AUDIENCE)
        .setSubject(subject.id)
        .setIssuedAt(seconds(now))
        .setExpirationTime(seconds(expiresAt))
        .sign(key.privateKey);
      return { accessToken, idToken, expiresAt };
    },

    /** Verifies signature, issuer, audience, type and expiry against the injected clock. */
    async verifyAccessToken(token: string): Promise<AccessClaims> {
      const known = verified.get(token);
      if (known) {
        if (known.exp > seconds(clock())) return known.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, keySet, {
          issuer,
          audience: ACCESS_TOKEN_AUDIENCE,
          algorithms: [ALG],
          typ: ACCESS_TOKEN_TYP,
          currentDate: clock(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const { sub, user_id, email, groups, sid, token_use, amr } = payload;
        if (
          token_use !== 'access' ||
          typeof sub !== 'string' ||
          typeof user_id !== 'string' ||
          typeof email !== 'string' ||
          typeof sid !== 'string' ||
          !Array.isArray(groups) ||
          !groups.every((group) => typeof group === 'string')
        )
          throw new AccessTokenError('invalid');
        const mfa = Array.isArray(amr) && amr.includes('mfa');
        const claims: AccessClaims = { sub, userId: user_id, email, groups, sid, mfa };
        if (verified.size >= VERIFIED_MAX) verified.clear();
        if (typeof payload.exp === 'number') verified.set(token, { claims, exp: payload.exp });
        return claims;
      } catch (error) {
        if (error instanceof AccessTokenError) throw error;
        throw new AccessTokenError(error instanceof errors.JWTExpired ? 'expired' : 'invalid');
      }
    },
  };
}
export type TokenService = Awaited<ReturnType<typeof createTokenService>>;
