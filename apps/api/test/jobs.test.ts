import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { fixedClock } from '../src/clock.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { auditLog, merchants } from '../src/db/schema/index.ts';
import { defineJob, type JobQueue, openJobQueue } from '../src/jobs/queue.ts';
import { startJobs } from '../src/jobs/start-jobs.ts';
import {
  EOD_MAKE_JOB,
  EOD_REQUEST_PRIORITY,
  eodJobKey,
  eodMakeJob,
} from '../src/modules/eod-reports/eod-jobs.ts';
import { CHURN_SWEEP_JOB } from '../src/modules/staff/churn-job.ts';
import { insertMerchant } from './access-fixtures.ts';
import { TWO_STEP_JOB, twoStepJob } from './fixtures/two-step-job.ts';
import { createTestDatabase } from './helpers/database.ts';

/** Rows of a raw statement on either driver (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf(database: Database, query: SQL): Promise<unknown[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: unknown[] };
  return result.rows;
}

const quiet = { info() {}, warn() {}, error() {} };

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function jobState(queue: JobQueue, name: string, id: string) {
  const [job] = await queue.boss.findJobs(name, { id });
  return job;
}

describe('job queue (pg-boss)', () => {
  let database: Database;
  let queue: JobQueue;
  const clock = fixedClock(new Date('2026-06-01T10:00:00Z'));
  let attempts = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await startJobs({ database, clock, log: quiet, work: true, pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it('runs the churn sweep from the queue: a merchant past its churn date is churned with one audit entry', async () => {
    const merchantId = await insertMerchant(database.db, 'Churning Ltd');
    await database.db
      .update(merchants)
      .set({ churnEffectiveAt: new Date('2026-05-31T00:00:00Z') })
      .where(eq(merchants.id, merchantId));
    const id = await queue.send(CHURN_SWEEP_JOB, {});
    expect(id).toBeTruthy();
    await until('the churn job', async () =>
      (await jobState(queue, CHURN_SWEEP_JOB, id ?? ''))?.state === 'completed' ? true : undefined,
    );
    const [merchant] = await database.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(merchant?.status).toBe('churned');
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.merchantId, merchantId));
    expect(entries.map((entry) => entry.action)).toEqual(['merchant.churned']);
  });

  it('keeps the churn sweep on an hourly cron schedule', async () => {
    const schedules = await queue.boss.getSchedules(CHURN_SWEEP_JOB);
    expect(schedules).toEqual([expect.objectContaining({ name: CHURN_SWEEP_JOB, cron: '5 * * * *' })]);
  });

  it('retries a failed job with backoff until it succeeds', async () => {
    const flaky = await openJobQueue({
      database,
      log: quiet,
      work: true,
      pollingIntervalSeconds: 0.5,
      definitions: () => [
        defineJob({
          name: 'test.flaky',
          queue: { retryLimit: 3, retryDelay: 1, retryBackoff: true },
          async work() {
            attempts += 1;
            if (attempts < 3) throw new Error(`attempt ${attempts} fails`);
          },
        }),
      ],
    });
    try {
      const id = (await flaky.send('test.flaky', {})) ?? '';
      const job = await until('the flaky job', async () => {
        const found = await jobState(flaky, 'test.flaky', id);
        return found?.state === 'completed' ? found : undefined;
      });
      expect(attempts).toBe(3);
      expect(job).toMatchObject({ retryCount: 2, retryBackoff: true, retryDelay: 1 });
    } finally {
      await flaky.stop();
    }
  });

  it('drops a second job with the same singleton key while the first waits (exclusive queue)', async () => {
    const producer = await openJobQueue({
      database,
      log: quiet,
      work: false,
      definitions: () => [
        defineJob({ name: 'test.exclusive', queue: { policy: 'exclusive' }, async work() {} }),
      ],
    });
    try {
      const first = await producer.send(
        'test.exclusive',
        { day: '2026-06-01' },
        { singletonKey: 'site-1:2026-06-01' },
      );
      const second = await producer.send(
        'test.exclusive',
        { day: '2026-06-01' },
        { singletonKey: 'site-1:2026-06-01' },
      );
      const other = await producer.send(
        'test.exclusive',
        { day: '2026-06-02' },
        { singletonKey: 'site-1:2026-06-02' },
      );
      expect(first).toBeTruthy();
      expect(second).toBeNull();
      expect(other).toBeTruthy();
    } finally {
      await producer.stop();
    }
  });
});

describe('a worker killed in the middle of a job (SIGKILL)', () => {
  let dir: string | undefined;
  let child: ChildProcess | undefined;
  let database: Database | undefined;

  afterAll(async () => {
    child?.kill('SIGKILL');
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A database the child process can open too: a PGlite folder on disk, or the PostgreSQL test clone. */
  async function sharedDatabase(): Promise<{ env: Record<string, string>; reopen(): Promise<Database> }> {
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const clone = await createTestDatabase();
      const connection = clone.jobConnection;
      if (!('connectionString' in connection)) throw new Error('expected PostgreSQL');
      database = clone;
      return { env: { CHILD_DATABASE_URL: connection.connectionString }, reopen: async () => clone };
    }
    dir = await mkdtemp(join(tmpdir(), 'mp-jobs-kill-'));
    const dataDir = join(dir, 'pglite');
    const template = new Blob([await readFile(inject('pgliteTemplate'))]);
    const seeded = new PGlite(dataDir, { loadDataDir: template });
    await seeded.waitReady;
    await seeded.close();
    return {
      env: { CHILD_DATA_DIR: dataDir },
      reopen: async () => {
        database = await openDatabase({ dataDir });
        return database;
      },
    };
  }

  it('leaves nothing half-written; the job is retried and completes exactly once', async () => {
    const shared = await sharedDatabase();
    const setup = await shared.reopen();
    await setup.db.execute(sql`create table job_probe (key text not null, step int not null)`);
    const producer = await openJobQueue({
      database: setup,
      log: quiet,
      work: false,
      definitions: () => [twoStepJob(setup, 0)],
    });
    await producer.send(TWO_STEP_JOB, { key: 'k1' });
    await producer.stop();
    // PGlite is one process at a time: hand the folder to the child.
    if (!process.env.TEST_DATABASE_URL) {
      await setup.close();
      database = undefined;
    }

    child = spawn(process.execPath, ['test/fixtures/job-worker-child.ts'], {
      env: { ...process.env, ...shared.env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child?.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('paused')) resolve();
      });
      child?.on('exit', (code) => reject(new Error(`the child worker exited early (${code})`)));
    });
    const exited = new Promise((resolve) => child?.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    // Another worker on the same database takes the job over once it expires.
    const db = await shared.reopen();
    expect(await rowsOf(db, sql`select key, step from job_probe`)).toEqual([]);
    const worker = await openJobQueue({
      database: db,
      log: quiet,
      work: true,
      pollingIntervalSeconds: 0.5,
      superviseIntervalSeconds: 1,
      definitions: () => [twoStepJob(db, 0)],
    });
    try {
      const job = await until(
        'the retried job',
        async () => {
          const [found] = await worker.boss.findJobs(TWO_STEP_JOB, {});
          return found?.state === 'completed' ? found : undefined;
        },
        45_000,
      );
      expect(job.retryCount).toBeGreaterThanOrEqual(1);
      expect(await rowsOf(db, sql`select key, step from job_probe order by step`)).toEqual([
        { key: 'k1', step: 1 },
        { key: 'k1', step: 2 },
      ]);
    } finally {
      await worker.stop();
    }
  }, 90_000);
});

