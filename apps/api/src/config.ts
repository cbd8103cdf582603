import { createPrivateKey } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DocuSignConfig } from './adapters/esign/docusign.ts';
import type { S3StorageConfig } from './adapters/storage/s3-config.ts';
import { JOB_MODULE_NAMES, type JobModuleName } from './jobs/job-modules.ts';

/** The repository root: relative paths in the configuration resolve against it, not the working directory. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url({ message: 'must be a URL' }).optional());

const receiptLimit = z.coerce
  .number({ message: 'must be a number' })
  .int({ message: 'must be a whole number' })
  .min(1, { message: 'must be between 1 and 100000' })
  .max(100_000, { message: 'must be between 1 and 100000' });

/** An app link (https://…) or a custom-scheme URL (mpcompanion://…); never script or data URLs. */
const appLink = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value), { message: 'must be a URL such as mpcompanion://tap-to-pay' })
  .refine((value) => !/^(javascript|data|vbscript|file):/i.test(value), {
    message: 'must not be a javascript:, data:, vbscript: or file: URL',
  });

const pathFromRoot = z
  .string()
  .min(1)
  .transform((value) => resolve(repoRoot, value));

/**
 * Every environment variable the API reads, with its default. README's configuration table lists the same.
 * Names are the environment variable names so that an error names the variable as the operator wrote it.
 */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be between 0 and 65535' })
    .max(65535, { message: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** PostgreSQL connection string; unset means the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
        .optional(),
    )
    .optional(),
  /** Connections this process keeps to PostgreSQL at most (ignored on PGlite, which runs one query at a time). */
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be between 1 and 100' })
    .max(100, { message: 'must be between 1 and 100' })
    .default(10),
  /**
   * Seconds between two maintenance passes of the embedded database (PGlite has no autovacuum and no checkpointer
   * of its own: src/db/pglite-maintenance.ts); 0 turns them off. Ignored on PostgreSQL, whose own processes do this.
   */
  PGLITE_MAINTENANCE_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be between 0 and 86400' })
    .max(86_400, { message: 'must be between 0 and 86400' })
    .default(60),
  /** `memory://` keeps the database in memory (tests, end-to-end runs); any other value is a folder. */
  DATA_DIR: z
    .string()
    .min(1)
    .transform((value) => (value.startsWith('memory://') ? value : resolve(repoRoot, value)))
    .default(resolve(repoRoot, '.data/pglite')),
  /** Origin allowed by CORS (the portal when served from elsewhere, e.g. Vite on 5173). */
  PORTAL_ORIGIN: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url({ message: 'must be an origin such as http://localhost:5173' }).optional())
    .optional(),
  /** The URL users reach the portal and API at; used in e-mails and printed at start. */
  PUBLIC_URL: optionalUrl.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Seed the demo world (accounts with published passwords) into an empty database. Default: true, but false
   * with NODE_ENV=production, where `true` stops the start (issue 8 §4) and only `force` seeds it.
   */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'force'], { message: 'must be true, false or force' })
    .optional(),
  /**
   * The instant the demo world is seeded as of (its 90 days of traffic end then); default: the start. The visual
   * e2e suite fixes it, so its screens show the same data on every run.
   */
  SEED_DEMO_NOW: z.iso
    .datetime({ offset: true, message: 'must be an ISO instant such as 2026-11-02T12:00:00Z' })
    .optional(),
  /**
   * The instant the API's clock starts at, then runs on from (tokens, "today", the last 30 days, the jobs);
   * default: the real time. With SEED_DEMO_NOW it gives the visual e2e stack the same "now" on every run. Refused
   * with NODE_ENV=production.
   */
  CLOCK_START: z.iso
    .datetime({ offset: true, message: 'must be an ISO instant such as 2026-11-02T12:00:00Z' })
    .optional(),
  /**
   * Mount the simulated KYC provider's hosted page, where the applicant picks the outcome of their own checks (it
   * is the only KYC provider). Default: true, but false with NODE_ENV=production, where only `true` mounts it.
   */
  KYC_SIMULATOR: booleanFromString.optional(),
  PORTAL_DIST: pathFromRoot.default(resolve(repoRoot, 'apps/portal/dist')),
  /**
   * HTTPS: a PEM certificate (chain) and its private key. Set both and the server speaks HTTP/2 over TLS, and
   * HTTP/1.1 to a client without HTTP/2; unset, plain HTTP/1.1 (TLS ends at a load balancer, or local use).
   */
  TLS_CERT_FILE: pathFromRoot.optional(),
  TLS_KEY_FILE: pathFromRoot.optional(),
  /** Extra trusted proxies hop count for request.ip behind a load balancer (0 = none). */
  TRUST_PROXY: booleanFromString.default(false),
  /** Largest accepted request body, in bytes. */
  BODY_LIMIT: z.coerce.number({ message: 'must be a number' }).int().positive().default(1_048_576),
  // ── jobs (apps/api/src/jobs) ──
  /** Work the job queues inside the API process; `false` when separate `npm run worker` processes do. */
  JOBS_IN_PROCESS: booleanFromString.default(true),
  // ── files (src/adapters/storage): report CSVs ──
  /** Folder of the local file store; default: `files` beside DATA_DIR (a temporary folder with memory://). */
  FILES_DIR: pathFromRoot.optional(),
  /** Secret of the local store's signed URLs; unset → made up per process (one API process only). */
  FILES_URL_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  /** S3-compatible storage instead of the folder (docs/STORAGE.md): the bucket; the other S3_* need it. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: 'must be a bucket name: 3–63 lowercase letters, digits, dots and hyphens',
    })
    .optional(),
  /** The bucket's region (e.g. eu-west-2); required with S3_BUCKET. */
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, { message: 'must be a region name such as eu-west-2' })
    .optional(),
  /** An S3-compatible service's URL (MinIO, Cloudflare R2, …); unset → AWS's endpoint for S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  /** The bucket in the URL's path rather than its host name (most self-hosted services need true). */
  S3_FORCE_PATH_STYLE: booleanFromString.default(false),
  /** Access key; both or neither with S3_SECRET_ACCESS_KEY (neither → the SDK's default credential chain). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Seconds between a worker's polls for new jobs. */
  JOBS_POLLING_SECONDS: z.coerce.number({ message: 'must be a number' }).min(0.5).max(60).default(2),
  /**
   * The job modules `npm run worker` works, comma-separated (staff, payouts, invoices, reports, eod-reports):
   * a worker of some modules loads only their code. Empty: every module.
   */
  JOBS_MODULES: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .refine((names) => names.every((name) => (JOB_MODULE_NAMES as readonly string[]).includes(name)), {
      message: `must be a comma-separated list of ${JOB_MODULE_NAMES.join(', ')}`,
    })
    .transform((names) => names as JobModuleName[]),
  /** Seconds between supervision passes, which retry the jobs of a worker that died (once they expire). */
  JOBS_SUPERVISE_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(3600).default(60),
  // ── identity (apps/api/src/identity) ──
  /** ES256 private key (PKCS#8 PEM, `\n` escapes allowed, or a JWK); unset → generated once, kept in the database. */
  IDENTITY_SIGNING_KEY: z
    .string()
    .refine((value) => value.trim().startsWith('{') || value.includes('BEGIN PRIVATE KEY'), {
      message: 'must be a PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----") or a JWK',
    })
    .optional(),
  /** 32 bytes, base64: encrypts authenticator (TOTP) secrets at rest (issue 15); unset → derived from the signing key. */
  IDENTITY_ENCRYPTION_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, {
      message: 'must be 32 bytes, base64 (openssl rand -base64 32)',
    })
    .optional(),
  /** Access and id token lifetime in seconds. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(60, { message: 'must be between 60 and 3600' })
    .max(3600, { message: 'must be between 60 and 3600' })
    .default(900),
  /**
   * Issue 15: how long an API instance trusts its answer to "is this session still open?" before asking the
   * database again. An ended session's access tokens stop working within this many seconds.
   */
  SESSION_CHECK_CACHE_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be between 0 and 60' })
    .max(60, { message: 'must be between 0 and 60' })
    .default(30),
  /** smtp://user:pass@host:587 (STARTTLS) or smtps://…:465; unset → the stored outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, { message: 'must start with smtp:// or smtps://' })
    .optional(),
  /**
   * redis://[user:password@]host:port[/db] or rediss://…: the identity rate limits count in Redis, shared by
   * every instance; unset → in the database's rate_limit_windows table (shared as well).
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, { message: 'must start with redis:// or rediss://' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Merchant Portal <no-reply@localhost>'),
  /** Social sign-in (OpenID Connect); all of issuer, client id and secret, or none. */
  OIDC_ISSUER: z.url({ message: 'must be a URL' }).optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Defaults to <PUBLIC_URL>/api/identity/oidc/callback. */
  OIDC_REDIRECT_URI: z.url({ message: 'must be a URL' }).optional(),
  // ── payments (PSP, apps/api/src/modules/psp) ──
  /** Adyen's notification HMAC key (hex); set with the two below to accept real Adyen notifications. */
  ADYEN_HMAC_KEY: z
    .string()
    .trim()
    .regex(/^([0-9a-fA-F]{2})+$/, { message: 'must be the hex HMAC key from the Customer Area' })
    .optional(),
  /** Basic-auth user name and password Adyen sends with every notification. */
  ADYEN_NOTIFICATION_USERNAME: z.string().min(1).optional(),
  ADYEN_NOTIFICATION_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }).optional(),
  /** Checkout API key and merchant account for refunds; unset → the embedded simulator answers refunds. */
  ADYEN_API_KEY: z.string().min(1).optional(),
  ADYEN_MERCHANT_ACCOUNT: z.string().min(1).optional(),
  /** Base URL of Adyen's Checkout API (default: Adyen's test environment); tests point it at a local server. */
  ADYEN_CHECKOUT_URL: z.url({ message: 'must be a URL' }).optional(),
  // Stripe billing (issue 13): all three keys, or none (the simulated billing provider). STRIPE_API_URL points the
  // SDK at another host (tests use a local server that speaks Stripe's endpoints).
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, { message: 'must be a Stripe secret key (sk_…)' })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_/, { message: 'must be a Stripe publishable key (pk_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, { message: 'must be a Stripe webhook secret (whsec_…)' })
    .optional(),
  STRIPE_API_URL: z.url({ message: 'must be a URL' }).optional(),
  // DocuSign e-signature for rates (decision 0090): the five below, or none (the simulated e-signature page).
  // DOCUSIGN_PRIVATE_KEY is the integration key's RSA private key, PEM or base64 of the PEM.
  DOCUSIGN_INTEGRATION_KEY: z.uuid({ message: 'must be a DocuSign integration key (a GUID)' }).optional(),
  DOCUSIGN_USER_ID: z.uuid({ message: 'must be a DocuSign user id (a GUID)' }).optional(),
  DOCUSIGN_ACCOUNT_ID: z.uuid({ message: 'must be a DocuSign account id (a GUID)' }).optional(),
  DOCUSIGN_PRIVATE_KEY: z.string().min(1).optional(),
  DOCUSIGN_CONNECT_HMAC_KEY: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /** eSignature REST base (default: the developer sandbox); production is https://<region>.docusign.net/restapi. */
  DOCUSIGN_BASE_PATH: z.url({ message: 'must be a URL' }).default('https://demo.docusign.net/restapi'),
  /** OAuth host for the JWT grant (default: the sandbox's); production is account.docusign.com. */
  DOCUSIGN_OAUTH_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, { message: 'must be a host name, optionally with :port' })
    .default('account-d.docusign.com'),
  /** Seconds a Direct Debit with the simulated billing provider is processing before it settles (decision 0078). */
  BILLING_SIMULATOR_DEBIT_SETTLE_SECONDS: z.coerce
    .number()
    .int({ message: 'must be a whole number of seconds' })
    .min(1, { message: 'must be at least 1' })
    .max(30 * 86_400, { message: 'must be at most 30 days' })
    .default(180),
  // Customer chat (issue 14 §4): Intercom when an app id is set, else the portal's built-in help panel. The identity
  // secret signs each user's id (HMAC-SHA256, Intercom identity verification); unset → a random secret per process.
  INTERCOM_APP_ID: z.string().trim().min(1).optional(),
  CHAT_IDENTITY_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /**
   * Where the help panel's contact form sends (issue 14 §4), through the mail port. The default is an address of
   * the embedded outbox (GET /api/dev/outbox?to=support@localhost); set a real mailbox with SMTP_URL.
   */
  SUPPORT_EMAIL: z.email({ message: 'must be an e-mail address' }).default('support@localhost'),
  /** Support messages one user may send per hour (a fixed window in the shared rate-limit store). */
  SUPPORT_MESSAGES_PER_HOUR: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be between 1 and 1000' })
    .max(1000, { message: 'must be between 1 and 1000' })
    .default(5),
  // Analytics and error reporting (issue 14 §3, §5). Unset → page views go to our own API (analytics_events) and
  // error reporting is off. Both start in the browser only after the visitor accepts analytics cookies.
  /** PostHog project API key (phc_…): the portal sends page views to PostHog instead of our API. */
  POSTHOG_KEY: z.string().trim().min(1).optional(),
  POSTHOG_HOST: z.url({ message: 'must be a URL' }).default('https://eu.i.posthog.com'),
  /** Sentry DSN of the API (errors of this process); unset → no error reporting. */
  SENTRY_DSN: z.url({ message: 'must be a Sentry DSN (https://key@host/project)' }).optional(),
  /** Sentry DSN of the portal (browser errors, traces, replays); unset → the portal reports nothing. */
  PORTAL_SENTRY_DSN: z.url({ message: 'must be a Sentry DSN (https://key@host/project)' }).optional(),
  SENTRY_ENVIRONMENT: z.string().trim().min(1).max(64).optional(),
  /** Analytics event batches (and consent records) accepted per client address and minute. */
  ANALYTICS_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be between 1 and 10000' })
    .max(10_000, { message: 'must be between 1 and 10000' })
    .default(120),
  // E-mail receipts (attacker review): how many a user, a merchant and one address get, so the receipt call
  // cannot be used to flood an inbox or to send mail in bulk from our domain.
  RECEIPTS_PER_USER_PER_HOUR: receiptLimit.default(30),
  RECEIPTS_PER_MERCHANT_PER_HOUR: receiptLimit.default(300),
  RECEIPTS_PER_ADDRESS_PER_DAY: receiptLimit.default(10),
  // Companion app (issue 14 §1): where /app/tap-to-pay, /app/eod-reports and /app/capital hand the user over (an
  // app link or custom-scheme URL per page), the stores to fall back to, and how long to wait before falling back.
  COMPANION_LINK_TAP_TO_PAY: appLink.default('mpcompanion://tap-to-pay'),
  COMPANION_LINK_EOD_REPORTS: appLink.default('mpcompanion://eod-reports'),
  COMPANION_LINK_CAPITAL: appLink.default('mpcompanion://capital'),
  COMPANION_APP_STORE_URL: optionalUrl.optional(),
  COMPANION_PLAY_STORE_URL: optionalUrl.optional(),
  COMPANION_FALLBACK_MS: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(500, { message: 'must be between 500 and 10000' })
    .max(10_000, { message: 'must be between 500 and 10000' })
    .default(1500),
  /** Simulated card payments per minute when no Adyen credentials are set (0 turns the simulator off). */
  PSP_SIMULATOR_RATE: z.coerce
    .number({ message: 'must be a number' })
    .min(0, { message: 'must be 0 or more' })
    .max(6000, { message: 'must be at most 6000' })
    .default(2),
  /** Seconds between the comment lines that keep an idle live-events stream open (issue 11 §2). */
  LIVE_EVENTS_HEARTBEAT_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be at least 1' })
    .max(300, { message: 'must be at most 300' })
    .default(15),
  /** Embedded PSP (no ADYEN_API_KEY): ms before a refund's REFUND notification arrives, and the share that fail. */
  PSP_REFUND_DELAY_MS: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be 0 or more' })
    .max(600_000, { message: 'must be at most 600000' })
    .default(3000),
  PSP_REFUND_FAILURE_RATE: z.coerce
    .number({ message: 'must be a number' })
    .min(0, { message: 'must be 0 or more' })
    .max(1, { message: 'must be at most 1' })
    .default(0.05),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections this process keeps at most (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  dataDir: string;
  /** Seconds between PGlite's maintenance passes; 0: none (PGLITE_MAINTENANCE_SECONDS). */
  pgliteMaintenanceSeconds: number;
  /** Report files: the local folder (and its URL secret), or an S3-compatible bucket when `s3` is set. */
  files: { dir: string; urlSecret: string | undefined; s3: S3StorageConfig | undefined };
  portalOrigin: string | undefined;
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  seedDemo: boolean;
  /** SEED_DEMO_NOW: the demo world's "now"; undefined seeds as of the start. */
  seedDemoNow: Date | undefined;
  /** CLOCK_START: where the API's clock starts (then runs on); undefined is the real time. */
  clockStart: Date | undefined;
  portalDist: string;
  /** TLS_CERT_FILE and TLS_KEY_FILE: HTTPS with HTTP/2 (read by the app, which names a file it cannot use). */
  tls: { certFile: string; keyFile: string } | undefined;
  trustProxy: boolean;
  bodyLimit: number;
  jobs: {
    inProcess: boolean;
    pollingSeconds: number;
    superviseSeconds: number;
    /** JOBS_MODULES: the modules a worker works; undefined for every one. */
    modules: JobModuleName[] | undefined;
  };
  identity: {
    signingKey: string | undefined;
    encryptionKey: string | undefined;
    accessTokenTtlSeconds: number;
    sessionCheckCacheSeconds: number;
    smtpUrl: string | undefined;
    redisUrl: string | undefined;
    mailFrom: string;
    oidc: { issuer: string; clientId: string; clientSecret: string; redirectUri: string } | undefined;
  };
  /** The simulated KYC page is mounted (KYC_SIMULATOR; off by default in production: applicants decide there). */
  kycSimulator: boolean;
  /** The simulated billing provider: how long its Direct Debits are processing. */
  billingSimulator: { debitSettleSeconds: number };
  /** Stripe as the billing provider; unset → the simulated provider. */
  stripe:
    | { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | undefined }
    | undefined;
  /** DocuSign as the e-signature provider for rates; unset → the simulated e-signature page. */
  docusign: DocuSignConfig | undefined;
  /** Customer chat: Intercom app id (unset → built-in help panel) and the identity-hash secret. */
  chat: { intercomAppId: string | undefined; identitySecret: string | undefined };
  /** The help panel's contact form: the support mailbox and how many messages a user may send per hour. */
  support: { email: string; messagesPerHour: number };
  /** Analytics: PostHog when a key is set, else our own events endpoint (issue 14 §3). */
  analytics: { posthog: { key: string; host: string } | undefined; ratePerMinute: number };
  /** E-mail receipts each user and each merchant may send per hour, and one address may receive per day. */
  receipts: { perUserPerHour: number; perMerchantPerHour: number; perAddressPerDay: number };
  /** Sentry for the API and the portal; each undefined → off (issue 14 §5). */
  errorReporting: { apiDsn: string | undefined; portalDsn: string | undefined; environment: string };
  /** Companion app hand-off (issue 14 §1): a link per page, the store pages, the wait before falling back. */
  companion: {
    links: { 'tap-to-pay': string; 'eod-reports': string; capital: string };
    appStoreUrl: string | undefined;
    playStoreUrl: string | undefined;
    fallbackMs: number;
  };
  psp: {
    /** Real Adyen notifications are accepted with these; unset → the simulator's own credentials. */
    adyenNotifications: { hmacKey: string; username: string; password: string } | undefined;
    /** Real Adyen refunds; unset → the simulator answers. */
    adyenCheckout: { apiKey: string; merchantAccount: string; baseUrl: string } | undefined;
    /** Simulated payments per minute (0: off). Only used without Adyen credentials. */
    simulatorRate: number;
    /** Seconds between heartbeats on the live transaction events stream. */
    liveHeartbeatSeconds: number;
    /** The embedded PSP's refund answers (when adyenCheckout is unset). */
    refundSimulator: { delayMs: number; failureRate: number };
  };
}

