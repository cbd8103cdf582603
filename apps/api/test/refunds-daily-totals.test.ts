// The daily roll-up of succeeded refunds (issue 16): triggers keep it equal to grouping the refunds themselves
// (by the refunded transaction's site and the refund's day in the merchant's zone), in the same transaction as a
// refund is made, succeeds, fails, is deleted, or its transaction moves site or is deleted; and the totals and
// dashboard endpoints that read it answer what summing the refunds answers.
import { randomUUID } from 'node:crypto';
import { PAYMENT_SOURCES } from '@mp/domain/enums';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { fixedClock } from '../src/clock.ts';
import { merchants, refundDailyTotals, refunds, transactions } from '../src/db/schema/index.ts';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

const REFUND_STATES = ['succeeded', 'pending', 'failed'] as const;

describe('the daily roll-up of refunds', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'RefundRollup');
  });
  afterAll(() => t.close());

  let n = 0;
  const payment = (merchantId: string, siteId: string, at: Date, amount: number) => {
    n += 1;
    const id = randomUUID();
    return {
      merchantId,
      id,
      siteId,
      pspReference: `RFRL${id.replaceAll('-', '').slice(0, 16).toUpperCase()}`,
      amount,
      tipAmount: 0,
      currency: n % 5 === 0 ? 'EUR' : 'GBP',
      status: 'captured',
      source: PAYMENT_SOURCES[0] as string,
      createdAt: at,
    };
  };
  const refund = (
    tx: { merchantId: string; id: string; currency: string; amount: number },
    at: Date,
    status: string,
  ) => ({
    merchantId: tx.merchantId,
    id: randomUUID(),
    transactionId: tx.id,
    amount: 1 + (tx.amount % 97),
    currency: tx.currency,
    status,
    createdAt: at,
  });

  /** The roll-up as it is, and as grouping the succeeded refunds says it should be (zero buckets left out). */
  async function rollupAndTruth(merchantId: string) {
    const kept = (await t.app.db.execute(sql`
      select site_id, day::text, currency, count::int, amount::text
        from ${refundDailyTotals}
       where merchant_id = ${merchantId} and (count <> 0 or amount <> 0)
       order by 1, 2, 3`)) as unknown as { rows: unknown[] };
    const truth = (await t.app.db.execute(sql`
      select t.site_id, (r.created_at at time zone m.time_zone)::date::text as day, r.currency,
             count(*)::int as count, sum(r.amount)::text as amount
        from refunds r
        join transactions t on t.merchant_id = r.merchant_id and t.id = r.transaction_id
        join merchants m on m.id = r.merchant_id
       where r.merchant_id = ${merchantId} and r.status = 'succeeded'
       group by 1, 2, 3
       order by 1, 2, 3`)) as unknown as { rows: unknown[] };
    return { kept: kept.rows, truth: truth.rows };
  }

  it('follows refunds made many at once, their outcome, deletes, and their transactions moving or going', async () => {
    const start = Date.parse('2026-01-25T00:00:00Z');
    const payments = Array.from({ length: 120 }, (_, i) =>
      payment(
        w.merchantA,
        i % 2 ? w.siteA1 : w.siteA2,
        new Date(start + ((i * 5_171_000) % (30 * 86_400_000))),
        500 + ((i * 41) % 4000),
      ),
    );
    await t.app.db.insert(transactions).values(payments);
    const made = payments.flatMap((p, i) => [
      refund(
        p,
        new Date(p.createdAt.getTime() + ((i * 3_600_000) % (5 * 86_400_000))),
        REFUND_STATES[i % 3] as string,
      ),
      ...(i % 4 === 0 ? [refund(p, new Date(p.createdAt.getTime() + 86_400_000), 'succeeded')] : []),
    ]);
    await t.app.db.insert(refunds).values(made);
    let state = await rollupAndTruth(w.merchantA);
    expect(state.kept.length).toBeGreaterThan(20);
    expect(state.kept).toEqual(state.truth);

    // The PSP answers: pending ones succeed, some succeeded ones turn out failed; an update that changes only
    // updated_at or the reference moves nothing.
    await t.app.db
      .update(refunds)
      .set({ status: 'succeeded', updatedAt: new Date() })
      .where(sql`${refunds.merchantId} = ${w.merchantA} and ${refunds.status} = 'pending'`);
    await t.app.db
      .update(refunds)
      .set({ status: 'failed', failureReason: 'declined' })
      .where(
        sql`${refunds.merchantId} = ${w.merchantA} and ${refunds.amount} % 3 = 0 and ${refunds.status} = 'succeeded'`,
      );
    await t.app.db
      .update(refunds)
      .set({ createdAt: sql`${refunds.createdAt} + interval '20 hours'` })
      .where(sql`${refunds.merchantId} = ${w.merchantA} and ${refunds.amount} % 5 = 0`);
    await t.app.db.update(refunds).set({ updatedAt: new Date() }).where(eq(refunds.merchantId, w.merchantA));
    state = await rollupAndTruth(w.merchantA);
    expect(state.kept).toEqual(state.truth);

    // Transactions moved to another site take their refunds with them; deleted ones (refunds cascade) too.
    await t.app.db
      .update(transactions)
      .set({ siteId: w.siteA1 })
      .where(sql`${transactions.merchantId} = ${w.merchantA} and ${transactions.amount} % 3 = 1`);
    await t.app.db
      .delete(transactions)
      .where(sql`${transactions.merchantId} = ${w.merchantA} and ${transactions.amount} % 4 = 1`);
    await t.app.db
      .delete(refunds)
      .where(sql`${refunds.merchantId} = ${w.merchantA} and ${refunds.amount} % 7 = 2`);
    state = await rollupAndTruth(w.merchantA);
    expect(state.kept.length).toBeGreaterThan(10);
    expect(state.kept).toEqual(state.truth);
  });

  it("is kept by app_user's own writes under row-level security, which cannot write the roll-up itself", async () => {
    const tenantDb = createTenantDb(t.app.database);
    const paid = payment(w.merchantB, w.siteB1, new Date('2026-02-27T10:00:00Z'), 2000);
    await tenantDb.forMerchant(w.merchantB, async (tx) => {
      await tx.insert(transactions).values(paid);
      await tx.insert(refunds).values(refund(paid, new Date('2026-02-28T09:00:00Z'), 'pending'));
    });
    await tenantDb.forMerchant(w.merchantB, (tx) =>
      tx.update(refunds).set({ status: 'succeeded' }).where(eq(refunds.transactionId, paid.id)),
    );
    const state = await rollupAndTruth(w.merchantB);
    expect(state.kept).toEqual(state.truth);
    expect(state.kept).toHaveLength(1);
    await expect(
      tenantDb.forMerchant(w.merchantB, (tx) => tx.update(refundDailyTotals).set({ count: 999 })),
    ).rejects.toThrow();
    await expect(tenantDb.forMerchant(w.merchantB, (tx) => tx.delete(refundDailyTotals))).rejects.toThrow();
    // Another merchant's context sees none of it.
    const seen = await tenantDb.forMerchant(w.merchantA, (tx) =>
      tx.select().from(refundDailyTotals).where(eq(refundDailyTotals.merchantId, w.merchantB)),
    );
    expect(seen).toEqual([]);
  });

  it("rebuilds a merchant's days when its time zone changes", async () => {
    await t.app.db.update(merchants).set({ timeZone: 'Asia/Tokyo' }).where(eq(merchants.id, w.merchantA));
    const state = await rollupAndTruth(w.merchantA);
    expect(state.kept).toEqual(state.truth);
    await t.app.db.update(merchants).set({ timeZone: 'Europe/London' }).where(eq(merchants.id, w.merchantA));
    expect((await rollupAndTruth(w.merchantA)).kept).toEqual((await rollupAndTruth(w.merchantA)).truth);
  });

  it('gives the totals endpoint the plain sum of the refunds, for every site and for one', async () => {
    // Today (1 March, London) has succeeded refunds before and after the clock's noon: the later ones are not yet
    // in the period.
    const today = payment(w.merchantA, w.siteA2, new Date('2026-03-01T08:00:00Z'), 7000);
    today.currency = 'GBP';
    await t.app.db.insert(transactions).values(today);
    await t.app.db
      .insert(refunds)
      .values([
        refund(today, new Date('2026-03-01T09:00:00Z'), 'succeeded'),
        refund(today, new Date('2026-03-01T11:59:59Z'), 'succeeded'),
        refund(today, new Date('2026-03-01T12:30:00Z'), 'succeeded'),
      ]);
    const plain = async (siteId?: string) => {
      const result = (await t.app.db.execute(sql`
        select coalesce((select sum(amount) from transactions
                          where merchant_id = ${w.merchantA} and currency = 'GBP' and status in ('refund', 'unref-refund')
                            and created_at >= '2026-01-31T00:00:00Z' and created_at <= '2026-03-01T12:00:00Z'
                            ${siteId ? sql`and site_id = ${siteId}` : sql``}), 0)::int
             + coalesce((select sum(r.amount) from refunds r
                           join transactions t on t.merchant_id = r.merchant_id and t.id = r.transaction_id
                          where r.merchant_id = ${w.merchantA} and r.currency = 'GBP' and r.status = 'succeeded'
                            and r.created_at >= '2026-01-31T00:00:00Z' and r.created_at <= '2026-03-01T12:00:00Z'
                            ${siteId ? sql`and t.site_id = ${siteId}` : sql``}), 0)::int as refunded`)) as unknown as {
        rows: { refunded: number }[];
      };
      return result.rows[0]?.refunded;
    };
    for (const siteId of [undefined, w.siteA1, w.siteA2]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/merchants/${w.merchantA}/transactions/totals${siteId ? `?siteId=${siteId}` : ''}`,
        headers: w.headers('ownerA'),
      });
      expect(res.statusCode).toBe(200);
      const want = await plain(siteId);
      expect(want).toBeGreaterThan(0);
      expect(res.json().data.refundedAmount).toBe(want);
    }
  });
});
