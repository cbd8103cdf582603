import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import type { Job } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { fixedClock } from '../src/clock.ts';
import { devices, eodReports, refunds, sites, transactions } from '../src/db/schema/index.ts';
import {
  EOD_FAILED_REASON,
  EOD_MAKE_JOB,
  eodMakeJob,
  eodScheduleJob,
  type MakeEodData,
  makeEodReport,
} from '../src/modules/eod-reports/eod-jobs.ts';
import { type AccessWorld, type ActorName, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 12 §4: end-of-day reports, one per site and trading day, made by the eod-reports jobs when the window
// closes or on request; figures by currency, source, scheme and device; PDF and CSV.
describe('end-of-day reports', () => {
  let t: TestApp;
  let w: AccessWorld;
  // Site A1 closes at 03:00 London time. Trading day 2026-03-28 runs from 03:00 GMT on the 28th to 03:00 BST on
  // the 29th (02:00 UTC): 23 hours, as the clocks went forward in it.
  const DAY = '2026-03-28';
  const clock = fixedClock(new Date('2026-03-29T12:00:00Z'));
  const quiet = { warn: () => {}, error: () => {} };
  let till: string;

  const m = (path: string) => `/api/v1/merchants/${w.merchantA}${path}`;
  const call = (actor: ActorName, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: w.headers(actor), ...(payload === undefined ? {} : { payload }) });
  const tx = (
    values: Partial<typeof transactions.$inferInsert> & { at: string; amount: number },
  ): typeof transactions.$inferInsert => {
    const id = randomUUID();
    const { at, ...rest } = values;
    return {
      merchantId: w.merchantA,
      id,
      siteId: w.siteA1,
      pspReference: `EOD${id.replaceAll('-', '').slice(0, 13).toUpperCase()}`,
      currency: 'GBP',
      status: 'captured',
      source: 'adyen-terminal',
      cardScheme: 'visa',
      cardRegion: 'domestic',
      createdAt: new Date(at),
      updatedAt: new Date(at),
      ...rest,
    };
  };
  /** Runs the make-day jobs the routes sent, as a worker would. */
  const runSentJobs = async () => {
    const tenantDb = createTenantDb(t.app.database);
    for (const job of t.sentJobs.splice(0)) {
      expect(job.name).toBe(EOD_MAKE_JOB);
      await makeEodReport({ tenantDb, clock }, job.data as MakeEodData);
    }
  };
  let firstId: string;
  let lastId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'Eod');
    const db = t.app.db;
    await db
      .update(sites)
      .set({ settlementWindow: '03:00', createdAt: new Date('2026-03-25T12:00:00Z') })
      .where(eq(sites.id, w.siteA1));
    await db
      .update(sites)
      .set({ createdAt: new Date('2026-03-25T12:00:00Z') })
      .where(eq(sites.id, w.siteA2));
    till = randomUUID();
    await db.insert(devices).values({
      merchantId: w.merchantA,
      id: till,
      siteId: w.siteA1,
      serial: 'EOD-TILL-0001',
      label: 'Front till',
      model: 'with-printer',
    });
    const first = tx({ at: '2026-03-28T09:00:00Z', amount: 1000, tipAmount: 150, deviceId: till });
    // 01:30 UTC on the 29th is 02:30 BST: before the 03:00 close, so still the 28th's trading day.
    const last = tx({
      at: '2026-03-29T01:30:00Z',
      amount: 500,
      source: 'tap-to-pay',
      cardScheme: 'amex',
      deviceId: till,
    });
    const yesterday = tx({ at: '2026-03-28T02:30:00Z', amount: 300, status: 'partially-refunded' });
    firstId = first.id as string;
    lastId = last.id as string;
    await db.insert(transactions).values([
      first,
      tx({ at: '2026-03-28T12:00:00Z', amount: 2000, source: 'pay-by-link', cardScheme: 'mastercard' }),
      last,
      tx({ at: '2026-03-28T15:00:00Z', amount: 700, status: 'failed', deviceId: till }),
      tx({ at: '2026-03-28T10:00:00Z', amount: 800, currency: 'EUR', deviceId: till }),
      // Outside the window: after the close (the 29th's day) and before the open (the 27th's day).
      tx({ at: '2026-03-29T02:30:00Z', amount: 400 }),
      yesterday,
      // Another site's sale on the same day.
      tx({ at: '2026-03-28T11:00:00Z', amount: 9900, siteId: w.siteA2 }),
    ]);
    // A refund of the 27th's payment, made on the 28th: it belongs to the 28th's report.
    await db.insert(refunds).values({
      merchantId: w.merchantA,
      transactionId: yesterday.id as string,
      amount: 250,
      currency: 'GBP',
      status: 'succeeded',
      createdAt: new Date('2026-03-28T18:00:00Z'),
    });
  });
  afterAll(() => t.close());

  describe('asking for a day', () => {
    it.each([
      [{ tradingDay: DAY }, 'siteId', 'Required'],
      [{ siteId: 'not-a-site', tradingDay: DAY }, 'siteId', 'Invalid value'],
      [{ siteId: '', tradingDay: '2026-02-30' }, 'tradingDay', 'Please enter a valid date'],
    ])('answers 400 naming the field for %j', async (body, field, message) => {
      const payload = 'siteId' in body && body.siteId === '' ? { ...body, siteId: randomUUID() } : body;
      const response = await call('ownerA', 'POST', m('/eod-reports'), payload);
      expect(response.statusCode, response.body).toBe(400);
      const details = response.json().error.details as { field: string; message: string }[];
      expect(details.find((detail) => detail.field === field)?.message).toBe(message);
      expect(t.sentJobs).toEqual([]);
    });

    it('refuses a trading day whose settlement window has not closed yet', async () => {
      // At 12:00 UTC on the 29th the 29th's day runs until 03:00 on the 30th.
      const response = await call('ownerA', 'POST', m('/eod-reports'), {
        siteId: w.siteA1,
        tradingDay: '2026-03-29',
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.details).toContainEqual(
        expect.objectContaining({
          field: 'tradingDay',
          message: 'This trading day has not closed yet. Choose a day whose settlement window has closed.',
        }),
      );
      expect(t.sentJobs).toEqual([]);
      const [{ count } = { count: -1 }] = await t.app.db
        .select({ count: sql<number>`count(*)::int` })
        .from(eodReports);
      expect(count).toBe(0);
    });

    it("answers 404 for another merchant's site and for a site the manager does not hold", async () => {
      const foreign = await call('ownerA', 'POST', m('/eod-reports'), { siteId: w.siteB1, tradingDay: DAY });
      expect(foreign.statusCode).toBe(404);
      const other = await call('managerA2', 'POST', m('/eod-reports'), { siteId: w.siteA1, tradingDay: DAY });
      expect(other.statusCode).toBe(404);
      // The manager's own site in the query does not let the body name another (the check reads every siteId).
      const smuggled = await call('managerA2', 'POST', m(`/eod-reports?siteId=${w.siteA2}`), {
        siteId: w.siteA1,
        tradingDay: DAY,
      });
      expect(smuggled.statusCode).toBe(404);
      expect(t.sentJobs).toEqual([]);
    });
  });

  describe('a made report', () => {
    let reportId: string;

    beforeAll(async () => {
      const created = await call('managerA1', 'POST', m('/eod-reports'), {
        siteId: w.siteA1,
        tradingDay: DAY,
      });
      expect(created.statusCode, created.body).toBe(202);
      reportId = created.json().data.eodReportId;
      expect(t.sentJobs).toEqual([
        {
          name: EOD_MAKE_JOB,
          data: { merchantId: w.merchantA, siteId: w.siteA1, tradingDay: DAY, requested: true },
        },
      ]);
      const waiting = await call('ownerA', 'GET', m(`/eod-reports/${reportId}`));
      expect(waiting.json().data).toMatchObject({ state: 'NEW', totals: null, origin: 'requested' });
      const early = await call('ownerA', 'GET', m(`/eod-reports/${reportId}/download?format=csv`));
      expect(early.statusCode).toBe(409);
      await runSentJobs();
    });

    it('holds the day’s figures to the cent, by currency, source, scheme and device', async () => {
      const response = await call('ownerA', 'GET', m(`/eod-reports/${reportId}`));
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json().data;
      expect(report).toMatchObject({
        id: reportId,
        siteId: w.siteA1,
        tradingDay: DAY,
        timeZone: 'Europe/London',
        windowStart: '2026-03-28T03:00:00.000Z',
        windowEnd: '2026-03-29T02:00:00.000Z',
        state: 'READY',
        currency: 'GBP',
        generatedAt: clock.now().toISOString(),
      });
      const totals = report.totals;
      expect(totals.transactionCount).toBe(5);
      expect(totals.currencies).toEqual([
        {
          currency: 'EUR',
          sales: { count: 1, amount: 800 },
          tips: { count: 0, amount: 0 },
          refunds: { count: 0, amount: 0 },
          declines: { count: 0, amount: 0 },
          net: 800,
        },
        {
          currency: 'GBP',
          sales: { count: 3, amount: 3500 },
          tips: { count: 1, amount: 150 },
          refunds: { count: 1, amount: 250 },
          declines: { count: 1, amount: 700 },
          net: 3400,
        },
      ]);
      expect(totals.bySource).toEqual([
        { source: 'adyen-terminal', currency: 'EUR', count: 1, amount: 800, tips: 0 },
        { source: 'adyen-terminal', currency: 'GBP', count: 1, amount: 1000, tips: 150 },
        { source: 'pay-by-link', currency: 'GBP', count: 1, amount: 2000, tips: 0 },
        { source: 'tap-to-pay', currency: 'GBP', count: 1, amount: 500, tips: 0 },
      ]);
      expect(totals.byScheme).toEqual([
        { scheme: 'visa', currency: 'EUR', count: 1, amount: 800 },
        { scheme: 'amex', currency: 'GBP', count: 1, amount: 500 },
        { scheme: 'mastercard', currency: 'GBP', count: 1, amount: 2000 },
        { scheme: 'visa', currency: 'GBP', count: 1, amount: 1000 },
      ]);
      const tillGbp = totals.byDevice.find(
        (row: { deviceId: string; currency: string }) => row.deviceId === till && row.currency === 'GBP',
      );
      expect(tillGbp).toEqual({
        deviceId: till,
        serial: 'EOD-TILL-0001',
        label: 'Front till',
        currency: 'GBP',
        sales: { count: 2, amount: 1500 },
        tips: { count: 1, amount: 150 },
        refunds: { count: 0, amount: 0 },
        declines: { count: 1, amount: 700 },
        firstTransactionAt: '2026-03-28T09:00:00.000Z',
        lastTransactionAt: '2026-03-29T01:30:00.000Z',
      });
      const noDevice = totals.byDevice.find(
        (row: { deviceId: string | null; currency: string }) =>
          row.deviceId === null && row.currency === 'GBP',
      );
      expect(noDevice).toMatchObject({
        sales: { count: 1, amount: 2000 },
        refunds: { count: 1, amount: 250 },
      });
      expect(totals.firstTransaction).toMatchObject({
        id: firstId,
        at: '2026-03-28T09:00:00.000Z',
        amount: 1000,
      });
      expect(totals.lastTransaction).toMatchObject({
        id: lastId,
        at: '2026-03-29T01:30:00.000Z',
        amount: 500,
      });
    });

    it('is listed to the owner and the manager of its site, not to the manager of another site', async () => {
      const owner = await call('ownerA', 'GET', m('/eod-reports'));
      expect(owner.statusCode, owner.body).toBe(200);
      expect(owner.json().data.map((report: { id: string }) => report.id)).toContain(reportId);
      const manager = await call(
        'managerA1',
        'GET',
        m(`/eod-reports?siteId=${w.siteA1}&from=${DAY}&to=${DAY}`),
      );
      expect(manager.json().data.map((report: { id: string }) => report.id)).toEqual([reportId]);
      const other = await call('managerA2', 'GET', m('/eod-reports'));
      expect(other.statusCode).toBe(200);
      expect(other.json().data).toEqual([]);
      const direct = await call('managerA2', 'GET', m(`/eod-reports/${reportId}`));
      expect(direct.statusCode).toBe(404);
      expect(direct.json().error.message).toBe('End-of-day report not found');
      const bySite = await call('managerA2', 'GET', m(`/eod-reports?siteId=${w.siteA1}`));
      expect(bySite.statusCode).toBe(404);
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/v1/merchants/${w.merchantB}/eod-reports/${reportId}`,
        headers: w.headers('ownerB'),
      });
      expect(foreign.statusCode).toBe(404);
    });

    it('downloads as a PDF and as a CSV in the asked language', async () => {
      const pdf = await call(
        'managerA1',
        'GET',
        m(`/eod-reports/${reportId}/download?format=pdf&locale=fr-FR`),
      );
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="eod-Eod-a1-${DAY}.pdf"`);
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const csv = await call('ownerA', 'GET', m(`/eod-reports/${reportId}/download?format=csv`));
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const text = csv.rawPayload.toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const rows = parse(text.slice(1)) as string[][];
      expect(rows[0]).toEqual(['Section', 'Name', 'Currency', 'Count', 'Amount']);
      expect(rows).toContainEqual(['Totals', 'Sales', 'GBP', '3', '35.00']);
      expect(rows).toContainEqual(['Totals', 'Net', 'GBP', '', '34.00']);
      expect(rows).toContainEqual(['By card scheme', 'amex', 'GBP', '1', '5.00']);
      expect(rows).toContainEqual(['By device', 'Front till · Declines', 'GBP', '1', '7.00']);

      const spanish = await call(
        'ownerA',
        'GET',
        m(`/eod-reports/${reportId}/download?format=csv&locale=es-ES`),
      );
      const spanishRows = parse(spanish.rawPayload.toString('utf8').slice(1)) as string[][];
      expect(spanishRows).toContainEqual(['Totales', 'Ventas', 'GBP', '3', '35.00']);

      const badFormat = await call('ownerA', 'GET', m(`/eod-reports/${reportId}/download?format=xls`));
      expect(badFormat.statusCode).toBe(400);
      expect(badFormat.json().error.details[0].field).toBe('format');
    });

    it('is made again on request, keeping one report for the site and day', async () => {
      await t.app.db.insert(transactions).values(tx({ at: '2026-03-28T20:00:00Z', amount: 1234 }));
      const again = await call('ownerA', 'POST', m('/eod-reports'), { siteId: w.siteA1, tradingDay: DAY });
      expect(again.statusCode).toBe(202);
      expect(again.json().data.eodReportId).toBe(reportId);
      await runSentJobs();
      const report = (await call('ownerA', 'GET', m(`/eod-reports/${reportId}`))).json().data;
      const gbp = report.totals.currencies.find((row: { currency: string }) => row.currency === 'GBP');
      expect(gbp.sales).toEqual({ count: 4, amount: 4734 });
      const rows = await t.app.db.select().from(eodReports).where(eq(eodReports.siteId, w.siteA1));
      expect(rows).toHaveLength(1);
    });

    it('pages newest trading day first with lastKey, and refuses a made-up lastKey', async () => {
      const bad = await call('ownerA', 'GET', m('/eod-reports?lastKey=nonsense'));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details[0]).toMatchObject({ field: 'lastKey' });
    });
  });

  describe('the schedule', () => {
    it('makes each closed day of every site once, none still open, none the site was not open for', async () => {
      const tenantDb = createTenantDb(t.app.database);
      const sent: { name: string; data: MakeEodData; key: string | undefined }[] = [];
      const schedule = eodScheduleJob({
        tenantDb,
        clock,
        log: quiet,
        send: async (name, data, options) => {
          sent.push({ name, data: data as MakeEodData, key: options?.singletonKey });
          return null;
        },
      });
      await schedule.work({}, {} as Job<object>);
      const a1 = sent.filter((job) => job.data.siteId === w.siteA1).map((job) => job.data.tradingDay);
      const a2 = sent.filter((job) => job.data.siteId === w.siteA2).map((job) => job.data.tradingDay);
      // A1 (03:00 close) opened on the 25th's trading day; the 28th already has its report; the 29th is open.
      expect(a1).toEqual(['2026-03-25', '2026-03-26', '2026-03-27']);
      // A2 closes at midnight: the 28th closed at 00:00 on the 29th.
      expect(a2).toEqual(['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28']);
      expect(
        sent.every(
          (job) => job.name === EOD_MAKE_JOB && job.key === `${job.data.siteId}:${job.data.tradingDay}`,
        ),
      ).toBe(true);
      expect(sent.some((job) => job.data.merchantId === w.merchantB)).toBe(false);

      for (const job of sent) await makeEodReport({ tenantDb, clock }, job.data);
      // Made twice (a retried job): still one report per site and day.
      for (const job of sent) await makeEodReport({ tenantDb, clock }, job.data);
      const a2Report = (
        await call('managerA2', 'GET', m(`/eod-reports?siteId=${w.siteA2}&from=${DAY}&to=${DAY}`))
      ).json().data;
      expect(a2Report).toHaveLength(1);
      expect(a2Report[0]).toMatchObject({ origin: 'scheduled', state: 'READY' });
      expect(a2Report[0].totals.currencies).toEqual([
        expect.objectContaining({ currency: 'GBP', sales: { count: 1, amount: 9900 } }),
      ]);

      sent.length = 0;
      await schedule.work({}, {} as Job<object>);
      expect(sent).toEqual([]);
    });
  });

  describe('a database fault while making a report', () => {
    it('is retried (the report stays NEW), and only the last attempt marks it ERROR', async () => {
      const tenantDb = createTenantDb(t.app.database);
      const job = eodMakeJob({ tenantDb, clock, log: quiet, send: async () => null });
      const created = await call('ownerA', 'POST', m('/eod-reports'), {
        siteId: w.siteA2,
        tradingDay: '2026-03-27',
      });
      const reportId = created.json().data.eodReportId as string;
      const data = t.sentJobs.splice(0)[0]?.data as MakeEodData;
      const state = async () => (await call('ownerA', 'GET', m(`/eod-reports/${reportId}`))).json().data;

      // A real fault: the refunds table is missing while the job runs.
      await t.app.db.execute(sql`alter table refunds rename to refunds_away`);
      try {
        await expect(job.work(data, { retryCount: 0 } as Job<object>)).rejects.toThrow();
        expect(await state()).toMatchObject({ state: 'NEW', error: null });
        await expect(job.work(data, { retryCount: 4 } as Job<object>)).rejects.toThrow();
        expect(await state()).toMatchObject({ state: 'ERROR', error: EOD_FAILED_REASON });
      } finally {
        await t.app.db.execute(sql`alter table refunds_away rename to refunds`);
      }
      expect(job.queue).toMatchObject({ retryLimit: 4, retryBackoff: true, policy: 'exclusive' });
      // Asked again once the database is back: made.
      await call('ownerA', 'POST', m('/eod-reports'), { siteId: w.siteA2, tradingDay: '2026-03-27' });
      await job.work(t.sentJobs.splice(0)[0]?.data as MakeEodData, { retryCount: 0 } as Job<object>);
      expect(await state()).toMatchObject({ state: 'READY', error: null });
    });
  });
});
