import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
  SEED_DEMO: booleanFromString.default(true),
  PORTAL_DIST: pathFromRoot.default(resolve(repoRoot, 'apps/portal/dist')),
  /** Extra trusted proxies hop count for request.ip behind a load balancer (0 = none). */
  TRUST_PROXY: booleanFromString.default(false),
  /** Largest accepted request body, in bytes. */
  BODY_LIMIT: z.coerce.number({ message: 'must be a number' }).int().positive().default(1_048_576),
  // ── identity (apps/api/src/identity) ──
  /** ES256 private key (PKCS#8 PEM, `\n` escapes allowed, or a JWK); unset → generated once, kept in the database. */
  IDENTITY_SIGNING_KEY: z
    .string()
    .refine((value) => value.trim().startsWith('{') || value.includes('BEGIN PRIVATE KEY'), {
      message: 'must be a PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----") or a JWK',
    })
    .optional(),
  /** Access and id token lifetime in seconds. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(60, { message: 'must be between 60 and 3600' })
    .max(3600, { message: 'must be between 60 and 3600' })
    .default(900),
  /** smtp://user:pass@host:587 (STARTTLS) or smtps://…:465; unset → the stored outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, { message: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Merchant Portal <no-reply@localhost>'),
  /** Social sign-in (OpenID Connect); all of issuer, client id and secret, or none. */
  OIDC_ISSUER: z.url({ message: 'must be a URL' }).optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Defaults to <PUBLIC_URL>/api/identity/oidc/callback. */
  OIDC_REDIRECT_URI: z.url({ message: 'must be a URL' }).optional(),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  portalOrigin: string | undefined;
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  seedDemo: boolean;
  portalDist: string;
  trustProxy: boolean;
  bodyLimit: number;
  identity: {
    signingKey: string | undefined;
    accessTokenTtlSeconds: number;
    smtpUrl: string | undefined;
    mailFrom: string;
    oidc: { issuer: string; clientId: string; clientSecret: string; redirectUri: string } | undefined;
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
  const publicUrl = e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    portalOrigin: e.PORTAL_ORIGIN ? new URL(e.PORTAL_ORIGIN).origin : undefined,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    portalDist: e.PORTAL_DIST,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT,
    identity: {
      signingKey: e.IDENTITY_SIGNING_KEY,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      smtpUrl: e.SMTP_URL,
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
  };
}