describe('end-of-day make-day jobs', () => {
  let database: Database;
  afterAll(async () => {
    await database?.close();
  });

  it('takes a user’s request before the schedule’s catch-up jobs queued first, its own day’s among them', async () => {
    database = await createTestDatabase();
    const clock = fixedClock(new Date('2026-06-01T10:00:00Z'));
    // Nobody works this queue: the test fetches as a worker would, so it sees the order the worker gets.
    const queue = await openJobQueue({
      database,
      log: quiet,
      work: false,
      definitions: (send) => [eodMakeJob({ tenantDb: createTenantDb(database), clock, send, log: quiet })],
    });
    try {
      const job = (siteId: string, requested?: boolean) => ({
        merchantId: '00000000-0000-4000-8000-000000000001',
        siteId,
        tradingDay: '2026-05-30',
        ...(requested ? { requested } : {}),
      });
      // The schedule queues a job per site and missing day, s4's among them (before the user asks for it).
      for (const site of ['s4', 's1', 's2', 's3'])
        await queue.send(EOD_MAKE_JOB, job(site), { singletonKey: eodJobKey(site, '2026-05-30') });
      await queue.send(EOD_MAKE_JOB, job('s4', true), {
        singletonKey: eodJobKey('s4', '2026-05-30'),
        priority: EOD_REQUEST_PRIORITY,
      });
      // One at a time, as the app's workers fetch (batchSize 1): a batch's rows come back in no set order.
      const order: string[] = [];
      let request: object | undefined;
      for (let next = 0; next < 5; next += 1) {
        const [fetched] =
          (await queue.boss.fetch<{ siteId: string; requested?: boolean }>(EOD_MAKE_JOB, { batchSize: 1 })) ??
          [];
        if (!fetched) break;
        order.push(fetched.data.siteId);
        if (fetched.data.siteId === 's4') request = fetched.data;
      }
      // s4's waiting job became the request (one job, the request's data), not a send dropped behind the rest.
      expect(request).toEqual(job('s4', true));
      // The request first; the schedule's three after it (in the order they were queued, which pg-boss keeps
      // only to its clock's resolution, so not asserted).
      expect(order[0]).toBe('s4');
      expect(order.slice(1).sort()).toEqual(['s1', 's2', 's3']);
    } finally {
      await queue.stop();
    }
  });
});
