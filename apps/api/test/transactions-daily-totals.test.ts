// The daily roll-up of transactions (issue 16): statement triggers keep it equal to grouping the transactions
// themselves, whatever inserts, updates or deletes them (the owning role, app_user under RLS, many rows at
// once), and the totals endpoint that reads it answers what summing the transactions answers.
import { randomUUID } from 'node:crypto';
import { PAYMENT_SOURCES } from '@mp/domain/enums';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { fixedClock } from '../src/clock.ts';
import {
  merchants,
  transactionDailyStatusTotals,
  transactionDailyTotals,
  transactions,
} from '../src/db/schema/index.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

const STATUSES = ['captured', 'refunded', 'failed', 'pending', 'refund', 'partially-refunded'];

describe('the daily roll-up of transactions', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'Rollup');
  });
  afterAll(() => t.close());

  let n = 0;
  const payment = (merchantId: string, siteId: string, at: Date, status: string, amount: number) => {
    n += 1;
    const id = randomUUID();
    return {
      merchantId,
      id,
      siteId,
      pspReference: `ROLL${id.replaceAll('-', '').slice(0, 16).toUpperCase()}`,
      amount,
      tipAmount: n % 3,
      currency: n % 7 === 0 ? 'EUR' : 'GBP',
      status,
      // Every source, so the roll-up's by-source buckets (issue 11 §4) are exercised.
      source: PAYMENT_SOURCES[n % PAYMENT_SOURCES.length] as string,
      createdAt: at,
    };
  };

  /** The roll-up as it is, and as grouping the transactions says it should be (zero buckets left out). */
  async function rollupAndTruth(merchantId: string) {
    const kept = (await t.app.db.execute(sql`
      select site_id, day::text, currency, status, source, count::int, amount::text, tip_amount::text
        from ${transactionDailyTotals}
       where merchant_id = ${merchantId} and (count <> 0 or amount <> 0 or tip_amount <> 0)
       order by 1, 2, 3, 4, 5`)) as unknown as { rows: unknown[] };
    const truth = (await t.app.db.execute(sql`
      select t.site_id, (t.created_at at time zone m.time_zone)::date::text as day, t.currency, t.status, t.source,
             count(*)::int as count, sum(t.amount)::text as amount, sum(t.tip_amount)::text as tip_amount
        from transactions t join merchants m on m.id = t.merchant_id
       where t.merchant_id = ${merchantId}
       group by 1, 2, 3, 4, 5
       order by 1, 2, 3, 4, 5`)) as unknown as { rows: unknown[] };
    // The roll-up per day, currency and status (migration 0044) against the same grouping.
    const keptByStatus = (await t.app.db.execute(sql`
      select day::text, currency, status, count::int, amount::text, tip_amount::text
        from ${transactionDailyStatusTotals}
       where merchant_id = ${merchantId} and (count <> 0 or amount <> 0 or tip_amount <> 0)
       order by 1, 2, 3`)) as unknown as { rows: unknown[] };
    const truthByStatus = (await t.app.db.execute(sql`
      select (t.created_at at time zone m.time_zone)::date::text as day, t.currency, t.status,
             count(*)::int as count, sum(t.amount)::text as amount, sum(t.tip_amount)::text as tip_amount
        from transactions t join merchants m on m.id = t.merchant_id
       where t.merchant_id = ${merchantId}
       group by 1, 2, 3
       order by 1, 2, 3`)) as unknown as { rows: unknown[] };
    return {
      kept: kept.rows,
      truth: truth.rows,
      keptByStatus: keptByStatus.rows,
      truthByStatus: truthByStatus.rows,
    };
  }

  it('follows inserts of many rows at once, status changes, moves between sites and days, and deletes', async () => {
    const start = Date.parse('2026-01-20T00:00:00Z');
    const rows = Array.from({ length: 300 }, (_, i) =>
      payment(
        w.merchantA,
        i % 2 ? w.siteA1 : w.siteA2,
        new Date(start + ((i * 7_919_000) % (40 * 86_400_000))),
        STATUSES[i % STATUSES.length] as string,
        100 + ((i * 37) % 5000),
      ),
    );
    await t.app.db.insert(transactions).values(rows);
    let state = await rollupAndTruth(w.merchantA);
    expect(state.kept.length).toBeGreaterThan(20);
    expect(state.kept).toEqual(state.truth);
    expect(state.keptByStatus).toEqual(state.truthByStatus);

    // A PSP notification's kind of update: status (and amount) of some, site and time of others; one that
    // changes only updated_at moves nothing.
    await t.app.db
      .update(transactions)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(sql`${transactions.merchantId} = ${w.merchantA} and ${transactions.status} = 'captured'`);
    await t.app.db
      .update(transactions)
      .set({ siteId: w.siteA1, createdAt: sql`${transactions.createdAt} + interval '13 hours'` })
      .where(sql`${transactions.merchantId} = ${w.merchantA} and ${transactions.status} = 'pending'`);
    await t.app.db
      .update(transactions)
      .set({ source: 'tap-to-pay' })
      .where(sql`${transactions.merchantId} = ${w.merchantA} and ${transactions.status} = 'refund'`);
    await t.app.db
      .update(transactions)
      .set({ updatedAt: new Date() })
      .where(eq(transactions.merchantId, w.merchantA));
    await t.app.db
      .delete(transactions)
      .where(sql`${transactions.merchantId} = ${w.merchantA} and ${transactions.status} = 'failed'`);
    state = await rollupAndTruth(w.merchantA);
    expect(state.kept).toEqual(state.truth);
    expect(state.keptByStatus).toEqual(state.truthByStatus);
  });

  it("is kept by app_user's own writes under row-level security, which cannot write the roll-up itself", async () => {
    const tenantDb = createTenantDb(t.app.database);
    await tenantDb.forMerchant(w.merchantB, (tx) =>
      tx
        .insert(transactions)
        .values([
          payment(w.merchantB, w.siteB1, new Date('2026-02-27T10:00:00Z'), 'captured', 1234),
          payment(w.merchantB, w.siteB1, new Date('2026-02-27T11:00:00Z'), 'captured', 766),
        ]),
    );
    await tenantDb.forMerchant(w.merchantB, (tx) =>
      tx.update(transactions).set({ status: 'refunded' }).where(eq(transactions.amount, 766)),
    );
    const state = await rollupAndTruth(w.merchantB);
    expect(state.kept).toEqual(state.truth);
    expect(state.keptByStatus).toEqual(state.truthByStatus);
    expect(state.kept).toHaveLength(2);
    await expect(
      tenantDb.forMerchant(w.merchantB, (tx) => tx.update(transactionDailyTotals).set({ count: 999 })),
    ).rejects.toThrow();
    await expect(
      tenantDb.forMerchant(w.merchantB, (tx) => tx.delete(transactionDailyTotals)),
    ).rejects.toThrow();
    await expect(
      tenantDb.forMerchant(w.merchantB, (tx) => tx.update(transactionDailyStatusTotals).set({ count: 999 })),
    ).rejects.toThrow();
  });

  it("rebuilds a merchant's days when its time zone changes", async () => {
    await t.app.db
      .update(merchants)
      .set({ timeZone: 'America/New_York' })
      .where(eq(merchants.id, w.merchantA));
    const state = await rollupAndTruth(w.merchantA);
    expect(state.kept).toEqual(state.truth);
    expect(state.keptByStatus).toEqual(state.truthByStatus);
    await t.app.db.update(merchants).set({ timeZone: 'Europe/London' }).where(eq(merchants.id, w.merchantA));
  });

  it('gives the totals endpoint the sums of the transactions themselves, for every site and for one', async () => {
    // Today (1 March, London) has rows before and after the clock's noon; the roll-up holds the days before.
    await t.app.db
      .insert(transactions)
      .values([
        payment(w.merchantA, w.siteA1, new Date('2026-03-01T00:30:00Z'), 'captured', 4000),
        payment(w.merchantA, w.siteA2, new Date('2026-03-01T11:59:00Z'), 'refund', 300),
        payment(w.merchantA, w.siteA1, new Date('2026-03-01T13:00:00Z'), 'captured', 9000),
      ]);
    const captured = [
      'captured',
      'refund-pending',
      'partially-refunded',
      'refunded',
      'chargeback-pending',
      'chargedback',
    ];
    const expected = async (siteId?: string) => {
      const result = (await t.app.db.execute(sql`
        select count(*)::int as count,
               coalesce(sum(amount + tip_amount) filter (where status in ${captured}), 0)::int as captured,
               coalesce(sum(amount) filter (where status in ('refund', 'unref-refund')), 0)::int as refunds
          from transactions
         where merchant_id = ${w.merchantA} and currency = 'GBP'
           and created_at >= '2026-01-31T00:00:00Z' and created_at <= '2026-03-01T12:00:00Z'
           ${siteId ? sql`and site_id = ${siteId}` : sql``}`)) as unknown as {
        rows: { count: number; captured: number; refunds: number }[];
      };
      return result.rows[0];
    };
    for (const siteId of [undefined, w.siteA1, w.siteA2]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/merchants/${w.merchantA}/transactions/totals${siteId ? `?siteId=${siteId}` : ''}`,
        headers: w.headers('ownerA'),
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      const want = await expected(siteId);
      expect(data.count).toBe(want?.count);
      expect(data.capturedAmount).toBe(want?.captured);
      // No refunds rows here: refunded = the refund transactions' amounts.
      expect(data.refundedAmount).toBe(want?.refunds);
      expect(data.count).toBeGreaterThan(0);
    }
  });
});
