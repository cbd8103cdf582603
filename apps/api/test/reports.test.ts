import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { createOutboxMailer, readOutbox } from '../src/adapters/mail/outbox-mailer.ts';
import { createLocalFileStorage, type LocalFileStorage } from '../src/adapters/storage/local-file-storage.ts';
import { fixedClock } from '../src/clock.ts';
import { reports, transactions, users } from '../src/db/schema/index.ts';
import { payoutBuildJob } from '../src/modules/payouts/payout-jobs.ts';
import {
  failStuckReports,
  type GenerateReportData,
  generateReport,
  REPORT_FAILED_REASON,
  REPORT_GENERATE_JOB,
  REPORT_STUCK_AFTER_SECONDS,
} from '../src/modules/reports/report-jobs.ts';
import { type AccessWorld, type ActorName, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 12 §3: reports requested through SPEC §7's calls, made by the reports.generate job, downloaded through
// the file store's signed URL.
describe('reports', () => {
  let t: TestApp;
  let w: AccessWorld;
  let storage: LocalFileStorage;
  const clock = fixedClock(new Date('2026-04-02T12:00:00Z'));
  const quiet = { warn: () => {}, error: () => {} };

  const m = (path: string) => `/api/v1/merchants/${w.merchantA}${path}`;
  const call = (actor: ActorName, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: w.headers(actor), ...(payload === undefined ? {} : { payload }) });
  const payment = (siteId: string, amount: number, at: string, tipAmount = 0) => {
    const id = randomUUID();
    return {
      merchantId: w.merchantA,
      id,
      siteId,
      pspReference: `RP${id.replaceAll('-', '').slice(0, 14).toUpperCase()}`,
      amount,
      tipAmount,
      currency: 'GBP',
      status: 'captured',
      source: 'adyen-terminal',
      cardScheme: 'visa',
      cardRegion: 'domestic',
      createdAt: new Date(at),
      updatedAt: new Date(at),
    } satisfies typeof transactions.$inferInsert;
  };
  /** Runs the jobs the routes sent, as a worker would. */
  const runSentJobs = async () => {
    const tenantDb = createTenantDb(t.app.database);
    for (const job of t.sentJobs.splice(0)) {
      expect(job.name).toBe(REPORT_GENERATE_JOB);
      await generateReport({ tenantDb, clock, storage, log: quiet }, job.data as GenerateReportData);
    }
  };
  const reportOf = async (actor: ActorName, reportId: string) => {
    const list = await call(actor, 'GET', m('/reports'));
    expect(list.statusCode, list.body).toBe(200);
    return (list.json().data as { id: string; state: string; error: string | null }[]).find(
      (report) => report.id === reportId,
    );
  };
  /** The CSV as the browser gets it: the download call's URL, fetched. */
  const downloadCsv = async (actor: ActorName, reportId: string) => {
    const download = await call(actor, 'GET', m(`/reports/${reportId}/download`));
    expect(download.statusCode, download.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: download.json().data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain('attachment');
    return file.rawPayload.toString('utf8');
  };

  beforeAll(async () => {
    const root = await mkdtemp(join(tmpdir(), 'reports-test-'));
    storage = createLocalFileStorage({ root, now: () => clock.now() });
    t = await createTestApp({ clock, storage });
    w = await createAccessWorld(t.app, 'Reports');
  });
  afterAll(() => t.close());

  describe('the range rules (SPEC §5, §9)', () => {
    it.each([
      [
        { dataType: 'transactions', from: '2026-01-01', to: '2026-07-02' },
        'to',
        'Date range too large. Please select a range of 6 months or less.',
      ],
      [
        { dataType: 'payouts', from: '2025-01-01', to: '2026-01-02' },
        'to',
        'Date range too large. Please select a range of 1 year or less.',
      ],
      [
        { dataType: 'transactions', from: '2026-01-01', to: '2026-01-02', pspReferences: ['ABC123'] },
        'pspReferences',
        'Select either a date range or a PSP reference, not both',
      ],
      [{ dataType: 'transactions' }, 'from', 'Select a date range or a PSP reference'],
      [
        { dataType: 'transactions', from: '2026-02-01', to: '2026-01-02' },
        'to',
        'The end date must be on or after the start date',
      ],
    ])('answers 400 naming the field for %j', async (body, field, message) => {
      const response = await call('ownerA', 'POST', m('/reports'), body);
      expect(response.statusCode, response.body).toBe(400);
      const details = response.json().error.details as { field: string; message: string }[];
      expect(details).toContainEqual(expect.objectContaining({ field, message }));
      expect(t.sentJobs).toEqual([]);
    });

    it('takes a payouts range of exactly one year and a transactions range of exactly 6 months', async () => {
      const payouts = await call('ownerA', 'POST', m('/reports'), {
        dataType: 'payouts',
        from: '2025-01-01',
        to: '2026-01-01',
      });
      expect(payouts.statusCode, payouts.body).toBe(202);
      const six = await call('ownerA', 'POST', m('/reports'), {
        dataType: 'transactions',
        from: '2026-01-01',
        to: '2026-07-01',
      });
      expect(six.statusCode, six.body).toBe(202);
      await runSentJobs();
    });
  });

  describe('a transactions report of site A1', () => {
    let reportId: string;
    beforeAll(async () => {
      // 2,345 payments over March (several batches of the export) at A1, and some at A2 that must stay out.
      const rows = Array.from({ length: 2345 }, (_, i) =>
        payment(
          w.siteA1,
          100 + (i % 50),
          new Date(Date.UTC(2026, 2, 1 + (i % 31), 8, i % 60)).toISOString(),
          i % 7,
        ),
      );
      for (let i = 0; i < rows.length; i += 500)
        await t.app.db.insert(transactions).values(rows.slice(i, i + 500));
      await t.app.db.insert(transactions).values([
        payment(w.siteA2, 999, '2026-03-05T10:00:00Z'),
        payment(w.siteA1, 555, '2026-02-28T23:59:59Z'), // the day before the range
      ]);
      const created = await call('managerA1', 'POST', m('/reports'), {
        dataType: 'transactions',
        siteId: w.siteA1,
        from: '2026-03-01',
        to: '2026-03-31',
      });
      expect(created.statusCode, created.body).toBe(202);
      reportId = created.json().data.reportId;
    });

    it('is NEW with no progress until a worker takes it', async () => {
      expect(await reportOf('managerA1', reportId)).toMatchObject({
        type: 'transactions',
        state: 'NEW',
        progress: 0,
        siteIds: [w.siteA1],
        from: '2026-03-01',
        to: '2026-03-31',
      });
    });

    it('is READY after the job with as many rows as the transactions list shows for the same filter', async () => {
      await runSentJobs();
      const report = await reportOf('managerA1', reportId);
      const list = await call(
        'managerA1',
        'GET',
        m(`/transactions?siteId=${w.siteA1}&from=2026-03-01&to=2026-03-31&includeTotals=true`),
      );
      expect(list.statusCode, list.body).toBe(200);
      const totals = list.json().totals as {
        currency: string;
        count: number;
        amount: number;
        tipAmount: number;
      }[];
      expect(totals).toHaveLength(1);
      expect(report).toMatchObject({
        state: 'READY',
        progress: 100,
        rowCount: totals[0]?.count,
        error: null,
      });
      expect(totals[0]?.count).toBe(2345);
    });

    it('downloads as a UTF-8 CSV with a BOM, times in the merchant zone, amounts in major units adding up', async () => {
      const text = await downloadCsv('managerA1', reportId);
      expect(text.startsWith('\uFEFF')).toBe(true);
      const [header, ...rows] = parse(text.slice(1)) as string[][];
      expect(header).toContain('Created (Europe/London)');
      expect(rows).toHaveLength(2345);
      const column = (name: string) => header?.indexOf(name) ?? -1;
      const pennies = (name: string) =>
        rows.reduce((sum, row) => sum + Math.round(Number(row[column(name)]) * 100), 0);
      const list = await call(
        'ownerA',
        'GET',
        m(`/transactions?siteId=${w.siteA1}&from=2026-03-01&to=2026-03-31&includeTotals=true`),
      );
      const [totals] = list.json().totals;
      expect(pennies('Amount')).toBe(Number(totals.amount));
      expect(pennies('Tip')).toBe(Number(totals.tipAmount));
      expect(new Set(rows.map((row) => row[column('Currency')]))).toEqual(new Set(['GBP']));
      // 2026-03-01T08:00Z is 08:00 in London (GMT); the newest row comes first, as on screen.
      expect(rows.map((row) => row[column('Created (Europe/London)')])).toContain('2026-03-01 08:00:00');
    });

    it('is out of reach of a manager of another site and of another merchant ("Report not found" / 404)', async () => {
      expect(await reportOf('managerA2', reportId)).toBeUndefined();
      const foreign = await call('managerA2', 'GET', m(`/reports/${reportId}/download`));
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.message).toBe('Report not found');
      const otherMerchant = await call('ownerB', 'GET', m(`/reports/${reportId}/download`));
      expect(otherMerchant.statusCode).toBe(404);
      const ownMerchantB = await t.app.inject({
        method: 'GET',
        url: `/api/v1/merchants/${w.merchantB}/reports/${reportId}/download`,
        headers: w.headers('ownerB'),
      });
      expect(ownMerchantB.statusCode).toBe(404);
      expect(ownMerchantB.json().error.message).toBe('Report not found');
      const unknown = await call('ownerA', 'GET', m(`/reports/${randomUUID()}/download`));
      expect(unknown.json().error.message).toBe('Report not found');
    });

    it('refuses a site manager a report of a site they do not hold', async () => {
      const response = await call('managerA2', 'POST', m('/reports'), {
        dataType: 'transactions',
        siteId: w.siteA1,
        from: '2026-03-01',
        to: '2026-03-31',
      });
      expect(response.statusCode).toBe(404);
    });

    it('gives a site manager who names no site a report of their own sites only', async () => {
      const created = await call('managerA2', 'POST', m('/reports'), {
        dataType: 'transactions',
        from: '2026-03-01',
        to: '2026-03-31',
      });
      expect(created.statusCode, created.body).toBe(202);
      await runSentJobs();
      const report = await reportOf('managerA2', created.json().data.reportId);
      expect(report).toMatchObject({ state: 'READY', siteIds: [w.siteA2], rowCount: 1 });
      const [, ...rows] = parse(
        (await downloadCsv('managerA2', created.json().data.reportId)).slice(1),
      ) as string[][];
      expect(rows.map((row) => row[9])).toEqual(['9.99']);
    });

    it('makes a report by PSP references with exactly those rows', async () => {
      const list = await call(
        'ownerA',
        'GET',
        m(`/transactions?siteId=${w.siteA1}&from=2026-03-01&to=2026-03-01`),
      );
      const refs = (list.json().data as { pspReference: string }[])
        .slice(0, 3)
        .map((row) => row.pspReference);
      const created = await call('ownerA', 'POST', m('/reports'), {
        dataType: 'transactions',
        pspReferences: refs,
      });
      expect(created.statusCode, created.body).toBe(202);
      await runSentJobs();
      const [, ...rows] = parse(
        (await downloadCsv('ownerA', created.json().data.reportId)).slice(1),
      ) as string[][];
      expect(rows.map((row) => row[0]).sort()).toEqual([...refs].sort());
    });

    it('does not serve a signed URL that was altered or has expired', async () => {
      const download = await call('ownerA', 'GET', m(`/reports/${reportId}/download`));
      const url = new URL(download.json().data.url, 'http://x');
      url.searchParams.set('key', url.searchParams.get('key')?.replace(reportId, randomUUID()) ?? '');
      expect((await t.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(404);
      const late = createLocalFileStorage({
        root: storage.root,
        now: () => new Date('2020-01-01T00:00:00Z'),
      });
      expect(
        late.verify({
          ...Object.fromEntries(new URL(download.json().data.url, 'http://x').searchParams),
          expires: 0,
        } as never),
      ).toBeUndefined();
    });
  });

  describe('payout reports', () => {
    let payoutId: string;
    beforeAll(async () => {
      await t.app.db
        .insert(transactions)
        .values([
          payment(w.siteA1, 1001, '2026-03-20T09:00:00Z'),
          payment(w.siteA1, 2000, '2026-03-20T10:00:00Z', 150),
        ]);
      const job = payoutBuildJob({ tenantDb: createTenantDb(t.app.database), clock, send: async () => null });
      await job.work({ merchantId: w.merchantA, siteId: w.siteA1, tradingDay: '2026-03-20' }, {} as never);
      const list = await call(
        'ownerA',
        'GET',
        `/api/merchants/${w.merchantA}/payouts?siteId=${w.siteA1}&date=2026-03-20`,
      );
      payoutId = list.json().data[0].id;
    });

    it('POST …/payouts/{id}/report makes a payoutDetail CSV whose entries add up to the payout', async () => {
      const created = await call('managerA1', 'POST', m(`/payouts/${payoutId}/report`));
      expect(created.statusCode, created.body).toBe(202);
      await runSentJobs();
      const report = await reportOf('managerA1', created.json().data.reportId);
      expect(report).toMatchObject({ type: 'payoutDetail', state: 'READY', payoutId });
      const detail = (await call('ownerA', 'GET', m(`/payouts/${payoutId}`))).json().data;
      const [header, ...rows] = parse(
        (await downloadCsv('managerA1', created.json().data.reportId)).slice(1),
      ) as string[][];
      expect(rows).toHaveLength(detail.entries.length);
      const amount = header?.indexOf('Amount') ?? -1;
      expect(rows.reduce((sum, row) => sum + Math.round(Number(row[amount]) * 100), 0)).toBe(detail.amount);
    });

    it('answers "Payout not found" for a payout of a site the caller does not hold, or none', async () => {
      const other = await call('managerA2', 'POST', m(`/payouts/${payoutId}/report`));
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe('Payout not found');
      expect((await call('ownerA', 'POST', m(`/payouts/${randomUUID()}/report`))).statusCode).toBe(404);
    });

    it('a payouts report lists the payouts of the range, as the payouts list does', async () => {
      const created = await call('ownerA', 'POST', m('/reports'), {
        dataType: 'payouts',
        siteId: w.siteA1,
        from: '2026-03-01',
        to: '2026-03-31',
      });
      await runSentJobs();
      const [header, ...rows] = parse(
        (await downloadCsv('ownerA', created.json().data.reportId)).slice(1),
      ) as string[][];
      const list = await call('ownerA', 'GET', `/api/merchants/${w.merchantA}/payouts?siteId=${w.siteA1}`);
      const inMarch = (list.json().data as { payoutDate: string }[]).filter((p) =>
        p.payoutDate.startsWith('2026-03'),
      );
      expect(rows).toHaveLength(inMarch.length);
      expect(header).toContain('Paid at (Europe/London)');
    });
  });

  it('lists reports by type, newest first', async () => {
    const list = await call('ownerA', 'GET', m('/reports?type=payoutDetail'));
    expect(list.statusCode).toBe(200);
    expect((list.json().data as { type: string }[]).every((report) => report.type === 'payoutDetail')).toBe(
      true,
    );
    expect(list.json().data.length).toBeGreaterThan(0);
  });

  describe('when a report is ready (issue 12 §3)', () => {
    const PORTAL = 'https://portal.example.com';
    const request = async (actor: ActorName) => {
      const created = await call(actor, 'POST', m('/reports'), {
        dataType: 'transactions',
        siteId: w.siteA1,
        from: '2026-03-01',
        to: '2026-03-31',
      });
      expect(created.statusCode, created.body).toBe(202);
      return created.json().data.reportId as string;
    };
    const runWithMail = async () => {
      const tenantDb = createTenantDb(t.app.database);
      const mailer = createOutboxMailer({ db: t.app.db, printBodies: false });
      for (const job of t.sentJobs.splice(0))
        await generateReport(
          { tenantDb, clock, storage, log: quiet, mailer, portalUrl: PORTAL },
          job.data as GenerateReportData,
        );
    };
    const mailsAbout = async (actor: ActorName, reportId: string) =>
      (await readOutbox(t.app.db, w.users[actor].email)).filter((mail) => mail.text.includes(reportId));

    it('e-mails the requester, in their language, when they are no longer on the page', async () => {
      await t.app.db.update(users).set({ locale: 'fr-FR' }).where(eq(users.id, w.users.managerA1.id));
      const reportId = await request('managerA1');
      await runWithMail();
      const mails = await mailsAbout('managerA1', reportId);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        kind: 'report_ready',
        locale: 'fr-FR',
        subject: 'Votre rapport de transactions est prêt',
      });
      expect(mails[0]?.text).toContain(`${PORTAL}/reports/${reportId}/download`);
    });

    it('sends no e-mail while the requester watches the list (the page polls it)', async () => {
      const reportId = await request('ownerA');
      const list = await call('ownerA', 'GET', m('/reports'));
      expect(list.json().data.find((report: { id: string }) => report.id === reportId).state).toBe('NEW');
      await runWithMail();
      expect((await reportOf('ownerA', reportId))?.state).toBe('READY');
      expect(await mailsAbout('ownerA', reportId)).toEqual([]);
    });
  });

  describe('a database fault while making a report', () => {
    it('leaves it PROCESSING to be retried, and only the last attempt marks it ERROR', async () => {
      const created = await call('ownerA', 'POST', m('/reports'), {
        dataType: 'transactions',
        siteId: w.siteA1,
        from: '2026-03-01',
        to: '2026-03-31',
      });
      const reportId = created.json().data.reportId as string;
      const data = t.sentJobs.splice(0)[0]?.data as GenerateReportData;
      const deps = { tenantDb: createTenantDb(t.app.database), clock, storage, log: quiet };
      // A real fault: the transactions table is missing while the job runs.
      await t.app.db.execute(sql`alter table transactions rename to transactions_away`);
      try {
        await expect(generateReport(deps, data, { last: false })).rejects.toThrow();
        expect(await reportOf('ownerA', reportId)).toMatchObject({ state: 'PROCESSING', error: null });
        await generateReport(deps, data, { last: true });
        expect(await reportOf('ownerA', reportId)).toMatchObject({
          state: 'ERROR',
          error: REPORT_FAILED_REASON,
        });
      } finally {
        await t.app.db.execute(sql`alter table transactions_away rename to transactions`);
      }
    });
  });

  describe('a report is never taken back from READY or ERROR, nor left PROCESSING for ever', () => {
    const requestReport = async () => {
      const created = await call('ownerA', 'POST', m('/reports'), {
        dataType: 'transactions',
        siteId: w.siteA1,
        from: '2026-03-01',
        to: '2026-03-31',
      });
      expect(created.statusCode, created.body).toBe(202);
      const data = t.sentJobs.splice(0)[0]?.data as GenerateReportData;
      return { reportId: created.json().data.reportId as string, data };
    };

    it('a late duplicate run that fails leaves the READY report READY', async () => {
      const { reportId, data } = await requestReport();
      const tenantDb = createTenantDb(t.app.database);
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let reached = () => {};
      const writing = new Promise<void>((resolve) => {
        reached = resolve;
      });
      // The late run's store: it waits until the other run has finished, then fails.
      const stalled = {
        ...storage,
        kind: storage.kind,
        signedUrl: storage.signedUrl.bind(storage),
        async write(_key: string, body: import('node:stream').Readable): Promise<{ sizeBytes: number }> {
          reached();
          await gate;
          for await (const _chunk of body); // read whole, then lost: the file never lands
          throw new Error('the late worker lost its disk');
        },
      };
      const late = generateReport({ tenantDb, clock, storage: stalled, log: quiet }, data, { last: true });
      await writing;
      await generateReport({ tenantDb, clock, storage, log: quiet }, data);
      expect((await reportOf('ownerA', reportId))?.state).toBe('READY');
      release();
      await late;
      expect(await reportOf('ownerA', reportId)).toMatchObject({ state: 'READY', error: null });
    });

    it('the sweep marks ERROR a report PROCESSING past every attempt of its job, and nothing else', async () => {
      const stuck = await requestReport();
      const working = await requestReport();
      const done = await requestReport();
      await generateReport(
        { tenantDb: createTenantDb(t.app.database), clock, storage, log: quiet },
        done.data,
      );
      const now = clock.now().getTime();
      const setUpdated = (reportId: string, at: number, state?: string) =>
        t.app.db
          .update(reports)
          .set({ ...(state ? { state } : {}), updatedAt: new Date(at) })
          .where(eq(reports.id, reportId));
      await setUpdated(stuck.reportId, now - (REPORT_STUCK_AFTER_SECONDS + 60) * 1000, 'PROCESSING');
      await setUpdated(working.reportId, now - (REPORT_STUCK_AFTER_SECONDS - 60) * 1000, 'PROCESSING');
      await setUpdated(done.reportId, now - (REPORT_STUCK_AFTER_SECONDS + 60) * 1000);
      expect(await failStuckReports({ tenantDb: createTenantDb(t.app.database), clock, log: quiet })).toBe(1);
      expect(await reportOf('ownerA', stuck.reportId)).toMatchObject({
        state: 'ERROR',
        error: REPORT_FAILED_REASON,
      });
      expect((await reportOf('ownerA', working.reportId))?.state).toBe('PROCESSING');
      expect((await reportOf('ownerA', done.reportId))?.state).toBe('READY');
      // A retry that comes after all finds it ERROR and leaves it so.
      await generateReport(
        { tenantDb: createTenantDb(t.app.database), clock, storage, log: quiet },
        stuck.data,
      );
      expect((await reportOf('ownerA', stuck.reportId))?.state).toBe('ERROR');
    });
  });
});
