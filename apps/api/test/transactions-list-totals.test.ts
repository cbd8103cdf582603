import { randomUUID } from 'node:crypto';
import { permissionsFromRoles } from '@mp/domain/permissions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantAccessContext } from '../src/access/route-access.ts';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { fixedClock } from '../src/clock.ts';
import { merchants, transactions } from '../src/db/schema/index.ts';
import { createTransactionsService } from '../src/modules/transactions/service.ts';
import {
  type AccessWorld,
  type ActorName,
  createAccessWorld,
  grant,
  insertSite,
  insertUser,
  PASSWORD,
} from './access-fixtures.ts';
import { pspRef } from './helpers/adyen.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { bearer, signIn } from './helpers/auth.ts';

// Issue 11 §5 / 16 §1: the list's per-currency totals of the filtered set come from the daily roll-up when every
// filter is a bucket key (days, site, status, source) and from the rows otherwise (card, amounts). Whichever way,
// they must equal the plain grouping of the rows the list pages through — after inserts, status and site
// changes, deletes and a time zone change, at the merchant's midnight on both sides of a clock change.
describe('transactions list totals (the daily roll-up against the rows)', () => {
  let t: TestApp;
  let w: AccessWorld;
  /** A third site of merchant A, and a manager of sites A1 and A2 (several of A's sites, not all). */
  let siteA3: string;
  let twoSites: { authorization: string };
  const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
  type Caller = ActorName | 'managerA1A2';

  const list = (actor: Caller, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/merchants/${w.merchantA}/transactions?includeTotals=true&${query}`,
      headers: actor === 'managerA1A2' ? twoSites : w.headers(actor),
    });

  /** The plain grouping of the rows: the merchant's days [first, last] in its zone, as PostgreSQL reads them. */
  async function expected(
    first: string,
    last: string,
    where: {
      siteIds?: string[];
      status?: string;
      source?: string;
      lastFour?: string;
      bin?: string;
      minAmount?: number;
    },
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
          where.bin ? sql`${transactions.cardBin} like ${`${where.bin}%`}` : undefined,
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
      actor?: Caller;
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
      // Several of the merchant's sites, not all: the roll-up's buckets of those two, the rows of those two.
      {
        actor: 'managerA1A2',
        query: '',
        first: '2026-01-31',
        last: '2026-03-01',
        where: { siteIds: [w.siteA1, w.siteA2] },
      },
      {
        actor: 'managerA1A2',
        query: 'status=refunded',
        first: '2026-01-31',
        last: '2026-03-01',
        where: { siteIds: [w.siteA1, w.siteA2], status: 'refunded' },
      },
      {
        actor: 'managerA1A2',
        query: 'card=4242',
        first: '2026-01-31',
        last: '2026-03-01',
        where: { siteIds: [w.siteA1, w.siteA2], lastFour: '4242' },
      },
      // Around the clock change of 2025-10-26 (BST → GMT) and the midnight rows either side of 1 October.
      { query: 'from=2025-10-01&to=2025-10-26', first: '2025-10-01', last: '2025-10-26', where: {} },
      { query: 'from=2025-09-01&to=2026-03-01', first: '2025-09-01', last: '2026-03-01', where: {} },
      { query: 'from=2026-03-02&to=2026-03-05', first: '2026-03-02', last: '2026-03-05', where: {} },
      // Not in the roll-up: read from the rows.
      { query: 'card=4242', first: '2026-01-31', last: '2026-03-01', where: { lastFour: '4242' } },
      { query: 'minAmount=150', first: '2026-01-31', last: '2026-03-01', where: { minAmount: 150 } },
      // A BIN: the stored BINs that start with it (6 and 8 digits), not its neighbours'.
      { query: 'card=424242', first: '2026-01-31', last: '2026-03-01', where: { bin: '424242' } },
      { query: 'card=424241', first: '2026-01-31', last: '2026-03-01', where: { bin: '424241' } },
      { query: 'card=424243', first: '2026-01-31', last: '2026-03-01', where: { bin: '424243' } },
    ];
    let compared = 0;
    for (const c of cases) {
      const response = await list(c.actor ?? 'ownerA', c.query);
      expect(response.statusCode, c.query).toBe(200);
      const want = await expected(c.first, c.last, c.where);
      expect(response.json().totals, `${c.actor ?? 'ownerA'} ${c.query}`).toEqual(want);
      // And the page holds rows of those sites only (some, when the totals count any).
      if (c.where.siteIds && want.length > 0) {
        const pageSites = new Set(response.json().data.map((row: { siteId: string }) => row.siteId));
        expect(pageSites.size, `${c.actor ?? 'ownerA'} ${c.query}`).toBeGreaterThan(0);
        for (const site of pageSites) expect(c.where.siteIds).toContain(site);
      }
      compared += want.length;
    }
    return compared;
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'TxTotals');
    siteA3 = await insertSite(t.app.db, w.merchantA, 'TxTotals-a3');
    const manager = await insertUser(t.app.db, 'txtotals.managera1a2@example.com', ['Merchants']);
    await grant(
      t.app.db,
      w.merchantA,
      manager,
      [],
      [
        { siteId: w.siteA1, role: 'SiteManager' },
        { siteId: w.siteA2, role: 'SiteManager' },
      ],
    );
    twoSites = bearer(await signIn(t.app, 'txtotals.managera1a2@example.com', PASSWORD));
    const statuses = ['captured', 'refunded', 'failed', 'captured', 'partially-refunded'];
    const sources = ['adyen-terminal', 'pay-by-link', 'tap-to-pay'];
    const rows: (typeof transactions.$inferInsert)[] = [];
    // 400 payments from 2025-08-20 to 2026-03-01, every ~11 hours, at the three sites, in GBP and EUR.
    for (let i = 0; i < 400; i++) {
      rows.push({
        merchantId: w.merchantA,
        siteId: i % 3 === 0 ? w.siteA2 : i % 3 === 1 ? w.siteA1 : siteA3,
        pspReference: pspRef(),
        amount: 100 + i,
        tipAmount: i % 7,
        currency: i % 5 === 0 ? 'EUR' : 'GBP',
        status: statuses[i % statuses.length] ?? 'captured',
        source: sources[i % sources.length] ?? 'adyen-terminal',
        cardScheme: 'visa',
        // 6 and 8 digits, and a neighbour BIN either side.
        cardBin: i % 6 === 0 ? '42424299' : i % 11 === 0 ? '424241' : i % 13 === 0 ? '42424300' : '424242',
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

  it('answers 404 for a site that is not the merchant’s, with the totals (one statement with the page)', async () => {
    await list('ownerA', ''); // the merchant's zone known: the site's page is sent with the access check
    for (const siteId of [w.siteB1, randomUUID()]) {
      const response = await list('ownerA', `siteId=${siteId}`);
      expect(response.statusCode, siteId).toBe(404);
      expect(response.json().data).toBeUndefined();
    }
    expect((await list('managerA2', `siteId=${w.siteA1}`)).statusCode).toBe(404);
    const own = (await list('managerA1A2', `siteId=${w.siteA2}`)).json();
    expect(own.data.length).toBeGreaterThan(0);
    expect(new Set(own.data.map((row: { siteId: string }) => row.siteId))).toEqual(new Set([w.siteA2]));
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

  it('does not answer a page sent with the access check for another day, or for every site to a site manager', async () => {
    // The page and totals sent ahead (`listRead`) were made at 23:59:59 New York time on 1 March; the answer is
    // made on 2 March, whose 30 days end later: it must show the payment taken just after midnight.
    await t.app.db
      .update(merchants)
      .set({ timeZone: 'America/New_York' })
      .where(eq(merchants.id, w.merchantA));
    const own = fixedClock(new Date('2026-03-02T04:59:59Z'));
    const tenantDb = createTenantDb(t.app.database);
    const service = createTransactionsService({ tenantDb, clock: own });
    const [merchant] = await t.app.db.select().from(merchants).where(eq(merchants.id, w.merchantA));
    if (!merchant) throw new Error('no merchant A');
    const owner = {
      merchant,
      merchantId: w.merchantA,
      isStaff: false,
      isMember: true,
      permissions: permissionsFromRoles({ companyRoles: ['CompanyOwner'], siteRoles: [] }),
    } as unknown as MerchantAccessContext;
    const manager = {
      ...owner,
      permissions: permissionsFromRoles({
        companyRoles: [],
        siteRoles: [{ siteId: w.siteA1, roles: ['SiteManager'] }],
      }),
    } as MerchantAccessContext;
    const query = { includeTotals: 'true' as const };
    const [late] = await t.app.db
      .insert(transactions)
      .values({
        merchantId: w.merchantA,
        siteId: siteA3,
        pspReference: pspRef(),
        amount: 321,
        tipAmount: 0,
        currency: 'GBP',
        status: 'captured',
        source: 'adyen-terminal',
        createdAt: new Date('2026-03-02T05:00:30Z'),
      })
      .returning({ id: transactions.id });
    try {
      const before = await service.list(owner, query); // and the merchant's zone is known to `listRead`
      expect(before.range.to).toBe('2026-03-01');
      const read = service.listRead(w.merchantA, query);
      if (!read) throw new Error('no statement sent ahead');
      const sent = await tenantDb.forMerchant(w.merchantA, read);
      // 51 rows: the page and the first of the next (whether a next page follows).
      expect(sent.rows.slice(0, 50).map((row) => row.id)).toEqual(before.data.map((row) => row.id));

      // A site manager's page is never the company's page sent ahead.
      const managed = await service.list(manager, query, () => Promise.resolve(sent));
      expect(managed).toEqual(await service.list(manager, query));
      expect(new Set(managed.data.map((row) => row.siteId))).toEqual(new Set([w.siteA1]));

      own.set(new Date('2026-03-02T05:01:00Z'));
      const after = await service.list(owner, query, () => Promise.resolve(sent));
      expect(after.range.to).toBe('2026-03-02');
      expect(after.data[0]?.id).toBe(late?.id);
      expect(after).toEqual(await service.list(owner, query));
    } finally {
      if (late) await t.app.db.delete(transactions).where(eq(transactions.id, late.id));
    }
  });
});
