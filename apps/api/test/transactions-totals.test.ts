import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantAccessContext } from '../src/access/route-access.ts';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { fixedClock } from '../src/clock.ts';
import { merchants, refunds, transactions } from '../src/db/schema/index.ts';
import { createTransactionsService } from '../src/modules/transactions/service.ts';
import { type AccessWorld, type ActorName, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// SPEC §7 GET /v1/merchants/{id}/transactions/totals, with the counting rules of modules/transactions/service.ts.
describe('transaction totals', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));

  const payment = (
    merchantId: string,
    siteId: string,
    amount: number,
    status: string,
    at: string,
    extra: { tipAmount?: number; currency?: string } = {},
  ) => {
    const id = randomUUID();
    return {
      merchantId,
      id,
      siteId,
      pspReference: `TOT${id.replaceAll('-', '').slice(0, 16).toUpperCase()}`,
      amount,
      tipAmount: extra.tipAmount ?? 0,
      currency: extra.currency ?? 'GBP',
      status,
      source: 'adyen-terminal',
      createdAt: new Date(at),
    };
  };
  const refund = (of: { merchantId: string; id: string }, amount: number, status: string, at: string) => ({
    merchantId: of.merchantId,
    transactionId: of.id,
    amount,
    currency: 'GBP',
    status,
    createdAt: new Date(at),
  });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'Totals');
    const { merchantA: a, merchantB: b, siteA1, siteA2, siteB1 } = w;
    const old = payment(a, siteA1, 9999, 'captured', '2026-01-10T10:00:00Z');
    const refunded = payment(a, siteA1, 500, 'refunded', '2026-02-21T10:00:00Z');
    const partly = payment(a, siteA1, 2000, 'partially-refunded', '2026-02-24T10:00:00Z');
    const rows = [
      old,
      refunded,
      partly,
      payment(a, siteA1, 1000, 'captured', '2026-02-20T10:00:00Z', { tipAmount: 100 }),
      payment(a, siteA1, 700, 'failed', '2026-02-23T10:00:00Z'),
      // The default period starts at midnight London time on 31 January (today and the 29 days before).
      payment(a, siteA1, 10, 'captured', '2026-01-30T23:59:59Z'),
      payment(a, siteA1, 20, 'captured', '2026-01-31T00:00:00Z'),
      payment(a, siteA1, 5000, 'captured', '2026-02-20T10:00:00Z', { currency: 'EUR' }),
      payment(a, siteA2, 4000, 'captured', '2026-02-26T10:00:00Z'),
      payment(a, siteA2, 250, 'unref-refund', '2026-02-27T10:00:00Z'),
      payment(b, siteB1, 8888, 'captured', '2026-02-20T10:00:00Z'),
    ];
    await t.app.db.insert(transactions).values(rows);
    await t.app.db.insert(refunds).values([
      refund(refunded, 500, 'succeeded', '2026-02-22T10:00:00Z'),
      refund(partly, 300, 'succeeded', '2026-02-25T10:00:00Z'),
      refund(partly, 200, 'pending', '2026-02-25T11:00:00Z'),
      // A refund made in the period of a payment taken before it counts: money paid back in the period.
      refund(old, 99, 'succeeded', '2026-02-15T10:00:00Z'),
    ]);
  });
  afterAll(() => t.close());

  const totals = (actor: ActorName, query = '', merchantId = w.merchantA) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${merchantId}/transactions/totals${query}`,
      headers: w.headers(actor),
    });

  it("sums the owner's last 30 days over every site, in the merchant's currency", async () => {
    const res = await totals('ownerA');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        currency: 'GBP',
        startDate: '2026-01-31',
        count: 7,
        capturedAmount: 7620,
        refundedAmount: 1149,
        netAmount: 6471,
      },
    });
  });

  it('gives a site manager totals over their own sites only', async () => {
    // After an owner's request, so that the every-site statement leaves with the manager's access check too
    // (decision 0099): it must be dropped for a caller who may not list every site, whatever ran before.
    expect((await totals('ownerA')).statusCode).toBe(200);
    const res = await totals('managerA1');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      count: 5,
      capturedAmount: 3620,
      refundedAmount: 899,
      netAmount: 2721,
    });
  });

  it("answers 404 to a site manager asking for a site they do not hold, and to another merchant's owner", async () => {
    const other = await totals('managerA1', `?siteId=${w.siteA2}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toEqual({ code: 'NOT_FOUND', message: 'Merchant not found' });
    expect((await totals('ownerB')).statusCode).toBe(404);
  });

  it('narrows to one site on request, and answers 404 for a site of another merchant', async () => {
    const res = await totals('ownerA', `?siteId=${w.siteA2}`);
    expect(res.json().data).toMatchObject({
      count: 2,
      capturedAmount: 4000,
      refundedAmount: 250,
      netAmount: 3750,
    });
    const foreign = await totals('ownerA', `?siteId=${w.siteB1}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Site not found');
  });

  it('counts from an explicit start date', async () => {
    const res = await totals('ownerA', '?startDate=2026-01-01');
    expect(res.json().data).toEqual({
      currency: 'GBP',
      startDate: '2026-01-01',
      count: 9,
      capturedAmount: 17_629,
      refundedAmount: 1149,
      netAmount: 16_480,
    });
  });

  it("never counts another merchant's transactions; staff reach any merchant", async () => {
    const b = await totals('ownerB', '', w.merchantB);
    expect(b.json().data).toMatchObject({
      count: 1,
      capturedAmount: 8888,
      refundedAmount: 0,
      netAmount: 8888,
    });
    const staff = await totals('staff');
    expect(staff.json().data).toMatchObject({ count: 7, capturedAmount: 7620 });
  });

  it('refuses a start more than 6 months back, after today, or not a date (SPEC §5)', async () => {
    const tooFar = await totals('ownerA', '?startDate=2025-08-31');
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().error.details).toEqual([
      {
        field: 'startDate',
        rule: 'validation.dateRangeTooLarge',
        message: 'Date range too large. Please select a range of 6 months or less.',
      },
    ]);
    expect((await totals('ownerA', '?startDate=2025-09-01')).statusCode).toBe(200);
    const future = await totals('ownerA', '?startDate=2026-03-02');
    expect(future.statusCode).toBe(400);
    expect(future.json().error.details[0]).toMatchObject({
      field: 'startDate',
      rule: 'validation.dateRangeOrder',
    });
    const notADate = await totals('ownerA', '?startDate=2026-02-30');
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().error.details[0]).toMatchObject({
      field: 'startDate',
      rule: 'validation.dateInvalid',
    });
    const badSite = await totals('ownerA', '?siteId=nope');
    expect(badSite.statusCode).toBe(400);
    expect(badSite.json().error.details[0]).toMatchObject({ field: 'siteId' });
  });
  // Every site's totals come from the roll-up per day, currency and status, one site's from the one per site and
  // source: the company's sums must stay the sum of its sites' through status changes, moves and deletes.
  it("keeps the company's sums equal to the sum of its sites' after status changes, a move between sites and a delete", async () => {
    const data = async (query = '') => (await totals('ownerA', query)).json().data;
    const bySites = async () => {
      const [one, two] = [await data(`?siteId=${w.siteA1}`), await data(`?siteId=${w.siteA2}`)];
      return {
        count: one.count + two.count,
        capturedAmount: one.capturedAmount + two.capturedAmount,
        refundedAmount: one.refundedAmount + two.refundedAmount,
      };
    };
    const before = await data();
    expect(before).toMatchObject(await bySites());
    const extra = payment(w.merchantA, w.siteA1, 1234, 'pending', '2026-02-28T09:00:00Z', { tipAmount: 66 });
    await t.app.db.insert(transactions).values(extra);
    try {
      await t.app.db.update(transactions).set({ status: 'captured' }).where(eq(transactions.id, extra.id));
      const captured = await data();
      expect(captured).toMatchObject({
        count: before.count + 1,
        capturedAmount: before.capturedAmount + 1300,
        refundedAmount: before.refundedAmount,
      });
      expect(captured).toMatchObject(await bySites());
      await t.app.db
        .update(transactions)
        .set({ siteId: w.siteA2, status: 'refund' })
        .where(eq(transactions.id, extra.id));
      const moved = await data();
      expect(moved).toMatchObject({
        count: before.count + 1,
        capturedAmount: before.capturedAmount,
        refundedAmount: before.refundedAmount + 1234,
      });
      expect(moved).toMatchObject(await bySites());
    } finally {
      await t.app.db.delete(transactions).where(eq(transactions.id, extra.id));
    }
    expect(await data()).toEqual(before);
    expect(before).toMatchObject(await bySites());
  });
  // The totals' statement leaves with the access check when the merchant's currency and time zone are known from
  // an earlier request (decision 0099); it must never answer for a currency, zone or period it was not made for.
  it("answers the same sums again, and follows a change of the merchant's currency and time zone at the next request", async () => {
    const first = await totals('ownerA');
    const again = await totals('ownerA');
    expect(again.json()).toEqual(first.json());
    const since = await totals('ownerA', '?startDate=2026-01-01');
    expect(since.json().data).toMatchObject({ startDate: '2026-01-01', count: 9, capturedAmount: 17_629 });
    // Kiritimati is 14 hours ahead: at 12:00 UTC on 1 March it is already 2 March there.
    await t.app.db
      .update(merchants)
      .set({ currency: 'EUR', timeZone: 'Pacific/Kiritimati' })
      .where(eq(merchants.id, w.merchantA));
    try {
      const moved = await totals('ownerA');
      expect(moved.json().data).toEqual({
        currency: 'EUR',
        startDate: '2026-02-01',
        count: 1,
        capturedAmount: 5000,
        refundedAmount: 0,
        netAmount: 5000,
      });
      expect((await totals('ownerA')).json()).toEqual(moved.json());
      expect((await totals('managerA2')).json().data).toMatchObject({ currency: 'EUR', count: 0 });
    } finally {
      await t.app.db
        .update(merchants)
        .set({ currency: 'GBP', timeZone: 'Europe/London' })
        .where(eq(merchants.id, w.merchantA));
    }
    expect((await totals('ownerA')).json()).toEqual(first.json());
  });
  it("does not answer the sums sent with the access check when the merchant's midnight passed before the answer", async () => {
    // The sums sent ahead (`totalsRead`) were made at 23:59:59 London time on 1 March; the answer is made on
    // 2 March, whose period ends later: it must count the payment taken just after midnight.
    const own = fixedClock(new Date('2026-03-01T23:59:59Z'));
    const tenantDb = createTenantDb(t.app.database);
    const service = createTransactionsService({ tenantDb, clock: own });
    const [merchant] = await t.app.db.select().from(merchants).where(eq(merchants.id, w.merchantA));
    if (!merchant) throw new Error('no merchant A');
    const access = {
      merchant,
      merchantId: w.merchantA,
      isStaff: true,
      isMember: false,
      permissions: { companyScoped: [], siteScoped: [] },
    } as unknown as MerchantAccessContext;
    const query = { startDate: '2026-02-01' };
    const late = payment(w.merchantA, w.siteA1, 321, 'captured', '2026-03-02T00:00:30Z');
    await t.app.db.insert(transactions).values(late);
    try {
      const before = await service.totals(access, query); // and the merchant's zone is known to `totalsRead`
      const read = service.totalsRead(w.merchantA, query);
      if (!read) throw new Error('no statement sent ahead');
      const sent = await tenantDb.forMerchant(w.merchantA, read);
      own.set(new Date('2026-03-02T00:01:00Z'));
      const after = await service.totals(access, query, () => Promise.resolve(sent));
      expect(after).toEqual({
        ...before,
        count: before.count + 1,
        capturedAmount: before.capturedAmount + 321,
        netAmount: before.netAmount + 321,
      });
      expect(after).toEqual(await service.totals(access, query));
    } finally {
      await t.app.db.delete(transactions).where(eq(transactions.id, late.id));
    }
  });
});
