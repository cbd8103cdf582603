import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { refunds, transactions } from '../src/db/schema/index.ts';
import { type AccessWorld, type ActorName, createAccessWorld } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 11 §4: GET /v1/merchants/{id}/transactions/dashboard, the home's last 30 days per currency and day, and
// by source; narrowed to the caller's sites like the totals (docs/decisions/0083).
describe('transaction dashboard', () => {
  let t: TestApp;
  let w: AccessWorld;
  // Today is 1 March in London; the period is 31 January to 1 March.
  const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));

  const payment = (
    merchantId: string,
    siteId: string,
    amount: number,
    status: string,
    at: string,
    source: string,
    extra: { tipAmount?: number; currency?: string } = {},
  ) => {
    const id = randomUUID();
    return {
      merchantId,
      id,
      siteId,
      pspReference: `DASH${id.replaceAll('-', '').slice(0, 16).toUpperCase()}`,
      amount,
      tipAmount: extra.tipAmount ?? 0,
      currency: extra.currency ?? 'GBP',
      status,
      source,
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
    w = await createAccessWorld(t.app, 'Dashboard');
    const { merchantA: a, merchantB: b, siteA1, siteA2, siteB1 } = w;
    const old = payment(a, siteA1, 9999, 'captured', '2026-01-10T10:00:00Z', 'adyen-terminal');
    const refunded = payment(a, siteA1, 500, 'refunded', '2026-02-21T10:00:00Z', 'pay-by-link');
    const onA2 = payment(a, siteA2, 4000, 'partially-refunded', '2026-02-26T10:00:00Z', 'tap-to-pay');
    await t.app.db.insert(transactions).values([
      old,
      refunded,
      onA2,
      payment(a, siteA1, 1000, 'captured', '2026-02-20T10:00:00Z', 'adyen-terminal', { tipAmount: 100 }),
      payment(a, siteA1, 700, 'failed', '2026-02-23T10:00:00Z', 'tap-to-pay'),
      // Before the period (30 January in London) and its first instant (31 January).
      payment(a, siteA1, 10, 'captured', '2026-01-30T23:59:59Z', 'adyen-terminal'),
      payment(a, siteA1, 20, 'captured', '2026-01-31T00:00:00Z', 'adyen-terminal'),
      payment(a, siteA1, 5000, 'captured', '2026-02-20T10:00:00Z', 'pay-by-link', { currency: 'EUR' }),
      payment(a, siteA2, 250, 'unref-refund', '2026-02-27T10:00:00Z', 'adyen-terminal'),
      payment(b, siteB1, 8888, 'captured', '2026-02-20T10:00:00Z', 'adyen-terminal'),
    ]);
    await t.app.db.insert(refunds).values([
      refund(refunded, 500, 'succeeded', '2026-02-22T10:00:00Z'),
      // A refund counts on the day the money went back, even for a payment taken before the period.
      refund(old, 99, 'succeeded', '2026-02-15T10:00:00Z'),
      refund(onA2, 300, 'succeeded', '2026-02-28T23:30:00Z'),
      refund(onA2, 200, 'pending', '2026-02-28T23:40:00Z'),
      refund(onA2, 100, 'failed', '2026-02-28T23:50:00Z'),
    ]);
  });
  afterAll(() => t.close());

  const get = (actor: ActorName, query = '', merchantId = w.merchantA, path = 'dashboard') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${merchantId}/transactions/${path}${query}`,
      headers: w.headers(actor),
    });

  type Day = { day: string; count: number; capturedAmount: number; refundedAmount: number };
  type Currency = {
    currency: string;
    days: Day[];
    bySource: { source: string; count: number; capturedAmount: number }[];
  };
  /** The days with anything in them, and the sums over the period. */
  const summary = (currency: Currency) => ({
    busyDays: currency.days.filter((d) => d.count || d.capturedAmount || d.refundedAmount),
    count: currency.days.reduce((sum, d) => sum + d.count, 0),
    capturedAmount: currency.days.reduce((sum, d) => sum + d.capturedAmount, 0),
    refundedAmount: currency.days.reduce((sum, d) => sum + d.refundedAmount, 0),
  });

  it('gives the owner every day of the last 30 per currency, and the figures by source, over every site', async () => {
    const res = await get('ownerA');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { startDate: string; endDate: string; currencies: Currency[] };
    expect(data.startDate).toBe('2026-01-31');
    expect(data.endDate).toBe('2026-03-01');
    expect(data.currencies.map((c) => c.currency)).toEqual(['GBP', 'EUR']);
    const [gbp, eur] = data.currencies as [Currency, Currency];
    expect(gbp.days).toHaveLength(30);
    expect(gbp.days[0]?.day).toBe('2026-01-31');
    expect(gbp.days[29]?.day).toBe('2026-03-01');
    expect(summary(gbp).busyDays).toEqual([
      { day: '2026-01-31', count: 1, capturedAmount: 20, refundedAmount: 0 },
      { day: '2026-02-15', count: 0, capturedAmount: 0, refundedAmount: 99 },
      { day: '2026-02-20', count: 1, capturedAmount: 1100, refundedAmount: 0 },
      { day: '2026-02-21', count: 1, capturedAmount: 500, refundedAmount: 0 },
      { day: '2026-02-22', count: 0, capturedAmount: 0, refundedAmount: 500 },
      { day: '2026-02-23', count: 1, capturedAmount: 0, refundedAmount: 0 },
      { day: '2026-02-26', count: 1, capturedAmount: 4000, refundedAmount: 0 },
      { day: '2026-02-27', count: 1, capturedAmount: 0, refundedAmount: 250 },
      { day: '2026-02-28', count: 0, capturedAmount: 0, refundedAmount: 300 },
    ]);
    expect(gbp.bySource).toEqual([
      { source: 'adyen-terminal', count: 3, capturedAmount: 1120 },
      { source: 'pay-by-link', count: 1, capturedAmount: 500 },
      { source: 'tap-to-pay', count: 2, capturedAmount: 4000 },
    ]);
    expect(summary(eur).busyDays).toEqual([
      { day: '2026-02-20', count: 1, capturedAmount: 5000, refundedAmount: 0 },
    ]);
    expect(eur.bySource).toEqual([
      { source: 'adyen-terminal', count: 0, capturedAmount: 0 },
      { source: 'pay-by-link', count: 1, capturedAmount: 5000 },
      { source: 'tap-to-pay', count: 0, capturedAmount: 0 },
    ]);
  });

  it("adds up to the totals endpoint's figures in the merchant's currency, for an owner and a site manager", async () => {
    for (const actor of ['ownerA', 'managerA1', 'managerA2'] as const) {
      const gbp = (await get(actor)).json().data.currencies[0] as Currency;
      const totals = (await get(actor, '', w.merchantA, 'totals')).json().data;
      const sums = summary(gbp);
      expect({
        count: sums.count,
        capturedAmount: sums.capturedAmount,
        refundedAmount: sums.refundedAmount,
      }).toEqual({
        count: totals.count,
        capturedAmount: totals.capturedAmount,
        refundedAmount: totals.refundedAmount,
      });
    }
  });

  it("gives a site manager their own sites' figures only", async () => {
    const a1 = (await get('managerA1')).json().data as { currencies: Currency[] };
    expect(a1.currencies.map((c) => c.currency)).toEqual(['GBP', 'EUR']);
    const gbp = a1.currencies[0] as Currency;
    expect(summary(gbp)).toMatchObject({ count: 4, capturedAmount: 1620, refundedAmount: 599 });
    expect(gbp.bySource).toEqual([
      { source: 'adyen-terminal', count: 2, capturedAmount: 1120 },
      { source: 'pay-by-link', count: 1, capturedAmount: 500 },
      { source: 'tap-to-pay', count: 1, capturedAmount: 0 },
    ]);

    const a2 = (await get('managerA2')).json().data as { currencies: Currency[] };
    // Nothing in euros on site A2: only the merchant's currency, and none of site A1's payments or refunds.
    expect(a2.currencies.map((c) => c.currency)).toEqual(['GBP']);
    expect(summary(a2.currencies[0] as Currency)).toEqual({
      busyDays: [
        { day: '2026-02-26', count: 1, capturedAmount: 4000, refundedAmount: 0 },
        { day: '2026-02-27', count: 1, capturedAmount: 0, refundedAmount: 250 },
        { day: '2026-02-28', count: 0, capturedAmount: 0, refundedAmount: 300 },
      ],
      count: 2,
      capturedAmount: 4000,
      refundedAmount: 550,
    });
    expect((a2.currencies[0] as Currency).bySource).toEqual([
      { source: 'adyen-terminal', count: 1, capturedAmount: 0 },
      { source: 'pay-by-link', count: 0, capturedAmount: 0 },
      { source: 'tap-to-pay', count: 1, capturedAmount: 4000 },
    ]);
  });

  it('narrows an owner to one site on request', async () => {
    const gbp = (await get('ownerA', `?siteId=${w.siteA2}`)).json().data.currencies[0] as Currency;
    expect(summary(gbp)).toMatchObject({ count: 2, capturedAmount: 4000, refundedAmount: 550 });
  });

  it("answers 404 for another merchant, another site's manager, a foreign site; 400 naming siteId", async () => {
    expect((await get('ownerB')).statusCode).toBe(404);
    expect((await get('managerA1', `?siteId=${w.siteA2}`)).statusCode).toBe(404);
    const foreign = await get('ownerA', `?siteId=${w.siteB1}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Site not found');
    const bad = await get('ownerA', '?siteId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toMatchObject({ field: 'siteId' });
    const b = (await get('ownerB', '', w.merchantB)).json().data.currencies[0] as Currency;
    expect(summary(b)).toMatchObject({ count: 1, capturedAmount: 8888, refundedAmount: 0 });
  });
});
