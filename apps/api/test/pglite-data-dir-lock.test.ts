import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError } from '../src/db/data-dir-lock.ts';
import { openPglite } from '../src/db/pglite-database.ts';

const apiDir = resolve(import.meta.dirname, '..');

/** A process of its own that opens `dataDir`, writes a row, says so on stdout and then waits to be killed. */
function holder(dataDir: string): Promise<ChildProcess> {
  const script = `
    const { openPglite } = await import(${JSON.stringify(resolve(apiDir, 'src/db/pglite-database.ts'))});
    const client = await openPglite(${JSON.stringify(dataDir)});
    await client.exec("create table if not exists kept (note text); insert into kept values ('written by the holder')");
    process.stdout.write('open\\n');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: apiDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((done, fail) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
      if (output.includes('open')) done(child);
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.once('exit', (code) => fail(new Error(`the holder ended (${code}): ${output}`)));
  });
}

// PGlite writes no postmaster.pid: without a lock of our own a second process would run a second server on the files.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('one process per embedded database folder', () => {
  let dir = '';
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mp-lock-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a second open in the same process, and opens again once closed', async () => {
    const dataDir = join(dir, 'same-process');
    const client = await openPglite(dataDir);
    await expect(openPglite(dataDir)).rejects.toBeInstanceOf(DataDirInUseError);
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    await client.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const again = await openPglite(dataDir);
    await again.close();
  }, 60_000);

  it('refuses the folder while another process has it open, naming that process, and takes it over once it was killed', async () => {
    const dataDir = join(dir, 'other-process');
    child = await holder(dataDir);
    const refused = await openPglite(dataDir).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toContain(`is open in another process (pid ${child.pid})`);

    const ended = new Promise((done) => child?.once('exit', done));
    child.kill('SIGKILL');
    await ended;
    // Its lock is still there, naming a process that is gone: taken over, and the holder's write is there.
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    const client = await openPglite(dataDir);
    try {
      const { rows } = await client.query<{ note: string }>('select note from kept');
      expect(rows).toEqual([{ note: 'written by the holder' }]);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('`npm run worker` refuses to start without DATABASE_URL, before it opens anything', () => {
    const dataDir = join(dir, 'worker');
    const result = spawnSync(process.execPath, ['src/worker.ts'], {
      cwd: apiDir,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, FILES_DIR: join(dir, 'files') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('worker: needs PostgreSQL (DATABASE_URL)');
    expect(existsSync(dataDir)).toBe(false);
  }, 90_000);
});
