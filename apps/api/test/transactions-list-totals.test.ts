import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { merchants, transactions } from '../src/db/schema/index.ts';
import { type AccessWorld, type ActorName, createAccessWorld } from './access-fixtures.ts';
import { pspRef } from './helpers/adyen.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

// Issue 11 §5 / 16 §1: the list's per-currency totals of the filtered set come from the daily roll-up when every
// filter is a bucket key (days, site, status, source) and from the rows otherwise (card, amounts). Whichever way,
// they must equal the plain grouping of the rows the list pages through — after inserts, status and site
// changes, deletes and a time zone change, at the merchant's midnight on both sides of a clock change.
describe('transactions list totals (the daily roll-up against the rows)', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));

  const list = (actor: ActorName, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}/transactions?includeTotals=true&${query}`,
      headers: w.headers(actor),
    });

  /** The plain grouping of the rows: the merchant's days [first, last] in its zone, as PostgreSQL reads them. */
  async function expected(
    first: string,
    last: string,
    where: { siteIds?: string[]; status?: string; source?: string; lastFour?: string; minAmount?: number },
  ) {
    const [merchant] = await t.app.db
      .select({ timeZone: merchants.timeZone })
      .from(merchants)
      .where(eq(merchants.id, w.merchantA));
    const zone = merchant?.timeZone ?? 'Europe/London';
    const rows = await t.app.db
      .select({
        currency: transactions.currency,
        count: sql<number>`count(*)::int`,
        amount: sql<string>`sum(${transactions.amount})::text`,
        tipAmount: sql<string>`sum(${transactions.tipAmount})::text`,
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.merchantId, w.merchantA),
          sql`(${transactions.createdAt} at time zone ${zone})::date between ${first}::date and ${last}::date`,
          where.siteIds ? inArray(transactions.siteId, where.siteIds) : undefined,
          where.status ? eq(transactions.status, where.status) : undefined,
          where.source ? eq(transactions.source, where.source) : undefined,
          where.lastFour ? eq(transactions.cardLastFour, where.lastFour) : undefined,
          where.minAmount !== undefined ? sql`${transactions.amount} >= ${where.minAmount}` : undefined,
        ),
      )
      .groupBy(transactions.currency)
      .orderBy(transactions.currency);
    return rows.map((row) => ({ ...row, amount: Number(row.amount), tipAmount: Number(row.tipAmount) }));
  }

  /** Every filter the list takes, against the rows; returns how many currencies were compared (not nothing). */
  async function compareAll(): Promise<number> {
    const cases: {
      actor?: ActorName;
      query: string;
      first: string;
      last: string;
      where: Parameters<typeof expected>[2];
    }[] = [
      { query: '', first: '2026-01-31', last: '2026-03-01', where: {} },
      { query: 'status=refunded', first: '2026-01-31', last: '2026-03-01', where: { status: 'refunded' } },
      {
        query: 'source=pay-by-link',
        first: '2026-01-31',
        last: '2026-03-01',
        where: { source: 'pay-by-link' },
      },
      {
        query: `siteId=${w.siteA2}`,
        first: '2026-01-31',
        last: '2026-03-01',
        where: { siteIds: [w.siteA2] },
      },
      {
        query: `siteId=${w.siteA1}&status=captured&source=adyen-terminal`,
        first: '2026-01-31',
        last: '2026-03-01',
        where: { siteIds: [w.siteA1], status: 'captured', source: 'adyen-terminal' },
      },
      {
        actor: 'managerA2',
        query: '',
        first: '2026-01-31',
        last: '2026-03-01',
        where: { siteIds: [w.siteA2] },
      },
      // Around the clock change of 2025-10-26 (BST → GMT) and the midnight rows either side of 1 October.
      { query: 'from=2025-10-01&to=2025-10-26', first: '2025-10-01', last: '2025-10-26', where: {} },
      { query: 'from=2025-09-01&to=2026-03-01', first: '2025-09-01', last: '2026-03-01', where: {} },
      { query: 'from=2026-03-02&to=2026-03-05', first: '2026-03-02', last: '2026-03-05', where: {} },
      // Not in the roll-up: read from the rows.
      { query: 'card=4242', first: '2026-01-31', last: '2026-03-01', where: { lastFour: '4242' } },
      { query: 'minAmount=150', first: '2026-01-31', last: '2026-03-01', where: { minAmount: 150 } },
    ];
    let compared = 0;
    for (const c of cases) {
      const response = await list(c.actor ?? 'ownerA', c.query);
      expect(response.statusCode, c.query).toBe(200);
      const want = await expected(c.first, c.last, c.where);
      expect(response.json().totals, `${c.actor ?? 'ownerA'} ${c.query}`).toEqual(want);
      compared += want.length;
    }
    return compared;
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'TxTotals');
    const statuses = ['captured', 'refunded', 'failed', 'captured', 'partially-refunded'];
    const sources = ['adyen-terminal', 'pay-by-link', 'tap-to-pay'];
    const rows: (typeof transactions.$inferInsert)[] = [];
    // 400 payments from 2025-08-20 to 2026-03-01, every ~11 hours, at both sites, in GBP and EUR.
    for (let i = 0; i < 400; i++) {
      rows.push({
        merchantId: w.merchantA,
        siteId: i % 3 === 0 ? w.siteA2 : w.siteA1,
        pspReference: pspRef(),
        amount: 100 + i,
        tipAmount: i % 7,
        currency: i % 5 === 0 ? 'EUR' : 'GBP',
        status: statuses[i % statuses.length] ?? 'captured',
        source: sources[i % sources.length] ?? 'adyen-terminal',
        cardScheme: 'visa',
        cardBin: '424242',
        cardLastFour: i % 4 === 0 ? '4242' : '1881',
        createdAt: new Date(Date.parse('2026-03-01T11:00:00Z') - i * 11 * 3_600_000 - (i % 13) * 60_000),
      });
    }
    // At London's midnight: 1 October (BST: 23:00 UTC the day before) and 31 January (GMT), a millisecond either side.
    for (const at of [
      '2025-09-30T22:59:59.999Z',
      '2025-09-30T23:00:00.000Z',
      '2026-01-30T23:59:59.999Z',
      '2026-01-31T00:00:00.000Z',
      '2025-10-26T23:59:59.999Z',
      '2025-10-27T00:00:00.000Z',
    ])
      rows.push({
        merchantId: w.merchantA,
        siteId: w.siteA1,
        pspReference: pspRef(),
        amount: 7777,
        tipAmount: 1,
        currency: 'GBP',
        status: 'captured',
        source: 'adyen-terminal',
        cardScheme: 'visa',
        cardBin: '424242',
        cardLastFour: '4242',
        createdAt: new Date(at),
      });
    // A currency whose only payment is deleted again: its bucket stays with a zero count.
    rows.push({ ...(rows[0] as typeof transactions.$inferInsert), pspReference: pspRef(), currency: 'USD' });
    // And one of another merchant, which no filter of A's may count.
    rows.push({
      ...(rows[1] as typeof transactions.$inferInsert),
      merchantId: w.merchantB,
      siteId: w.siteB1,
      pspReference: pspRef(),
    });
    await t.app.db.insert(transactions).values(rows);
  });
  afterAll(() => t.close());

  it('equals the rows’ sums for every filter on fresh rows', async () => {
    expect(await compareAll()).toBeGreaterThan(10);
  });

  it('still does after status changes, site moves, deletes and a time zone change', async () => {
    const db = t.app.db;
    await db
      .update(transactions)
      .set({ status: 'refunded' })
      .where(and(eq(transactions.merchantId, w.merchantA), sql`${transactions.amount} % 3 = 0`));
    await db
      .update(transactions)
      .set({ siteId: w.siteA2, source: 'tap-to-pay' })
      .where(and(eq(transactions.merchantId, w.merchantA), sql`${transactions.amount} % 5 = 1`));
    await db
      .delete(transactions)
      .where(
        and(
          eq(transactions.merchantId, w.merchantA),
          sql`(${transactions.amount} % 11 = 0 or ${transactions.currency} = 'USD')`,
        ),
      );
    expect(await compareAll()).toBeGreaterThan(10);
    // No USD left, and its emptied bucket is not a currency of the totals.
    const all = (await list('ownerA', 'from=2025-09-01&to=2026-03-01')).json();
    expect(all.totals.map((row: { currency: string }) => row.currency)).toEqual(['EUR', 'GBP']);

    // A new zone rebuilds the roll-up's days; the list's days are the new zone's.
    await db.update(merchants).set({ timeZone: 'America/New_York' }).where(eq(merchants.id, w.merchantA));
    expect(await compareAll()).toBeGreaterThan(10);
  });
});
