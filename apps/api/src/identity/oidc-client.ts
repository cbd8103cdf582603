import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { IdentityRepository } from './repository.ts';
import { generateOpaqueToken, sha256 } from './secrets.ts';

/** The external OpenID Connect provider for social sign-in (OIDC_* configuration). */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Our callback, registered at the provider: <public URL>/api/identity/oidc/callback */
  redirectUri: string;
}

export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string | undefined;
  lastName: string | undefined;
  locale: string | undefined;
  /** The portal path to return to, as given when the flow started. */
  redirect: string | undefined;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

export class OidcError extends Error {}

const AUTHORIZATION_TTL_MS = 10 * 60_000;

/**
 * The stored key of a pending authorization: its `state` bound to the browser that started the flow (the random
 * value of that browser's `mp_oidc` cookie, oidc-routes.ts). A callback finds its authorization only with both, so a
 * callback URL opened in another browser finds none (login CSRF, decision 0011).
 */
function boundStateHash(state: string, browserBinding: string): string {
  return sha256(`${state}:${browserBinding}`);
}

/** Only a same-origin path may be a return target (no open redirect). */
export function safeRedirect(value: unknown): string | undefined {
  // No control character or backslash anywhere: browsers drop tabs and line breaks from URLs ("/\t/x" is "//x").
  return typeof value === 'string' &&
    /^\/(?![/\\])/.test(value) &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
    !/[\u0000-\u001f\u007f\\]/.test(value) &&
    value.length <= 2000
    ? value
    : undefined;
}

/**
 * Authorization code flow with PKCE (S256), state and nonce; scopes openid, email, profile. The state,
 * verifier and nonce are kept in the database (single use, 10 minutes) so any instance can finish the flow; the
 * state is stored bound to the starting browser's binding (`boundStateHash`).
 */
export function createOidcClient(options: {
  config: OidcProviderConfig;
  repository: IdentityRepository;
  clock: () => Date;
}) {
  const { config, repository, clock } = options;
  let discovery: Promise<Discovery> | undefined;
  let keySet: ReturnType<typeof createRemoteJWKSet> | undefined;

  function discover(): Promise<Discovery> {
    discovery ??= (async () => {
      const url = `${config.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const response = await fetch(url, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new OidcError(`discovery failed with HTTP ${response.status}`);
      const document = (await response.json()) as Discovery;
      if (document.issuer !== config.issuer) throw new OidcError('discovery issuer mismatch');
      return document;
    })().catch((error: unknown) => {
      discovery = undefined;
      throw error;
    });
    return discovery;
  }

  return {
    /** `browserBinding`: the random value the starting browser is given in its cookie. */
    async authorizationUrl(redirect: string | undefined, browserBinding: string): Promise<string> {
      const provider = await discover();
      const state = generateOpaqueToken();
      const nonce = generateOpaqueToken();
      const codeVerifier = generateOpaqueToken();
      const now = clock();
      await repository.insertOidcAuthorization({
        stateHash: boundStateHash(state, browserBinding),
        codeVerifier,
        nonce,
        redirect: safeRedirect(redirect) ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + AUTHORIZATION_TTL_MS),
      });
      const url = new URL(provider.authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: sha256(codeVerifier),
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    /** `browserBinding`: the calling browser's cookie value (the one `authorizationUrl` was given, or it fails). */
    async handleCallback(
      params: { code?: string; state?: string; error?: string },
      browserBinding: string,
    ): Promise<ProviderIdentity> {
      if (!params.state) throw new OidcError('callback without state');
      const pending = await repository.takeOidcAuthorization(
        boundStateHash(params.state, browserBinding),
        clock(),
      );
      if (!pending) throw new OidcError('unknown or expired state, or another browser');
      if (params.error) throw new OidcError(`provider answered ${params.error}`);
      if (!params.code) throw new OidcError('callback without code');
      const provider = await discover();
      const response = await fetch(provider.token_endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(
            `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`,
          ).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: params.code,
          redirect_uri: config.redirectUri,
          code_verifier: pending.codeVerifier,
        }),
      });
      if (!response.ok) throw new OidcError(`token endpoint answered HTTP ${response.status}`);
      const tokens = (await response.json()) as { id_token?: string; access_token?: string };
      if (!tokens.id_token) throw new OidcError('no id_token in the token response');
      keySet ??= createRemoteJWKSet(new URL(provider.jwks_uri));
      const { payload } = await jwtVerify(tokens.id_token, keySet, {
        issuer: config.issuer,
        audience: config.clientId,
        currentDate: clock(),
      });
      if (payload.nonce !== pending.nonce) throw new OidcError('nonce mismatch');
      if (typeof payload.sub !== 'string') throw new OidcError('id_token without sub');
      let claims: Record<string, unknown> = payload;
      // Providers may put scope claims (email, profile) only in userinfo (OIDC Core 5.4).
      if (payload.email === undefined && provider.userinfo_endpoint && tokens.access_token) {
        const userinfo = await fetch(provider.userinfo_endpoint, {
          headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
        });
        if (!userinfo.ok) throw new OidcError(`userinfo answered HTTP ${userinfo.status}`);
        const extra = (await userinfo.json()) as Record<string, unknown>;
        if (extra.sub !== payload.sub) throw new OidcError('userinfo sub mismatch');
        claims = { ...extra, ...payload };
      }
      const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);
      return {
        issuer: config.issuer,
        subject: payload.sub,
        email: text(claims.email)?.toLowerCase(),
        emailVerified: claims.email_verified === true,
        firstName: text(claims.given_name),
        lastName: text(claims.family_name),
        locale: text(claims.locale),
        redirect: pending.redirect ?? undefined,
      };
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
