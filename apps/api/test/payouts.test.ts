import { randomUUID } from 'node:crypto';
import { PAYOUT_FAILURE_CODES } from '@mp/domain/enums';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { fixedClock } from '../src/clock.ts';
import { ledgerEntries, payouts, rates, refunds, sites, transactions } from '../src/db/schema/index.ts';
import { BANK_FAILURE_TEXTS, buildPayoutDay, runBank } from '../src/modules/payouts/ledger-builder.ts';
import { payoutBuildJob } from '../src/modules/payouts/payout-jobs.ts';
import { type AccessWorld, createAccessWorld, insertSite } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 12 §2: a site's payout per trading day, built by the payout job; read through SPEC §7's payout calls.
describe('payouts', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-04-02T12:00:00Z'));
  let build: (siteId: string, tradingDay: string, merchantId?: string) => Promise<void>;

  const payment = (
    siteId: string,
    amount: number,
    at: string,
    extra: Partial<typeof transactions.$inferInsert> = {},
  ): typeof transactions.$inferInsert => {
    const id = randomUUID();
    return {
      merchantId: w.merchantA,
      id,
      siteId,
      pspReference: `PO${id.replaceAll('-', '').slice(0, 14).toUpperCase()}`,
      amount,
      currency: 'GBP',
      status: 'captured',
      source: 'adyen-terminal',
      cardScheme: 'visa',
      cardRegion: 'domestic',
      createdAt: new Date(at),
      updatedAt: new Date(at),
      ...extra,
    };
  };
  const get = (actor: Parameters<AccessWorld['headers']>[0], url: string) =>
    t.app.inject({ method: 'GET', url, headers: w.headers(actor) });
  const listUrl = (query = '') => `/api/merchants/${w.merchantA}/payouts${query}`;
  const detailUrl = (id: string) => `/api/v1/merchants/${w.merchantA}/payouts/${id}`;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'Payouts');
    const tenantDb = createTenantDb(t.app.database);
    const job = payoutBuildJob({ tenantDb, clock, send: async () => null });
    build = (siteId, tradingDay, merchantId = w.merchantA) =>
      job.work({ merchantId, siteId, tradingDay }, {} as never);
  });
  afterAll(() => t.close());

  describe('a net-settled day (site A1, London, window 00:00)', () => {
    let p1: string;
    let chargedBack: string;
    beforeAll(async () => {
      const rows = [
        payment(w.siteA1, 1001, '2026-03-10T09:00:00Z'), // 1.2% → 12.012 → 12
        payment(w.siteA1, 1042, '2026-03-10T09:05:00Z', { cardScheme: 'amex' }), // 2.9% → 30.218 → 30
        payment(w.siteA1, 250, '2026-03-10T09:10:00Z', { cardRegion: 'eea' }), // 1.5% → 3.75 → 4
        payment(w.siteA1, 100, '2026-03-10T09:15:00Z', { source: 'tap-to-pay' }), // 1.3% → 1.3 → 1
        payment(w.siteA1, 1000, '2026-03-10T09:20:00Z', { tipAmount: 200 }), // 1200 × 1.2% → 14.4 → 14
        payment(w.siteA1, 2000, '2026-03-10T09:25:00Z', { cardRegion: 'global' }), // 2.5% → 50
        payment(w.siteA1, 700, '2026-03-10T09:30:00Z', { cardScheme: 'jcb', cardRegion: null }), // other 2.9% → 20.3 → 20
        payment(w.siteA1, 375, '2026-03-10T09:35:00Z'), // 1.2% → 4.5 → 5 (half-up, not to even)
        payment(w.siteA1, 900, '2026-03-10T10:00:00Z', {
          status: 'chargedback',
          updatedAt: new Date('2026-03-10T18:00:00Z'),
        }), // fee 10.8 → 11
        payment(w.siteA1, 5000, '2026-03-10T11:00:00Z', { status: 'failed' }),
        payment(w.siteA1, 4000, '2026-03-10T23:59:59Z', { status: 'pre-authorized' }),
        payment(w.siteA1, 800, '2026-03-11T00:00:00Z'), // the next trading day
      ];
      p1 = rows[0]?.id ?? '';
      chargedBack = rows[8]?.id ?? '';
      await t.app.db.insert(transactions).values(rows);
      await t.app.db.insert(refunds).values([
        {
          merchantId: w.merchantA,
          transactionId: p1,
          amount: 300,
          currency: 'GBP',
          status: 'succeeded',
          createdAt: new Date('2026-03-10T15:00:00Z'),
        },
        {
          merchantId: w.merchantA,
          transactionId: p1,
          amount: 100,
          currency: 'GBP',
          status: 'pending',
          createdAt: new Date('2026-03-10T15:30:00Z'),
        },
      ]);
      await build(w.siteA1, '2026-03-10');
    });

    it('pays captures + tips − refunds − chargebacks − fees, every fee rounded half-up per line, to the cent', async () => {
      const list = await get('ownerA', listUrl(`?siteId=${w.siteA1}&date=2026-03-10`));
      expect(list.statusCode, list.body).toBe(200);
      const [payout] = list.json().data;
      expect(payout).toMatchObject({
        siteId: w.siteA1,
        payoutDate: '2026-03-10',
        status: 'pending',
        amount: 6221,
        grossAmount: 7568,
        feesAmount: 147,
        currency: 'GBP',
        expectedArrival: '2026-03-12', // made at the close of the 10th, sent on the 11th, credited the next business day
      });
      const detail = await get('ownerA', detailUrl(payout.id));
      expect(detail.statusCode).toBe(200);
      const data = detail.json().data;
      expect(data.settlementType).toBe('net');
      expect(data.days).toEqual([
        {
          tradingDay: '2026-03-10',
          windowStart: '2026-03-10T00:00:00.000Z',
          windowEnd: '2026-03-11T00:00:00.000Z',
          grossAmount: 7568,
          refundsAmount: -1200,
          feesAmount: 147,
          netAmount: 6221,
          transactionCount: 9,
        },
      ]);
      const entries = data.entries as { type: string; amount: number; transactionId: string }[];
      expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(6221);
      expect(
        entries
          .filter((e) => e.type === 'fee')
          .map((e) => -e.amount)
          .sort((a, b) => a - b),
      ).toEqual([1, 4, 5, 11, 12, 14, 20, 30, 50]);
      expect(entries.filter((e) => e.transactionId === p1).map((e) => [e.type, e.amount])).toEqual(
        expect.arrayContaining([
          ['payment', 1001],
          ['fee', -12],
          ['refund', -300],
        ]),
      );
      expect(entries.find((e) => e.type === 'chargeback')).toMatchObject({
        transactionId: chargedBack,
        amount: -900,
      });
    });

    it('runs a day once: a second build of the same site and day changes nothing', async () => {
      await build(w.siteA1, '2026-03-10');
      const rows = await t.app.db.select().from(payouts).where(eq(payouts.siteId, w.siteA1));
      expect(rows.map((r) => [r.payoutDate, r.amount])).toEqual([['2026-03-10', 6221]]);
    });

    it('books a chargeback reversal when a charged-back payment is captured again', async () => {
      await t.app.db
        .update(transactions)
        .set({ status: 'captured', updatedAt: new Date('2026-03-11T10:00:00Z') })
        .where(eq(transactions.id, chargedBack));
      await build(w.siteA1, '2026-03-11');
      const list = await get('ownerA', listUrl(`?siteId=${w.siteA1}&date=2026-03-11`));
      const [payout] = list.json().data;
      // 800 − 10 (1.2% of 800 = 9.6 → 10) + 900 reversed.
      expect(payout.amount).toBe(800 - 10 + 900);
      const detail = await get('ownerA', detailUrl(payout.id));
      expect(detail.json().data.days[0]).toMatchObject({
        refundsAmount: 900,
        grossAmount: 800,
        feesAmount: 10,
      });
    });
  });

  describe('a negative day carries forward (site A2, window 03:00, across the spring daylight-saving change)', () => {
    beforeAll(async () => {
      await t.app.db.update(sites).set({ settlementWindow: '03:00' }).where(eq(sites.id, w.siteA2));
      await t.app.db.insert(transactions).values([
        payment(w.siteA2, 500, '2026-03-28T12:00:00Z'), // fee 6
        payment(w.siteA2, 2000, '2026-03-28T13:00:00Z', { status: 'refund' }), // a standalone refund
        // 02:30 BST on the 30th, before the 03:00 close: trading day 29 March.
        payment(w.siteA2, 3000, '2026-03-30T01:30:00Z'), // fee 36
      ]);
      await build(w.siteA2, '2026-03-28');
      await build(w.siteA2, '2026-03-29');
    });

    it('pays nothing for the negative day and takes its balance into the next payout', async () => {
      const list = await get('ownerA', listUrl(`?siteId=${w.siteA2}`));
      const data = list.json().data;
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({ payoutDate: '2026-03-29', amount: 500 - 6 - 2000 + 3000 - 36 });
      const detail = await get('ownerA', detailUrl(data[0].id));
      expect(detail.json().data.days).toEqual([
        expect.objectContaining({
          tradingDay: '2026-03-28',
          windowStart: '2026-03-28T03:00:00.000Z',
          windowEnd: '2026-03-29T02:00:00.000Z', // 23 hours: the clocks went forward
          netAmount: -1506,
        }),
        expect.objectContaining({ tradingDay: '2026-03-29', netAmount: 2964, transactionCount: 1 }),
      ]);
    });
  });

  describe('refunds decided after their day was built (a new site of merchant A, London, window 00:00)', () => {
    let siteId: string;
    let pending: string;
    let standalone: string;
    const entriesOf = async (key: string) =>
      t.app.db
        .select({ amount: ledgerEntries.amount, tradingDay: ledgerEntries.tradingDay })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.sourceKey, key));
    const dayOf = async (tradingDay: string) => {
      const list = await get('ownerA', listUrl(`?siteId=${siteId}`));
      for (const payout of list.json().data) {
        const detail = await get('ownerA', detailUrl(payout.id));
        const found = detail
          .json()
          .data.days.find((d: { tradingDay: string }) => d.tradingDay === tradingDay);
        if (found) return found;
      }
      return undefined;
    };

    beforeAll(async () => {
      siteId = await insertSite(t.app.db, w.merchantA, `Late refunds ${randomUUID().slice(0, 8)}`);
      const sale = payment(siteId, 5000, '2026-03-16T10:00:00Z');
      await t.app.db
        .insert(transactions)
        .values([
          sale,
          payment(siteId, 3000, '2026-03-17T10:00:00Z'),
          payment(siteId, 400, '2026-03-18T10:00:00Z'),
        ]);
      // Asked for at 23:55 on the 16th, still pending when the 16th is built ten minutes after its close.
      const [row] = await t.app.db
        .insert(refunds)
        .values({
          merchantId: w.merchantA,
          transactionId: sale.id as string,
          amount: 1000,
          currency: 'GBP',
          status: 'pending',
          createdAt: new Date('2026-03-16T23:55:00Z'),
          updatedAt: new Date('2026-03-16T23:55:00Z'),
        })
        .returning({ id: refunds.id });
      pending = row?.id as string;
      await build(siteId, '2026-03-16');
    });

    it('books a refund that succeeds after its day was built on the next day built, once', async () => {
      expect(await entriesOf(`refund:${pending}`)).toEqual([]);
      // The REFUND arrives at 00:30 on the 17th; a standalone refund of the 16th is told of late too.
      await t.app.db
        .update(refunds)
        .set({ status: 'succeeded', updatedAt: new Date('2026-03-17T00:30:00Z') })
        .where(eq(refunds.id, pending));
      // Its REFUND_WITH_DATA (event date 22:00 on the 16th) is ingested at 08:00 on the 17th.
      const late = payment(siteId, 700, '2026-03-16T22:00:00Z', {
        status: 'unref-refund',
        updatedAt: new Date('2026-03-17T08:00:00Z'),
      });
      standalone = late.id as string;
      await t.app.db.insert(transactions).values(late);
      await build(siteId, '2026-03-17');
      await build(siteId, '2026-03-17');
      expect(await entriesOf(`refund:${pending}`)).toEqual([{ amount: -1000, tradingDay: '2026-03-17' }]);
      expect(await entriesOf(`refund:${standalone}`)).toEqual([{ amount: -700, tradingDay: '2026-03-17' }]);
      expect(await dayOf('2026-03-17')).toMatchObject({ grossAmount: 3000, refundsAmount: -1700 });
      // The 16th as it was built: its payment, no refund.
      expect(await dayOf('2026-03-16')).toMatchObject({ grossAmount: 5000, refundsAmount: 0 });
    });

    it('credits a booked refund back when it fails afterwards (REFUND_FAILED, REFUNDED_REVERSED), once', async () => {
      await t.app.db
        .update(refunds)
        .set({
          status: 'failed',
          failureReason: 'REFUNDED_REVERSED',
          updatedAt: new Date('2026-03-18T09:00:00Z'),
        })
        .where(eq(refunds.id, pending));
      await build(siteId, '2026-03-18');
      await build(siteId, '2026-03-18');
      await build(siteId, '2026-03-19');
      expect(await entriesOf(`refund-reversal:${pending}`)).toEqual([
        { amount: 1000, tradingDay: '2026-03-18' },
      ]);
      expect(await entriesOf(`refund:${pending}`)).toEqual([{ amount: -1000, tradingDay: '2026-03-17' }]);
      expect(await dayOf('2026-03-18')).toMatchObject({ grossAmount: 400, refundsAmount: 1000 });
      const all = await t.app.db
        .select({ key: ledgerEntries.sourceKey })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.siteId, siteId));
      expect(new Set(all.map((e) => e.key)).size).toBe(all.length);
    });
  });

  /**
   * Decision 0133: a build reads of the merchant's refunds only those that can still need booking (succeeded and
   * changed since the day opened) or crediting back (booked, no longer succeeded), however much settled history the
   * site has: counted as the refund rows the build's transaction read, on a table with its statistics.
   */
  describe("a build reads the refunds that can still need it, not the site's settled history", () => {
    const HISTORY = 1500;
    let siteId: string;
    let fresh: string;
    let failing: string;
    // Rows a sequential scan read, and index entries an index or bitmap scan returned, of the table.
    const refundRowsRead = sql`select (pg_stat_get_xact_tuples_returned('refunds'::regclass)
      + coalesce((select sum(pg_stat_get_xact_tuples_returned(i.indexrelid)) from pg_index i
                   where i.indrelid = 'refunds'::regclass), 0))::int as n`;

    beforeAll(async () => {
      siteId = await insertSite(t.app.db, w.merchantA, `Settled history ${randomUUID().slice(0, 8)}`);
      const sales = Array.from({ length: HISTORY }, (_, i) =>
        payment(siteId, 5000, new Date(Date.parse('2026-02-02T08:00:00Z') + i * 1000).toISOString()),
      );
      await t.app.db.insert(transactions).values(sales);
      // The history: a third of the refunds succeed and stay so, a third fail before they are booked, a third are
      // booked and fail afterwards (credited back on the 3rd).
      const at = new Date('2026-02-02T18:00:00Z');
      await t.app.db.insert(refunds).values(
        sales.map((sale, i) => ({
          merchantId: w.merchantA,
          transactionId: sale.id as string,
          amount: 100,
          currency: 'GBP',
          status: i % 3 === 1 ? 'failed' : 'succeeded',
          createdAt: at,
          updatedAt: at,
        })),
      );
      await build(siteId, '2026-02-02');
      await t.app.db
        .update(refunds)
        .set({ status: 'failed', updatedAt: new Date('2026-02-03T09:00:00Z') })
        .where(
          inArray(
            refunds.transactionId,
            sales.filter((_, i) => i % 3 === 2).map((sale) => sale.id as string),
          ),
        );
      await build(siteId, '2026-02-03');
      // The 4th: a new payment refunded that day, and one refund of the history booked on the 2nd failing.
      const sale = payment(siteId, 3000, '2026-02-04T10:00:00Z');
      await t.app.db.insert(transactions).values(sale);
      const [row] = await t.app.db
        .insert(refunds)
        .values({
          merchantId: w.merchantA,
          transactionId: sale.id as string,
          amount: 700,
          currency: 'GBP',
          status: 'succeeded',
          createdAt: new Date('2026-02-04T11:00:00Z'),
          updatedAt: new Date('2026-02-04T11:00:00Z'),
        })
        .returning({ id: refunds.id });
      fresh = row?.id as string;
      const [last] = await t.app.db
        .update(refunds)
        .set({ status: 'failed', updatedAt: new Date('2026-02-04T12:00:00Z') })
        .where(eq(refunds.transactionId, sales[0]?.id as string))
        .returning({ id: refunds.id });
      failing = last?.id as string;
      // As autovacuum leaves settled history: its dead row versions gone, and the tables' statistics taken.
      await t.app.db.execute(sql`vacuum analyze refunds, ledger_entries, transactions`);
    });

    it('books the day from a handful of refund rows, and books it right', async () => {
      const history = await t.app.db.execute(sql`
        select f.status, count(*)::int as n,
               count(*) filter (where exists (select 1 from ledger_entries e
                                               where e.merchant_id = f.merchant_id and e.source_key = 'refund-reversal:' || f.id))::int as reversed
          from refunds f join transactions t on t.merchant_id = f.merchant_id and t.id = f.transaction_id
         where t.site_id = ${siteId} group by f.status order by f.status`);
      // The settled history this build must not read: failed never booked, failed and credited back, succeeded.
      const [failed] = (history as unknown as { rows: { status: string; n: number; reversed: number }[] })
        .rows;
      expect(failed?.n).toBeGreaterThan(HISTORY / 2);
      expect(failed?.reversed).toBeGreaterThan(HISTORY / 6);

      const tenantDb = createTenantDb(t.app.database);
      const read = await tenantDb.forMerchant(w.merchantA, async (tx) => {
        const counted = async () =>
          ((await tx.execute(refundRowsRead)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
        // The counters hold what is not yet reported: taken before and after, within the one transaction.
        const before = await counted();
        await buildPayoutDay(
          tx,
          {
            merchantId: w.merchantA,
            siteId,
            settlementWindow: '00:00',
            timeZone: 'Europe/London',
            currency: 'GBP',
          },
          '2026-02-04',
        );
        return (await counted()) - before;
      });
      const entries = await t.app.db
        .select({ key: ledgerEntries.sourceKey, amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(
          sql`${ledgerEntries.siteId} = ${siteId} and ${ledgerEntries.tradingDay} = '2026-02-04' and ${ledgerEntries.type} = 'refund'`,
        );
      expect(entries.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
        { key: `refund-reversal:${failing}`, amount: 100 },
        { key: `refund:${fresh}`, amount: -700 },
      ]);
      // The new refund and the failing one (each read, then marked), and the merchant's refunds asked for after the
      // day (other sites'): a handful, where reading the history would be HISTORY rows and more (3006 before).
      expect(read).toBeLessThan(50);
    });

    // Two transactions at once need two connections: PostgreSQL only (PGlite runs one transaction at a time).
    it.skipIf(!process.env.TEST_DATABASE_URL)(
      'a refund failing while the build that books it runs is booked, and credited back by the next build',
      async () => {
        const site = {
          merchantId: w.merchantA,
          siteId,
          settlementWindow: '00:00',
          timeZone: 'Europe/London',
          currency: 'GBP',
        };
        const sale = payment(siteId, 2000, '2026-02-05T10:00:00Z');
        await t.app.db.insert(transactions).values(sale);
        const [row] = await t.app.db
          .insert(refunds)
          .values({
            merchantId: w.merchantA,
            transactionId: sale.id as string,
            amount: 900,
            currency: 'GBP',
            status: 'succeeded',
            createdAt: new Date('2026-02-05T11:00:00Z'),
            updatedAt: new Date('2026-02-05T11:00:00Z'),
          })
          .returning({ id: refunds.id });
        const racing = row?.id as string;
        const tenantDb = createTenantDb(t.app.database);
        let release = () => {};
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        let locked = () => {};
        const isLocked = new Promise<void>((resolve) => {
          locked = resolve;
        });
        // Its REFUND_FAILED holds the refund's row, uncommitted, while the 5th is built.
        const notification = t.app.db.transaction(async (tx) => {
          await tx
            .update(refunds)
            .set({ status: 'failed', updatedAt: new Date('2026-02-06T09:00:00Z') })
            .where(eq(refunds.id, racing));
          locked();
          await released;
        });
        await isLocked;
        let built = false;
        const building = tenantDb
          .forMerchant(w.merchantA, (tx) => buildPayoutDay(tx, site, '2026-02-05'))
          .finally(() => {
            built = true;
          });
        // The build reads the refund as succeeded, books it, and waits on its row to mark it booked: the
        // notification commits then (a build that did not wait has the notification commit after it).
        while (!built) {
          const waiting = (await t.app.db.execute(sql`
            select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'transactionid'`)) as unknown as {
            rows: { n: number }[];
          };
          if ((waiting.rows[0]?.n ?? 0) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        release();
        await notification;
        await building;
        await tenantDb.forMerchant(w.merchantA, (tx) => buildPayoutDay(tx, site, '2026-02-06'));
        const entries = await t.app.db
          .select({
            key: ledgerEntries.sourceKey,
            amount: ledgerEntries.amount,
            day: ledgerEntries.tradingDay,
          })
          .from(ledgerEntries)
          .where(sql`${ledgerEntries.refundId} = ${racing}`);
        expect(entries.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
          { key: `refund-reversal:${racing}`, amount: 900, day: '2026-02-06' },
          { key: `refund:${racing}`, amount: -900, day: '2026-02-05' },
        ]);
      },
    );
  });

  describe('gross settlement (merchant B)', () => {
    it('pays captures − refunds and leaves the fees to invoicing', async () => {
      await t.app.db.insert(rates).values({
        merchantId: w.merchantB,
        domesticPercent: '1.0000',
        eeaPercent: '1.0000',
        globalPercent: '1.0000',
        amexPercent: '1.0000',
        otherPercent: '1.0000',
        tapToPayPercent: '1.0000',
        currency: 'GBP',
        settlementType: 'gross',
        effectiveFrom: '2020-01-01',
      });
      await t.app.db.insert(transactions).values([
        { ...payment(w.siteB1, 1250, '2026-03-12T10:00:00Z'), merchantId: w.merchantB }, // fee 12.5 → 13
        { ...payment(w.siteB1, 50, '2026-03-12T11:00:00Z', { status: 'refund' }), merchantId: w.merchantB },
      ]);
      await build(w.siteB1, '2026-03-12', w.merchantB);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/merchants/${w.merchantB}/payouts`,
        headers: w.headers('ownerB'),
      });
      const [payout] = res.json().data;
      expect(payout).toMatchObject({ amount: 1200, grossAmount: 1250, feesAmount: 0 });
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/v1/merchants/${w.merchantB}/payouts/${payout.id}`,
        headers: w.headers('ownerB'),
      });
      expect(detail.json().data).toMatchObject({
        settlementType: 'gross',
        days: [
          expect.objectContaining({ grossAmount: 1250, refundsAmount: -50, feesAmount: 13, netAmount: 1200 }),
        ],
      });
    });
  });

  describe('the simulated bank', () => {
    it('completes payouts on their expected arrival, or fails one with its reason and retries it the next business day', async () => {
      const db = createTenantDb(t.app.database);
      await db.acrossMerchants((tx) => runBank(tx, { now: new Date('2026-04-01T09:00:00Z') }));
      const rows = await t.app.db.select().from(payouts);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.attempts).toBe(1);
        if (row.status === 'failed') {
          expect(PAYOUT_FAILURE_CODES).toContain(row.failureReason);
          expect(row.retryOn).toBe('2026-04-02');
        } else expect(row).toMatchObject({ status: 'completed', failureReason: null });
      }
      // The retry day: every failed payout is tried again and completes, keeping why the first attempt failed.
      await db.acrossMerchants((tx) => runBank(tx, { now: new Date('2026-04-02T09:00:00Z') }));
      const after = await t.app.db.select().from(payouts);
      expect(after.every((row) => row.status === 'completed')).toBe(true);
    });

    it('says why a payout failed: a code the portal words in four languages, and the English text', async () => {
      const [payout] = await t.app.db
        .select()
        .from(payouts)
        .where(eq(payouts.merchantId, w.merchantA))
        .limit(1);
      if (!payout) throw new Error('no payout to fail');
      await t.app.db
        .update(payouts)
        .set({ status: 'failed', failureReason: 'account-closed', retryOn: '2026-04-03' })
        .where(eq(payouts.id, payout.id));
      const res = await get('ownerA', detailUrl(payout.id));
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'failed',
        failureCode: 'account-closed',
        failureReason: BANK_FAILURE_TEXTS['account-closed'],
        retryOn: '2026-04-03',
      });
      // A reason stored before codes existed still reads as a code.
      await t.app.db
        .update(payouts)
        .set({ failureReason: 'Something else' })
        .where(eq(payouts.id, payout.id));
      expect((await get('ownerA', detailUrl(payout.id))).json().data.failureCode).toBe('rejected-by-bank');
      await t.app.db
        .update(payouts)
        .set({ status: payout.status, failureReason: payout.failureReason, retryOn: payout.retryOn })
        .where(eq(payouts.id, payout.id));
    });
  });

  describe('access and input', () => {
    it('shows a site manager only the payouts of their sites, and hides the others as not found', async () => {
      const mine = await get('managerA1', listUrl());
      expect(mine.statusCode).toBe(200);
      const sitesSeen = new Set(mine.json().data.map((p: { siteId: string }) => p.siteId));
      expect([...sitesSeen]).toEqual([w.siteA1]);
      const theirs = await get('ownerA', listUrl(`?siteId=${w.siteA2}`));
      const foreign = await get('managerA1', detailUrl(theirs.json().data[0].id));
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.message).toBe('Payout not found');
      expect((await get('managerA1', listUrl(`?siteId=${w.siteA2}`))).statusCode).toBe(404);
    });

    it("gives another merchant's owner nothing: 404 for the merchant, whatever the payout id", async () => {
      const own = await get('ownerA', listUrl());
      const res = await get('ownerB', detailUrl(own.json().data[0].id));
      expect(res.statusCode).toBe(404);
      const viaB = await t.app.inject({
        method: 'GET',
        url: `/api/v1/merchants/${w.merchantB}/payouts/${own.json().data[0].id}`,
        headers: w.headers('ownerB'),
      });
      expect(viaB.json().error.message).toBe('Payout not found');
    });

    it('answers 400 naming the field for a bad date or lastKey', async () => {
      const date = await get('ownerA', listUrl('?date=2026-13-45'));
      expect(date.statusCode).toBe(400);
      expect(date.json().error.details[0].field).toBe('date');
      const key = await get('ownerA', listUrl('?lastKey=not-a-key'));
      expect(key.statusCode).toBe(400);
      expect(key.json().error.details[0].field).toBe('lastKey');
    });

    it('pages with lastKey, newest trading day first', async () => {
      const first = await get('ownerA', listUrl());
      const days = first.json().data.map((p: { payoutDate: string }) => p.payoutDate);
      expect(days).toEqual([...days].sort().reverse());
      expect(first.json().lastKey).toBeNull();
    });
  });

  describe('a large day (keyset pages of the ledger)', () => {
    it('serves every entry once, in time order, a page at a time', async () => {
      const [payout] = await t.app.db.select().from(payouts).where(eq(payouts.siteId, w.siteA1)).limit(1);
      if (!payout) throw new Error('no payout');
      // 1,100 more entries, many sharing an instant (payment, tip, fee of one payment), so ties are ordered too.
      await t.app.db.execute(sql`
        insert into ledger_entries (merchant_id, site_id, payout_id, type, amount, currency, description,
                                    occurred_at, trading_day, source_key)
        select ${payout.merchantId}, ${payout.siteId}, ${payout.id},
               (array['fee', 'tip', 'payment'])[1 + i % 3], 1, ${payout.currency}, 'Paging ' || i,
               ${`${payout.payoutDate}T10:00:00Z`}::timestamptz + ((i / 3) || ' seconds')::interval,
               ${payout.payoutDate}, 'paging:' || i
          from generate_series(1, 1100) as i`);
      try {
        const [{ total } = { total: 0 }] = await t.app.db
          .select({ total: sql<number>`count(*)::int` })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.payoutId, payout.id));
        const first = await get('ownerA', detailUrl(payout.id));
        expect(first.statusCode).toBe(200);
        const seen = [...first.json().data.entries] as { id: string; occurredAt: string; type: string }[];
        expect(seen).toHaveLength(500);
        let lastKey = first.json().data.entriesLastKey as string | null;
        let pages = 1;
        while (lastKey) {
          const next = await get(
            'managerA1',
            `${detailUrl(payout.id)}/entries?lastKey=${encodeURIComponent(lastKey)}`,
          );
          expect(next.statusCode, next.body).toBe(200);
          seen.push(...next.json().data);
          lastKey = next.json().lastKey;
          pages += 1;
        }
        expect(pages).toBe(Math.ceil(total / 500));
        expect(seen).toHaveLength(total);
        expect(new Set(seen.map((entry) => entry.id)).size).toBe(total);
        const rank = (type: string) => ({ payment: 0, tip: 1, fee: 2 })[type] ?? 3;
        for (let i = 1; i < seen.length; i++) {
          const [a, b] = [seen[i - 1], seen[i]] as [(typeof seen)[0], (typeof seen)[0]];
          expect(
            a.occurredAt < b.occurredAt || (a.occurredAt === b.occurredAt && rank(a.type) <= rank(b.type)),
          ).toBe(true);
        }
        const bad = await get('ownerA', `${detailUrl(payout.id)}/entries?lastKey=forged`);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error.details[0].field).toBe('lastKey');
        const other = await get('managerA2', `${detailUrl(payout.id)}/entries`);
        expect(other.statusCode).toBe(404);
      } finally {
        await t.app.db.execute(sql`delete from ledger_entries where source_key like 'paging:%'`);
      }
    });
  });
});
