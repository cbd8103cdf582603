import type { Mailer, MailMessage } from '../src/adapters/mail/mail-port.ts';
import { buildApp } from '../src/app.ts';
import { fixedClock } from '../src/clock.ts';
import type { OidcProviderConfig } from '../src/identity/oidc-client.ts';
import type { IdentityRateLimits } from '../src/identity/routes.ts';
import { testConfig } from './helpers/app.ts';
import { signIn } from './helpers/auth.ts';
import { createTestDatabase } from './helpers/database.ts';

/**
 * The real app (buildApp) on a database cloned from the run's migrated template (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), with a movable clock and, unless `useOutbox`, a mailer that records what it sends.
 */
export async function createIdentityTestApp(
  options: {
    rateLimits?: Partial<IdentityRateLimits>;
    production?: boolean;
    mailer?: Mailer | undefined;
    /** Use the configured adapter (the database outbox) instead of the recording mailer. */
    useOutbox?: boolean;
    oidc?: OidcProviderConfig;
    /** Another instance's database: a second app on it shares that instance's state (it closes the database). */
    database?: Awaited<ReturnType<typeof createTestDatabase>>;
    /** REDIS_URL: the Redis rate-limit store. */
    redisUrl?: string;
    /** More configuration (e.g. SESSION_CHECK_CACHE_SECONDS). */
    env?: Record<string, string>;
  } = {},
) {
  const ownDatabase = options.database === undefined;
  const database = options.database ?? (await createTestDatabase());
  const clock = fixedClock(new Date('2026-03-02T09:00:00.000Z'));
  const sent: MailMessage[] = [];
  const recording: Mailer = {
    name: 'outbox',
    async send(message) {
      sent.push(message);
    },
  };
  const config = testConfig({
    PUBLIC_URL: 'http://localhost:3000',
    ...(options.production ? { NODE_ENV: 'production' } : {}),
    ...(options.oidc
      ? {
          OIDC_ISSUER: options.oidc.issuer,
          OIDC_CLIENT_ID: options.oidc.clientId,
          OIDC_CLIENT_SECRET: options.oidc.clientSecret,
          OIDC_REDIRECT_URI: options.oidc.redirectUri,
        }
      : {}),
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...(process.env.IDENTITY_TEST_LOG ? { LOG_LEVEL: 'warn' } : {}),
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    clock,
    identity: {
      mailer: options.useOutbox ? undefined : (options.mailer ?? recording),
      rateLimits: options.rateLimits,
    },
  });
  await app.ready();
  return {
    app,
    identity: { service: app.identity },
    database,
    sent,
    advance: (ms: number) => clock.advance(ms),
    /** The app's clock now. */
    now: () => clock.now(),
    async close() {
      await app.close();
      if (ownDatabase) await database.close();
    },
  };
}

/** Signs up, confirms (the code from the recorded mail) and signs in a new user; returns the access token. */
export async function signUpConfirmed(
  t: Awaited<ReturnType<typeof createIdentityTestApp>>,
  email: string,
  password: string,
): Promise<string> {
  await t.app.inject({
    method: 'POST',
    url: '/api/identity/sign-up',
    payload: { email, phone_number: '+442079460000', password },
  });
  const mail = t.sent.findLast((m) => m.to === email && m.kind === 'confirm_sign_up');
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  await t.app.inject({ method: 'POST', url: '/api/identity/confirm-sign-up', payload: { email, code } });
  return signIn(t.app, email, password);
}
