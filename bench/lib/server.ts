// Starts the API as its own process (as `npm start` runs it, without the portal) on PGlite in memory or on a
// fresh PostgreSQL database, seeded with the demo world, and signs a demo user in.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import pg from 'pg';
import { DEMO_SIGN_INS } from '../../apps/api/src/db/demo/sign-ins.ts';
import { API_ENV, API_NODE_FLAGS } from '../../apps/api/src/node-flags.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');

export type DatabaseKind = 'pglite' | 'postgres';

export interface RunningApi {
  kind: DatabaseKind;
  url: string;
  /** PostgreSQL connection string of the API's database (postgres only). */
  databaseUrl: string | undefined;
  pid: number;
  /** Resident set size of the API process in MiB (Linux /proc). */
  rssMiB(): Promise<number>;
  signIn(who?: keyof typeof DEMO_SIGN_INS): Promise<{ authorization: string }>;
  /** Signs anyone in by email and password (e.g. a generated merchant's owner). */
  signInAs(email: string, password: string): Promise<{ authorization: string }>;
  get<T>(path: string, headers?: Record<string, string>): Promise<T>;
  stop(): Promise<void>;
}

/** The PostgreSQL server benchmarks use (`BENCH_DATABASE_URL`, default the local trust server). */
export const postgresServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Drops and creates `name` on the benchmark server; returns its connection string. */
export async function freshPostgresDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresServer);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops `name` on the benchmark server (a run's own database, once its API has stopped). */
export async function dropPostgresDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

export async function startApi(options: {
  kind: DatabaseKind;
  port: number;
  /** PostgreSQL: an existing database to use as it is (no fresh one, no seed when not empty). */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Extra node flags, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
}): Promise<RunningApi> {
  // A database made here is this run's own and is dropped by `stop`; one passed in is left as it is.
  const ownDatabase =
    options.kind === 'postgres' && !options.databaseUrl ? `mp_bench_${options.port}` : undefined;
  const databaseUrl =
    options.kind === 'postgres'
      ? (options.databaseUrl ?? (await freshPostgresDatabase(ownDatabase as string)))
      : undefined;
  // As `npm start` runs it: with the API's Node flags and environment (apps/api/src/node-flags.ts).
  const child: ChildProcess = spawn(
    process.execPath,
    [...API_NODE_FLAGS, ...(options.nodeArgs ?? []), 'apps/api/src/main.ts'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...API_ENV,
        NODE_ENV: 'production',
        PORT: String(options.port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        PORTAL_DIST: '/nonexistent',
        SEED_DEMO: 'force',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: 'memory://', DATABASE_URL: '' }),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  // HTTPS when the environment gives the API a certificate (bench/lib/tls.ts).
  const url = `${options.env?.TLS_CERT_FILE ? 'https' : 'http'}://127.0.0.1:${options.port}`;
  await new Promise<void>((resolveReady, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
      if (output.includes('Merchant portal:')) resolveReady();
    });
    child.once('exit', (code) => reject(new Error(`the API exited (${code}) before serving:\n${output}`)));
  });
  const pid = child.pid ?? 0;

  async function get<T>(path: string, headers: Record<string, string> = {}): Promise<T> {
    const response = await fetch(`${url}${path}`, { headers });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function signInAs(email: string, password: string) {
    const response = await fetch(`${url}/api/identity/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
    const body = (await response.json()) as { data: { accessToken: string } };
    return { authorization: `Bearer ${body.data.accessToken}` };
  }

  return {
    kind: options.kind,
    url,
    databaseUrl,
    pid,
    async rssMiB() {
      const { readFile } = await import('node:fs/promises');
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    signIn(who = 'gbOwner') {
      const person = DEMO_SIGN_INS[who];
      return signInAs(person.email, person.password);
    },
    signInAs,
    get,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      if (ownDatabase) await dropPostgresDatabase(ownDatabase);
    },
  };
}
