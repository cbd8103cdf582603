// Issue 16 §2: what keeps the API process small. The optional vendor SDKs load only when configured, the API
// starts with its Node flags wherever it is started (Node's compile cache among them), and PGlite runs with its
// small shared buffers.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite-database.ts';
import { API_ENV, API_NODE_FLAGS } from '../src/node-flags.ts';

const apiRoot = resolve(import.meta.dirname, '..');
/** Where compile-cache.js keeps Node's compile cache: the checkout's node_modules. */
const compileCacheDir = resolve(apiRoot, '../../node_modules/.cache/node-compile-cache');

/** This process's environment without a compile cache chosen or refused by whoever runs the tests. */
function withoutCompileCacheVariables(): NodeJS.ProcessEnv {
  const { NODE_COMPILE_CACHE: _chosen, NODE_DISABLE_COMPILE_CACHE: _refused, ...env } = process.env;
  return env;
}

/**
 * Every module URL resolved while importing what `src/main.ts` imports statically (the whole app, the jobs, the
 * database client, the adapters chosen from the configuration), logged by a `module.registerHooks` resolve hook
 * in a process of its own. Nothing is configured, so nothing optional may load.
 */
function modulesLoadedAtStart(): string[] {
  const script = `
    import { registerHooks } from 'node:module';
    const loaded = [];
    registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); loaded.push(r.url); return r; } });
    for (const file of ['app.ts', 'jobs/start-jobs.ts', 'db/client.ts', 'adapters/billing/billing-provider.ts',
      'adapters/mail/mailer-from-config.ts', 'adapters/storage/storage-from-config.ts', 'modules/psp/simulator.ts'])
      await import('./src/' + file);
    process.stdout.write(JSON.stringify(loaded));
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: apiRoot,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`the import failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as string[];
}

