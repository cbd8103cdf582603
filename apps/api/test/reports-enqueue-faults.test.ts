import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import type { Mailer, MailMessage } from '../src/adapters/mail/mail-port.ts';
import { createLocalFileStorage } from '../src/adapters/storage/local-file-storage.ts';
import { fixedClock } from '../src/clock.ts';
import { reports, transactions } from '../src/db/schema/index.ts';
import {
  failStuckReports,
  type GenerateReportData,
  generateReport,
  REPORT_FAILED_REASON,
  REPORT_GENERATE_JOB,
  REPORT_STUCK_AFTER_SECONDS,
} from '../src/modules/reports/report-jobs.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// A report is a row (NEW) and a job that makes it. The job is queued after the row commits: a queue that refuses
// it (a lost connection), or a process killed between the two, must not leave a report NEW for ever that no job
// will ever make.
describe('a report whose job was never queued', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-04-02T12:00:00Z'));
  const quiet = { warn: () => {}, error: () => {} };
  let queueDown = false;
  const queued: GenerateReportData[] = [];
  const body = { dataType: 'transactions', siteId: '', from: '2026-03-01', to: '2026-03-31' };

  const request = () =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/${w.merchantA}/reports`,
      headers: w.headers('ownerA'),
      payload: { ...body, siteId: w.siteA1 },
    });
  const list = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}/reports`,
      headers: w.headers('ownerA'),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; state: string; error: string | null }[];
  };

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      jobs: {
        send: async (name, data) => {
          if (queueDown) throw new Error('Connection terminated unexpectedly');
          expect(name).toBe(REPORT_GENERATE_JOB);
          queued.push(data as GenerateReportData);
          return null;
        },
      },
    });
    w = await createAccessWorld(t.app, 'ReportQueue');
    await t.app.db.insert(transactions).values({
      merchantId: w.merchantA,
      siteId: w.siteA1,
      pspReference: 'RQ00000000000001',
      amount: 1250,
      currency: 'GBP',
      status: 'captured',
      source: 'adyen-terminal',
      createdAt: new Date('2026-03-10T10:00:00Z'),
    });
  });
  afterAll(() => t.close());

  it('answers 503 and keeps no report when the queue refuses its job; asked again, it is made', async () => {
    queueDown = true;
    const refused = await request();
    queueDown = false;
    expect(refused.statusCode, refused.body).toBe(503);
    expect(await list()).toEqual([]);

    const created = await request();
    expect(created.statusCode, created.body).toBe(202);
    const storage = createLocalFileStorage({ root: await mkdtemp(join(tmpdir(), 'reports-queue-')) });
    for (const job of queued.splice(0))
      await generateReport({ tenantDb: createTenantDb(t.app.database), clock, storage, log: quiet }, job);
    expect((await list()).map((report) => report.state)).toEqual(['READY']);
  });

  it('a job run twice at once (its first run outlived its expiry) e-mails the requester once', async () => {
    const reportId = (await request()).json().data.reportId as string;
    const jobs = queued.splice(0);
    expect(jobs).toHaveLength(1);
    const storage = createLocalFileStorage({ root: await mkdtemp(join(tmpdir(), 'reports-twice-')) });
    const mails: MailMessage[] = [];
    const mailer: Mailer = { name: 'outbox', send: async (message) => void mails.push(message) };
    const deps = {
      tenantDb: createTenantDb(t.app.database),
      clock,
      storage,
      log: quiet,
      mailer,
      portalUrl: 'https://portal.example',
    };
    const job = jobs[0] as GenerateReportData;
    await Promise.all([generateReport(deps, job), generateReport(deps, job)]);
    expect((await list()).find((report) => report.id === reportId)?.state).toBe('READY');
    expect(mails.filter((mail) => mail.text.includes(reportId))).toHaveLength(1);
  });

  it('the sweep marks ERROR a report left NEW past every attempt its job could have made', async () => {
    const lost = (await request()).json().data.reportId as string;
    const waiting = (await request()).json().data.reportId as string;
    const now = clock.now().getTime();
    await t.app.db
      .update(reports)
      .set({ updatedAt: new Date(now - (REPORT_STUCK_AFTER_SECONDS + 60) * 1000) })
      .where(eq(reports.id, lost));
    expect(await failStuckReports({ tenantDb: createTenantDb(t.app.database), clock, log: quiet })).toBe(1);
    const states = new Map((await list()).map((report) => [report.id, report]));
    expect(states.get(lost)).toMatchObject({ state: 'ERROR', error: REPORT_FAILED_REASON });
    expect(states.get(waiting)?.state).toBe('NEW');
  });
});
