import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clockStartingAt } from '../src/clock.ts';
import { ConfigError, loadConfig, repoRoot } from '../src/config.ts';

describe('configuration', () => {
  it('has working defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      databasePoolSize: 10,
      pgliteMaintenanceSeconds: 60,
      dataDir: `${repoRoot}/.data/pglite`,
      portalDist: `${repoRoot}/apps/portal/dist`,
      seedDemo: true,
      logLevel: 'info',
      nodeEnv: 'development',
      publicUrl: 'http://127.0.0.1:3000',
      portalOrigin: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
      DATABASE_POOL_SIZE: '4',
      DATA_DIR: '/tmp/x',
      PGLITE_MAINTENANCE_SECONDS: '0',
      PORTAL_ORIGIN: 'http://localhost:5173/',
      PUBLIC_URL: 'https://portal.example.com',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SEED_DEMO: 'false',
      PORTAL_DIST: 'some/dist',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
      databasePoolSize: 4,
      dataDir: '/tmp/x',
      pgliteMaintenanceSeconds: 0,
      portalOrigin: 'http://localhost:5173',
      publicUrl: 'https://portal.example.com',
      logLevel: 'warn',
      nodeEnv: 'production',
      seedDemo: false,
      portalDist: `${repoRoot}/some/dist`,
    });
  });

  it("reads SEED_DEMO_NOW as the demo world's instant, else seeds as of the start", () => {
    expect(loadConfig({ SEED_DEMO_NOW: '2026-11-02T12:00:00Z' }).seedDemoNow).toEqual(
      new Date('2026-11-02T12:00:00Z'),
    );
    expect(loadConfig({}).seedDemoNow).toBeUndefined();
  });

  it("reads CLOCK_START as where the API's clock starts, and refuses it in production", () => {
    expect(loadConfig({ CLOCK_START: '2026-11-02T12:00:00Z' }).clockStart).toEqual(
      new Date('2026-11-02T12:00:00Z'),
    );
    expect(loadConfig({}).clockStart).toBeUndefined();
    expect(() => loadConfig({ CLOCK_START: '2026-11-02T12:00:00Z', NODE_ENV: 'production' })).toThrow(
      /CLOCK_START: is for tests only/,
    );
  });

  it('a clock started at CLOCK_START runs on at the real pace', () => {
    let real = Date.parse('2026-11-23T23:00:00Z');
    const clock = clockStartingAt(new Date('2026-11-02T12:00:00Z'), () => real);
    expect(clock.now()).toEqual(new Date('2026-11-02T12:00:00Z'));
    real += 90_000;
    expect(clock.now()).toEqual(new Date('2026-11-02T12:01:30Z'));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_DEMO', 'maybe'],
    ['SEED_DEMO_NOW', 'yesterday'],
    ['CLOCK_START', 'noon'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', 'ten'],
    ['PGLITE_MAINTENANCE_SECONDS', '-1'],
    ['PGLITE_MAINTENANCE_SECONDS', '1.5'],
    ['PGLITE_MAINTENANCE_SECONDS', 'hourly'],
    ['PORTAL_ORIGIN', 'not a url'],
    ['NODE_ENV', 'staging'],
  ])('rejects %s=%s with a message naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [variable]: value });
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.variable)).toEqual([variable]);
      expect((error as Error).message).toContain(`${variable}: `);
    }
  });

  it('refuses JOBS_IN_PROCESS=false on the embedded database, where no worker can reach the queues', () => {
    try {
      loadConfig({ JOBS_IN_PROCESS: 'false' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        {
          variable: 'JOBS_IN_PROCESS',
          message:
            'can be false only with DATABASE_URL (on the embedded database no worker can work the jobs)',
        },
      ]);
    }
    expect(
      loadConfig({ JOBS_IN_PROCESS: 'false', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).jobs
        .inProcess,
    ).toBe(false);
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'y' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.variable).sort()).toEqual(['LOG_LEVEL', 'PORT']);
    }
  });

  it('reads JOBS_MODULES, the job modules a worker works (every one when unset), and names a wrong one', () => {
    expect(loadConfig({}).jobs.modules).toBeUndefined();
    expect(loadConfig({ JOBS_MODULES: ' reports, eod-reports ' }).jobs.modules).toEqual([
      'reports',
      'eod-reports',
    ]);
    try {
      loadConfig({ JOBS_MODULES: 'reports,billing' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        expect.objectContaining({
          variable: 'JOBS_MODULES',
          message: expect.stringContaining('staff, payouts, invoices, reports, eod-reports'),
        }),
      ]);
    }
  });

  describe('S3-compatible storage (issue 12 §3)', () => {
    const s3 = {
      S3_BUCKET: 'mp-reports',
      S3_REGION: 'eu-west-2',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'not-a-real-secret-0123456789',
    };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((p) => p.variable).sort();
      }
    };

    it('is off without S3_BUCKET and reads every S3_* variable with it', () => {
      expect(loadConfig({}).files.s3).toBeUndefined();
      expect(loadConfig(s3).files.s3).toEqual({
        bucket: 'mp-reports',
        region: 'eu-west-2',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'not-a-real-secret-0123456789' },
      });
      // Without keys: the SDK's default chain (instance or task role); AWS's own endpoint by default.
      expect(loadConfig({ S3_BUCKET: 'mp-reports', S3_REGION: 'eu-west-2' }).files.s3).toMatchObject({
        endpoint: undefined,
        forcePathStyle: false,
        credentials: undefined,
      });
    });

    it('names each bad or missing S3_* variable', () => {
      expect(problems({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toEqual(['S3_BUCKET']);
      expect(problems({ ...s3, S3_ENDPOINT: 'ftp://x' })).toEqual(['S3_ENDPOINT']);
      expect(problems({ ...s3, S3_REGION: '' })).toEqual(['S3_REGION']);
      expect(problems({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toEqual(['S3_SECRET_ACCESS_KEY']);
      expect(problems({ ...s3, S3_ACCESS_KEY_ID: '' })).toEqual(['S3_ACCESS_KEY_ID']);
      expect(problems({ S3_REGION: 'eu-west-2', S3_ACCESS_KEY_ID: 'x' })).toEqual([
        'S3_ACCESS_KEY_ID',
        'S3_REGION',
      ]);
    });

    it('stops `npm start` when the bucket cannot be reached, naming it and never the secret', () => {
      const result = spawnSync(process.execPath, ['src/main.ts'], {
        cwd: resolve(import.meta.dirname, '..'),
        env: { ...process.env, ...s3, S3_ENDPOINT: 'http://127.0.0.1:1', DATA_DIR: 'memory://', PORT: '1' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('S3 storage could not reach the bucket mp-reports');
      expect(result.stdout + result.stderr).not.toContain(s3.S3_SECRET_ACCESS_KEY);
    }, 90_000);
  });

  it('mounts the simulated KYC page by default, but in production only with KYC_SIMULATOR=true', () => {
    expect(loadConfig({}).kycSimulator).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).kycSimulator).toBe(true);
    expect(loadConfig({ KYC_SIMULATOR: 'false' }).kycSimulator).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).kycSimulator).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', KYC_SIMULATOR: 'true' }).kycSimulator).toBe(true);
    expect(() => loadConfig({ KYC_SIMULATOR: 'maybe' })).toThrow(/KYC_SIMULATOR/);
  });

  describe('SEED_DEMO in production (issue 8 §4)', () => {
    it('is off by default in production and on elsewhere', () => {
      expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
      expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
      expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'force' }).seedDemo).toBe(true);
    });

    it('refuses SEED_DEMO=true with NODE_ENV=production, naming the variable', () => {
      for (const value of ['true', '1', 'yes']) {
        try {
          loadConfig({ NODE_ENV: 'production', SEED_DEMO: value });
          expect.unreachable(`SEED_DEMO=${value} was accepted`);
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          expect((error as ConfigError).problems.map((p) => p.variable)).toEqual(['SEED_DEMO']);
        }
      }
    });

    it('stops `npm start` with a message naming SEED_DEMO before touching any database', () => {
      const result = spawnSync(process.execPath, ['src/main.ts'], {
        cwd: resolve(import.meta.dirname, '..'),
        env: { ...process.env, NODE_ENV: 'production', SEED_DEMO: 'true', DATA_DIR: 'memory://', PORT: '1' },
        encoding: 'utf8',
        // A budget, not a measure: starting Node and importing the app took over 30 s on a loaded machine.
        timeout: 90_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('SEED_DEMO');
      expect(result.stdout).not.toMatch(/-demo-2026/);
    }, 120_000);

    it('with SEED_DEMO=force seeds the demo world in production but never prints its passwords', async () => {
      const child = spawn(process.execPath, ['src/main.ts'], {
        cwd: resolve(import.meta.dirname, '..'),
        env: {
          ...process.env,
          NODE_ENV: 'production',
          SEED_DEMO: 'force',
          DATA_DIR: 'memory://',
          HOST: '127.0.0.1',
          PORT: process.env.CONFIG_TEST_PORT ?? '3114',
          PSP_SIMULATOR_RATE: '0',
        },
      });
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += String(chunk);
      });
      child.stderr.on('data', (chunk) => {
        output += String(chunk);
      });
      const exited = new Promise((done) => child.once('exit', done));
      try {
        // A budget, not a measure: seeding the demo world took over 90 s on a loaded two-core machine.
        await expect.poll(() => output, { timeout: 240_000, interval: 250 }).toContain('Merchant portal:');
        expect(output).toContain('Seeded the demo world');
        expect(output).not.toMatch(/-demo-2026|Demo sign-ins/);
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    }, 300_000);
  });
});
