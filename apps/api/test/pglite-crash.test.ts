import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { DataDirInUseError } from '../src/db/data-dir-lock.ts';
import { createAccessWorld, PASSWORD } from './access-fixtures.ts';
import { createTestApp } from './helpers/app.ts';

const apiDir = resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitUntilReady(base: string, child: ChildProcess): Promise<void> {
  // A budget, not a measure: the API's start (Node, the app's imports, PGlite's recovery) took tens of seconds
  // on a loaded two-core machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/readyz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('the API did not become ready within 180 s');
}

// Issue 8 §2 on PGlite: a process killed with SIGKILL in the middle of concurrent writes reopens its data
// directory and has kept every write it acknowledged. A real `node src/main.ts` in a child process.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite survives SIGKILL (child process)', () => {
  let dir = '';
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write after a SIGKILL during concurrent writes', async () => {
    dir = await mkdtemp(join(tmpdir(), 'mp-crash-'));
    const dataDir = join(dir, 'pglite');
    // A migrated data directory with a merchant and its owner, written by this process and closed.
    const setup = await openDatabase({ dataDir });
    await setup.migrate();
    const t = await createTestApp({ database: setup });
    const world = await createAccessWorld(t.app, 'crash');
    await t.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['src/main.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        PORTAL_DIST: '/nonexistent/portal-dist',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    await waitUntilReady(base, child);
    // While it runs, the folder is its alone: a second opener is refused before it touches a file.
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);

    const signIn = await fetch(`${base}/api/identity/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: world.users.ownerA.email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const token = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;

    const acknowledged: string[] = [];
    let attempted = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const name = `Crash ${attempted++} Ltd`;
        try {
          const res = await fetch(`${base}/api/v1/merchants/${world.merchantA}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ legalEntityName: name }),
          });
          if (res.status === 200) acknowledged.push(name);
          else expect(res.status, await res.text()).toBe(200);
        } catch {
          // the process died with this request in flight: not acknowledged
        }
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    while (acknowledged.length < 40) await new Promise((done) => setTimeout(done, 10));
    const exited = new Promise((done) => child?.once('exit', done));
    child.kill('SIGKILL');
    killed = true;
    await exited;
    await Promise.all(workers);
    expect(child.signalCode).toBe('SIGKILL');

    // Reopen the very data directory: it opens, migrates (no-op) and holds every acknowledged write.
    const reopened = await openDatabase({ dataDir });
    try {
      await reopened.migrate();
      const result = await reopened.db.execute<{ name: string }>(
        sql`select after->>'legalEntityName' as name from audit_log
            where merchant_id = ${world.merchantA} and action = 'company.update-details'`,
      );
      const stored = new Set((result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name));
      const lost = acknowledged.filter((name) => !stored.has(name));
      expect(lost).toEqual([]);
      process.stdout.write(
        `SIGKILL during writes: ${attempted} attempted, ${acknowledged.length} acknowledged, ${stored.size} stored, ${lost.length} lost\n`,
      );
    } finally {
      await reopened.close();
    }
  }, 420_000);
});
