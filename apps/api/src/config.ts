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
  DATA_DIR: pathFromRoot.default(resolve(repoRoot, '.data/pglite')),
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
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    portalOrigin: e.PORTAL_ORIGIN ? new URL(e.PORTAL_ORIGIN).origin : undefined,
    publicUrl: e.PUBLIC_URL ?? `http://${e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    portalDist: e.PORTAL_DIST,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT,
  };
}