describe('the API process memory (issue 16 §2)', () => {
  it('loads no optional vendor SDK unless it is configured', () => {
    const loaded = modulesLoadedAtStart();
    // The hook saw the app's own dependencies (else the check below would pass for nothing).
    expect(loaded.some((url) => url.includes('/node_modules/drizzle-orm/'))).toBe(true);
    expect(loaded.some((url) => url.includes('/node_modules/fastify/'))).toBe(true);
    // The webhook's HMAC check uses the validator's own file, not the Adyen SDK's index.
    expect(loaded.some((url) => url.endsWith('/@adyen/api-library/lib/src/utils/hmacValidator.js'))).toBe(
      true,
    );
    const optional = [
      '/node_modules/docusign-esign/',
      '/node_modules/stripe/',
      '/node_modules/@aws-sdk/',
      '/node_modules/nodemailer/',
      '/node_modules/redis/',
      '/node_modules/@sentry/',
      '/node_modules/pdfkit/',
      '/node_modules/@electric-sql/pglite/',
      '/@adyen/api-library/lib/src/index.js',
      '/@adyen/api-library/lib/src/services/',
    ];
    expect(loaded.filter((url) => optional.some((part) => url.includes(part)))).toEqual([]);
  }, 180_000);

  it("starts with the API's Node flags and environment from apps/api's scripts as from npm start, the e2e stacks and the benchmarks", () => {
    expect(API_NODE_FLAGS).toEqual([
      '--max-semi-space-size=16',
      `--import=${pathToFileURL(resolve(apiRoot, 'src/compile-cache.js')).href}`,
    ]);
    expect(API_ENV).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072' });
    const assignments = Object.entries(API_ENV).map(([name, value]) => `${name}=${value}`);
    const scripts = (
      JSON.parse(readFileSync(resolve(apiRoot, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    for (const name of ['start', 'dev', 'worker'] as const) {
      const words = (scripts[name] ?? '').split(/\s+/);
      const node = words.indexOf('node');
      // The environment is set for node itself (glibc reads it when the process starts), before the command.
      // The worker has its own young generation and no PGlite (so no environment).
      if (name !== 'worker') {
        expect(words.slice(0, node), `${name}: ${scripts[name]}`).toEqual(assignments);
        expect(words.slice(node), `${name}: ${scripts[name]}`).toContain('--max-semi-space-size=16');
      }
      // apps/api's scripts name the compile cache's module from their own folder.
      expect(words.slice(node), `${name}: ${scripts[name]}`).toContain('--import=./src/compile-cache.js');
      expect(words.at(-1)).toBe(name === 'worker' ? 'src/worker.ts' : 'src/main.ts');
      // The script's own words, run by the shell as npm runs them, hand all of it to the process.
      const probe = words
        .filter((word) => word !== '--watch')
        .slice(0, -1)
        .concat(
          '-p',
          `'JSON.stringify([process.execArgv, process.env.MALLOC_MMAP_THRESHOLD_, require("node:module").getCompileCacheDir()])'`,
        )
        .join(' ');
      const ran = spawnSync('sh', ['-c', probe], {
        cwd: apiRoot,
        encoding: 'utf8',
        timeout: 60_000,
        env: withoutCompileCacheVariables(),
      });
      expect(ran.status, ran.stderr).toBe(0);
      const [execArgv, threshold, cacheDir] = JSON.parse(ran.stdout) as [string[], string, string];
      if (name !== 'worker') {
        expect(execArgv).toContain('--max-semi-space-size=16');
        expect(threshold).toBe(API_ENV.MALLOC_MMAP_THRESHOLD_);
      }
      expect(cacheDir.startsWith(`${compileCacheDir}/`), cacheDir).toBe(true);
    }
    const source = (path: string) => readFileSync(resolve(apiRoot, '../..', path), 'utf8');
    // npm start's own launcher (scripts/start.ts, alive beside the API) reads its TypeScript from the cache too.
    expect((JSON.parse(source('package.json')) as { scripts: { start: string } }).scripts.start).toBe(
      'node --import=./apps/api/src/compile-cache.js scripts/start.ts',
    );
    const start = source('scripts/start.ts');
    expect(start).toMatch(/spawn\(process\.execPath, \[\.\.\.API_NODE_FLAGS, 'src\/main\.ts'\]/);
    expect(start).toContain('env: { ...process.env, ...API_ENV }');
    const e2e = source('e2e/playwright.config.ts');
    expect(e2e).toContain("command: ['node', ...API_NODE_FLAGS, '../apps/api/src/main.ts'].join(' ')");
    expect(e2e).toContain('...API_ENV,');
    const bench = source('bench/lib/server.ts');
    expect(bench).toContain("[...API_NODE_FLAGS, ...(options.nodeArgs ?? []), 'apps/api/src/main.ts']");
    expect(bench).toContain('...API_ENV,');
  });

  it("reads an unchanged TypeScript module from Node's compile cache, so the type stripper never loads (decision 0130)", () => {
    // One probe file, always at the same path (so the cache holds one entry for it), with new text each run: the
    // first start strips it, the second finds it in the cache.
    const folder = resolve(tmpdir(), 'mp-compile-cache-probe');
    mkdirSync(folder, { recursive: true });
    const probe = resolve(folder, 'probe.mts');
    writeFileSync(
      probe,
      `const run: string = '${randomUUID()}';\n` +
        'process.stdout.write(JSON.stringify({ run, stripper: process.moduleLoadList.some((m) => m.includes("amaro")) }));\n',
    );
    const start = (env: NodeJS.ProcessEnv) => {
      const ran = spawnSync(process.execPath, [...API_NODE_FLAGS, probe], {
        encoding: 'utf8',
        timeout: 60_000,
        env,
      });
      expect(ran.status, ran.stderr).toBe(0);
      return JSON.parse(ran.stdout) as { run: string; stripper: boolean };
    };
    const env = withoutCompileCacheVariables();
    expect(start(env).stripper).toBe(true);
    expect(start(env).stripper).toBe(false);
    // The cache is what spares it: turned off, the same file is stripped again.
    expect(start({ ...env, NODE_DISABLE_COMPILE_CACHE: '1' }).stripper).toBe(true);
  });

  it('writes the compile cache once the API listens, so a process killed later leaves it (decision 0130)', async () => {
    // NODE_COMPILE_CACHE (Node's own variable) points this API at an empty folder of its own.
    const folder = await mkdtemp(join(tmpdir(), 'mp-compile-cache-'));
    const child = spawn(process.execPath, [...API_NODE_FLAGS, 'src/main.ts'], {
      cwd: apiRoot,
      env: {
        ...withoutCompileCacheVariables(),
        NODE_COMPILE_CACHE: folder,
        NODE_ENV: 'test',
        PORT: '0',
        DATA_DIR: 'memory://',
        DATABASE_URL: '',
        SEED_DEMO: 'false',
        PSP_SIMULATOR_RATE: '0',
        LOG_LEVEL: 'silent',
        PORTAL_DIST: '/nonexistent/portal-dist',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      await new Promise<void>((ready, fail) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += String(chunk);
          // The start-up banner ends with an empty line; the cache is written right after it.
          if (output.includes('Merchant portal:') && output.endsWith('\n\n')) ready();
        });
        child.stderr.on('data', (chunk: Buffer) => {
          output += String(chunk);
        });
        child.on('exit', (code) => fail(new Error(`the API exited with ${code}: ${output}`)));
      });
      // Killed, it runs nothing at exit: whatever is in the folder was written while it served.
      const written = (async () => {
        for (let tries = 0; tries < 100; tries++) {
          const files = (await readdir(folder, { recursive: true })).length;
          if (files > 500) return files;
          await new Promise((wait) => setTimeout(wait, 100));
        }
        return (await readdir(folder, { recursive: true })).length;
      })();
      expect(await written).toBeGreaterThan(500);
    } finally {
      child.kill('SIGKILL');
      await rm(folder, { recursive: true, force: true });
    }
  }, 180_000);

  it("collects start-up's garbage before the server listens, without leaving V8's gc exposed", () => {
    // In a process of its own: the flag it sets for a moment must not touch the test runner's.
    const script = `
      import { collectStartUpGarbage } from './src/start-up-memory.ts';
      let garbage = Array.from({ length: 300_000 }, (_, i) => ({ i, text: 'row ' + i }));
      garbage = undefined;
      const before = process.memoryUsage().heapUsed;
      collectStartUpGarbage();
      const after = process.memoryUsage().heapUsed;
      process.stdout.write(JSON.stringify({ before, after, gc: typeof globalThis.gc, kept: garbage }));
    `;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: apiRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).toBe('');
    const { before, after, gc } = JSON.parse(result.stdout) as { before: number; after: number; gc: string };
    // ~20 MiB of unreachable rows were on the heap before the call, and are gone after it.
    expect(before - after).toBeGreaterThan(10 * 2 ** 20);
    expect(gc).toBe('undefined');
    const main = readFileSync(resolve(apiRoot, 'src/main.ts'), 'utf8');
    const collected = main.indexOf('\ncollectStartUpGarbage();');
    expect(collected).toBeGreaterThan(main.indexOf('await startJobs('));
    expect(collected).toBeLessThan(main.indexOf('await app.listen('));
  });

  it('runs PGlite with 16 MB of shared buffers, a write-ahead log sized to match, and its other settings as they were', async () => {
    const client = await openPglite('memory://');
    try {
      const { rows } = await client.query<{ name: string; value: string }>(
        `select name, current_setting(name) as value from pg_settings
          where name in ('shared_buffers', 'work_mem', 'temp_buffers', 'search_path', 'max_parallel_workers',
                         'max_wal_size', 'min_wal_size')
          order by name`,
      );
      expect(Object.fromEntries(rows.map((row) => [row.name, row.value]))).toEqual({
        max_parallel_workers: '0',
        max_wal_size: '64MB',
        min_wal_size: '32MB',
        search_path: 'public',
        shared_buffers: '16MB',
        temp_buffers: '8MB',
        work_mem: '4MB',
      });
    } finally {
      await client.close();
    }
  }, 180_000);
});