export class ConfigError extends Error {
  readonly problems: { variable: string; message: string }[];
  constructor(problems: { variable: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** SEED_DEMO against NODE_ENV: the demo world never lands in production unless forced (issue 8 §4). */
function seedDemoSetting(value: string | undefined, nodeEnv: Config['nodeEnv']): boolean {
  if (value === 'force') return true;
  if (value === undefined) return nodeEnv !== 'production';
  const on = value === 'true' || value === '1' || value === 'yes';
  if (on && nodeEnv === 'production') {
    throw new ConfigError([
      {
        variable: 'SEED_DEMO',
        message:
          'refuses to seed the demo world with NODE_ENV=production (its accounts have published passwords); ' +
          'unset SEED_DEMO or set it to false, or set SEED_DEMO=force if you really mean it',
      },
    ]);
  }
  return on;
}

/** CLOCK_START: a clock set elsewhere than the real time is for tests, never for production. */
function clockStartSetting(value: string | undefined, nodeEnv: Config['nodeEnv']): Date | undefined {
  if (value === undefined) return undefined;
  if (nodeEnv === 'production')
    throw new ConfigError([
      { variable: 'CLOCK_START', message: 'is for tests only; unset it with NODE_ENV=production' },
    ]);
  return new Date(value);
}

/** S3_*: all or nothing around S3_BUCKET, the keys as a pair (issue 12 §3, docs/STORAGE.md). */
function s3Settings(e: z.infer<typeof environmentSchema>): S3StorageConfig | undefined {
  const others = {
    S3_REGION: e.S3_REGION,
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  if (!e.S3_BUCKET) {
    const stray = Object.entries(others).filter(([, value]) => value !== undefined);
    if (stray.length > 0)
      throw new ConfigError(
        stray.map(([variable]) => ({ variable, message: 'is used only together with S3_BUCKET' })),
      );
    return undefined;
  }
  if (!e.S3_REGION)
    throw new ConfigError([{ variable: 'S3_REGION', message: 'must be set together with S3_BUCKET' }]);
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError([
      {
        variable: e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
        message: 'must be set together with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      },
    ]);
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** Reads and validates the configuration; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset, so `PORT= npm start` behaves like no PORT at all.
  const present = Object.fromEntries(
    Object.keys(environmentSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const e = parsed.data;
  const seedDemo = seedDemoSetting(e.SEED_DEMO, e.NODE_ENV);
  const oidcParts = {
    OIDC_ISSUER: e.OIDC_ISSUER,
    OIDC_CLIENT_ID: e.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET,
  };
  const oidcMissing = Object.entries(oidcParts).filter(([, value]) => !value);
  if (oidcMissing.length > 0 && oidcMissing.length < 3) {
    throw new ConfigError(
      oidcMissing.map(([variable]) => ({
        variable,
        message: 'must be set together with OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
      })),
    );
  }
  const adyenParts = {
    ADYEN_HMAC_KEY: e.ADYEN_HMAC_KEY,
    ADYEN_NOTIFICATION_USERNAME: e.ADYEN_NOTIFICATION_USERNAME,
    ADYEN_NOTIFICATION_PASSWORD: e.ADYEN_NOTIFICATION_PASSWORD,
  };
  const adyenMissing = Object.entries(adyenParts).filter(([, value]) => !value);
  if (adyenMissing.length > 0 && adyenMissing.length < 3) {
    throw new ConfigError(
      adyenMissing.map(([variable]) => ({
        variable,
        message:
          'must be set together with ADYEN_HMAC_KEY, ADYEN_NOTIFICATION_USERNAME and ADYEN_NOTIFICATION_PASSWORD',
      })),
    );
  }
  if (Boolean(e.ADYEN_API_KEY) !== Boolean(e.ADYEN_MERCHANT_ACCOUNT)) {
    throw new ConfigError([
      {
        variable: e.ADYEN_API_KEY ? 'ADYEN_MERCHANT_ACCOUNT' : 'ADYEN_API_KEY',
        message: 'must be set together with ADYEN_API_KEY and ADYEN_MERCHANT_ACCOUNT',
      },
    ]);
  }
  if (!e.JOBS_IN_PROCESS && !e.DATABASE_URL) {
    // `npm run worker` needs PostgreSQL: on PGlite no other process can reach the queues, so no job would ever run.
    throw new ConfigError([
      {
        variable: 'JOBS_IN_PROCESS',
        message: 'can be false only with DATABASE_URL (on the embedded database no worker can work the jobs)',
      },
    ]);
  }
  if (e.INTERCOM_APP_ID && !e.CHAT_IDENTITY_SECRET) {
    // Intercom verifies user_hash with its own copy of the secret; a per-process random one would never match.
    throw new ConfigError([
      { variable: 'CHAT_IDENTITY_SECRET', message: 'must be set together with INTERCOM_APP_ID' },
    ]);
  }
  const stripeParts = {
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: e.STRIPE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
  };
  const stripeMissing = Object.entries(stripeParts).filter(([, value]) => !value);
  if (stripeMissing.length > 0 && stripeMissing.length < 3) {
    throw new ConfigError(
      stripeMissing.map(([variable]) => ({
        variable,
        message:
          'must be set together with STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
      })),
    );
  }
  if (Boolean(e.TLS_CERT_FILE) !== Boolean(e.TLS_KEY_FILE)) {
    throw new ConfigError([
      {
        variable: e.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE',
        message: 'must be set together with TLS_CERT_FILE and TLS_KEY_FILE',
      },
    ]);
  }
  const tls =
    e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: e.TLS_CERT_FILE, keyFile: e.TLS_KEY_FILE } : undefined;
  const docusign = docusignSettings(e);
  const s3 = s3Settings(e);
  const publicUrl =
    e.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.DATA_DIR,
    pgliteMaintenanceSeconds: e.PGLITE_MAINTENANCE_SECONDS,
    files: {
      dir:
        e.FILES_DIR ??
        (e.DATA_DIR.startsWith('memory://')
          ? join(tmpdir(), `merchant-portal-files-${process.pid}`)
          : join(dirname(e.DATA_DIR), 'files')),
      urlSecret: e.FILES_URL_SECRET,
      s3,
    },
    portalOrigin: e.PORTAL_ORIGIN ? new URL(e.PORTAL_ORIGIN).origin : undefined,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    seedDemo,
    seedDemoNow: e.SEED_DEMO_NOW ? new Date(e.SEED_DEMO_NOW) : undefined,
    clockStart: clockStartSetting(e.CLOCK_START, e.NODE_ENV),
    portalDist: e.PORTAL_DIST,
    tls,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT,
    kycSimulator: e.KYC_SIMULATOR ?? e.NODE_ENV !== 'production',
    billingSimulator: { debitSettleSeconds: e.BILLING_SIMULATOR_DEBIT_SETTLE_SECONDS },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : undefined,
    docusign,
    jobs: {
      inProcess: e.JOBS_IN_PROCESS,
      pollingSeconds: e.JOBS_POLLING_SECONDS,
      superviseSeconds: e.JOBS_SUPERVISE_SECONDS,
      modules: e.JOBS_MODULES.length > 0 ? e.JOBS_MODULES : undefined,
    },
    identity: {
      signingKey: e.IDENTITY_SIGNING_KEY,
      encryptionKey: e.IDENTITY_ENCRYPTION_KEY,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      sessionCheckCacheSeconds: e.SESSION_CHECK_CACHE_SECONDS,
      smtpUrl: e.SMTP_URL,
      redisUrl: e.REDIS_URL,
      mailFrom: e.MAIL_FROM,
      oidc:
        e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
          ? {
              issuer: e.OIDC_ISSUER,
              clientId: e.OIDC_CLIENT_ID,
              clientSecret: e.OIDC_CLIENT_SECRET,
              redirectUri:
                e.OIDC_REDIRECT_URI ?? new URL('/api/identity/oidc/callback', publicUrl).toString(),
            }
          : undefined,
    },
    chat: { intercomAppId: e.INTERCOM_APP_ID, identitySecret: e.CHAT_IDENTITY_SECRET },
    support: { email: e.SUPPORT_EMAIL, messagesPerHour: e.SUPPORT_MESSAGES_PER_HOUR },
    analytics: {
      posthog: e.POSTHOG_KEY ? { key: e.POSTHOG_KEY, host: e.POSTHOG_HOST } : undefined,
      ratePerMinute: e.ANALYTICS_RATE_LIMIT_PER_MINUTE,
    },
    receipts: {
      perUserPerHour: e.RECEIPTS_PER_USER_PER_HOUR,
      perMerchantPerHour: e.RECEIPTS_PER_MERCHANT_PER_HOUR,
      perAddressPerDay: e.RECEIPTS_PER_ADDRESS_PER_DAY,
    },
    errorReporting: {
      apiDsn: e.SENTRY_DSN,
      portalDsn: e.PORTAL_SENTRY_DSN,
      environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
    },
    companion: {
      links: {
        'tap-to-pay': e.COMPANION_LINK_TAP_TO_PAY,
        'eod-reports': e.COMPANION_LINK_EOD_REPORTS,
        capital: e.COMPANION_LINK_CAPITAL,
      },
      appStoreUrl: e.COMPANION_APP_STORE_URL,
      playStoreUrl: e.COMPANION_PLAY_STORE_URL,
      fallbackMs: e.COMPANION_FALLBACK_MS,
    },
    psp: {
      adyenNotifications:
        e.ADYEN_HMAC_KEY && e.ADYEN_NOTIFICATION_USERNAME && e.ADYEN_NOTIFICATION_PASSWORD
          ? {
              hmacKey: e.ADYEN_HMAC_KEY,
              username: e.ADYEN_NOTIFICATION_USERNAME,
              password: e.ADYEN_NOTIFICATION_PASSWORD,
            }
          : undefined,
      adyenCheckout:
        e.ADYEN_API_KEY && e.ADYEN_MERCHANT_ACCOUNT
          ? {
              apiKey: e.ADYEN_API_KEY,
              merchantAccount: e.ADYEN_MERCHANT_ACCOUNT,
              baseUrl: e.ADYEN_CHECKOUT_URL ?? 'https://checkout-test.adyen.com/v71',
            }
          : undefined,
      simulatorRate: e.PSP_SIMULATOR_RATE,
      liveHeartbeatSeconds: e.LIVE_EVENTS_HEARTBEAT_SECONDS,
      refundSimulator: { delayMs: e.PSP_REFUND_DELAY_MS, failureRate: e.PSP_REFUND_FAILURE_RATE },
    },
  };
}

/** DocuSign's settings: all five or none; the private key must parse (a bad key fails at start, not at signing). */
function docusignSettings(e: z.infer<typeof environmentSchema>): DocuSignConfig | undefined {
  const parts = {
    DOCUSIGN_INTEGRATION_KEY: e.DOCUSIGN_INTEGRATION_KEY,
    DOCUSIGN_USER_ID: e.DOCUSIGN_USER_ID,
    DOCUSIGN_ACCOUNT_ID: e.DOCUSIGN_ACCOUNT_ID,
    DOCUSIGN_PRIVATE_KEY: e.DOCUSIGN_PRIVATE_KEY,
    DOCUSIGN_CONNECT_HMAC_KEY: e.DOCUSIGN_CONNECT_HMAC_KEY,
  };
  const missing = Object.entries(parts).filter(([, value]) => !value);
  if (missing.length === Object.keys(parts).length) return undefined;
  if (missing.length > 0)
    throw new ConfigError(
      missing.map(([variable]) => ({
        variable,
        message: `must be set together with ${Object.keys(parts).join(', ')}`,
      })),
    );
  const raw = (e.DOCUSIGN_PRIVATE_KEY ?? '').trim();
  const pem = raw.includes('-----BEGIN')
    ? raw.replaceAll('\\n', '\n')
    : Buffer.from(raw, 'base64').toString('utf8');
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
  } catch {
    // The key itself is never echoed.
    throw new ConfigError([
      { variable: 'DOCUSIGN_PRIVATE_KEY', message: 'must be an RSA private key (PEM, or base64 of the PEM)' },
    ]);
  }
  return {
    integrationKey: e.DOCUSIGN_INTEGRATION_KEY ?? '',
    userId: e.DOCUSIGN_USER_ID ?? '',
    accountId: e.DOCUSIGN_ACCOUNT_ID ?? '',
    privateKey: pem,
    connectHmacKey: e.DOCUSIGN_CONNECT_HMAC_KEY ?? '',
    basePath: e.DOCUSIGN_BASE_PATH.replace(/\/+$/, ''),
    oauthHost: e.DOCUSIGN_OAUTH_HOST,
  };
}
