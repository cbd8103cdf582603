import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Mailer } from '../adapters/mail/mail-port.ts';
import { mailerFromConfig } from '../adapters/mail/mailer-from-config.ts';
import { devOutboxRoutes } from '../adapters/mail/outbox-routes.ts';
import { createPostgresRateLimitStore } from '../adapters/rate-limit/postgres-store.ts';
import type { RateLimitStore } from '../adapters/rate-limit/rate-limit-port.ts';
import type { Db } from '../db/client.ts';
import { authPlugin } from '../plugins/auth.ts';
import { createOidcClient, type OidcProviderConfig } from './oidc-client.ts';
import { oidcRoutes } from './oidc-routes.ts';
import { createPasskeyRepository } from './passkey-repository.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { createPasskeyService, relyingParty } from './passkeys.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { createIdentityRepository } from './repository.ts';
import {
  DEFAULT_IDENTITY_RATE_LIMITS,
  type IdentityRateLimits,
  identityRoutes,
  wellKnownRoutes,
} from './routes.ts';
import { createIdentityService } from './service.ts';
import { createSessionCheck } from './session-check.ts';
import { createTokenService } from './tokens.ts';
import { createSecretBox } from './totp.ts';

export interface IdentityModuleOptions {
  db: Db;
  log: FastifyBaseLogger;
  clock?: (() => Date) | undefined;
  /** Token issuer and base of e-mail links: the public URL of the portal and API. */
  publicUrl: string;
  /** PORTAL_ORIGIN: passkeys made there are accepted too (decision 0085). */
  portalOrigin?: string | undefined;
  production: boolean;
  /** IDENTITY_SIGNING_KEY: PEM or JWK; unset → generated once and kept in the database. */
  signingKey?: string | undefined;
  accessTokenTtlSeconds?: number | undefined;
  /** SESSION_CHECK_CACHE_SECONDS: how long an instance trusts "this session is open" (issue 15). */
  sessionCheckCacheSeconds?: number | undefined;
  /** SMTP_URL; unset → the outbox adapter. */
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  /** A ready mail adapter (tests); overrides smtpUrl. */
  mailer?: Mailer | undefined;
  rateLimits?: Partial<IdentityRateLimits> | undefined;
  /**
   * IDENTITY_ENCRYPTION_KEY (32 bytes, base64): encrypts authenticator secrets at rest. Unset → derived from
   * the signing key (fine for development; set it in production, where config requires it).
   */
  encryptionKey?: string | undefined;
  /** REDIS_URL: rate-limit counters in Redis; unset → the rate_limit_windows table of this database. */
  redisUrl?: string | undefined;
  /** A ready rate-limit store (tests); overrides redisUrl. */
  rateLimitStore?: RateLimitStore | undefined;
  /** Social sign-in provider (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI); unset → off. */
  oidc?: OidcProviderConfig | undefined;
}

/** Builds the identity module: repository → tokens → service, and its mail adapter. */
export async function createIdentityModule(options: IdentityModuleOptions) {
  const clock = options.clock ?? (() => new Date());
  const repository = createIdentityRepository(options.db);
  const passkeyRepository = createPasskeyRepository(options.db);
  const tokens = await createTokenService({
    repository,
    clock,
    issuer: new URL(options.publicUrl).origin,
    privateKey: options.signingKey,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 15 * 60,
  });
  const sessionCheck = createSessionCheck({
    repository,
    clock,
    cacheSeconds: options.sessionCheckCacheSeconds ?? 30,
  });
  const mailer =
    options.mailer ??
    (await mailerFromConfig({
      db: options.db,
      smtpUrl: options.smtpUrl,
      mailFrom: options.mailFrom,
      production: options.production,
      print: (line) => options.log.info(line),
    }));
  const rateLimitStore =
    options.rateLimitStore ??
    (options.redisUrl
      ? // The Redis client loads only when REDIS_URL is set (issue 16 §2: no unused SDK in the process).
        await (await import('../adapters/rate-limit/redis-store.ts')).createRedisRateLimitStore({
          url: options.redisUrl,
        })
      : createPostgresRateLimitStore(options.db));
  const limiter = createRateLimiter(clock, rateLimitStore);
  const service = createIdentityService({
    repository,
    tokens,
    mailer,
    limiter,
    clock,
    log: options.log,
    portalUrl: options.publicUrl,
    secretBox: createSecretBox(
      options.encryptionKey
        ? Buffer.from(options.encryptionKey, 'base64')
        : tokens.derivedSecret('totp-secrets'),
    ),
    db: options.db,
    passkeys: passkeyRepository,
    sessionCheck,
  });
  const passkeys = createPasskeyService({
    passkeys: passkeyRepository,
    users: repository,
    identity: service,
    relyingParty: relyingParty(options.publicUrl, options.portalOrigin),
    clock,
    log: options.log,
  });
  const rateLimits = { ...DEFAULT_IDENTITY_RATE_LIMITS, ...options.rateLimits };
  const oidc = options.oidc ? createOidcClient({ config: options.oidc, repository, clock }) : undefined;
  return {
    service,
    passkeys,
    tokens,
    sessionCheck,
    mailer,
    limiter,
    rateLimits,
    oidc,
    publicUrl: options.publicUrl,
    db: options.db,
    production: options.production,
  };
}
export type IdentityModule = Awaited<ReturnType<typeof createIdentityModule>>;

/**
 * Everything identity adds to the app, registered at the root (app.ts): the bearer → actor hook,
 * /api/identity/*, /api/.well-known/jwks.json and, outside production, /api/dev/outbox.
 */
export async function registerIdentity(app: FastifyInstance, identity: IdentityModule) {
  app.addHook('onClose', () => identity.limiter.close());
  await app.register(authPlugin, { tokens: identity.tokens, sessionCheck: identity.sessionCheck });
  await app.register(identityRoutes, {
    prefix: '/api/identity',
    service: identity.service,
    limiter: identity.limiter,
    rateLimits: identity.rateLimits,
  });
  await app.register(passkeyRoutes, {
    prefix: '/api/identity',
    service: identity.passkeys,
    limiter: identity.limiter,
    rateLimits: identity.rateLimits,
  });
  await app.register(oidcRoutes, {
    prefix: '/api/identity',
    client: identity.oidc,
    service: identity.service,
    limiter: identity.limiter,
    perIp: identity.rateLimits.perIp,
    portalUrl: identity.publicUrl,
  });
  await app.register(wellKnownRoutes, { prefix: '/api', jwks: identity.tokens.jwks });
  if (!identity.production) await app.register(devOutboxRoutes, { prefix: '/api', db: identity.db });
}
