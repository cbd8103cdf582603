import { PAYMENT_SOURCES, PAYOUT_FAILURE_CODES, TRANSACTION_STATUSES } from '@mp/domain/enums';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { Database } from '../src/db/client.ts';
import { DEMO_SIGN_INS } from '../src/db/demo/sign-ins.ts';
import {
  devices,
  merchantMemberships,
  merchants,
  payoutDays,
  payouts,
  refunds,
  siteRoleGrants,
  sites,
  transactions,
  userGroups,
  users,
} from '../src/db/schema/index.ts';
import { type DemoWorld, isDatabaseEmpty, seedDemoWorld } from '../src/db/seed.ts';
import { totpCode } from '../src/identity/totp.ts';
import { createTestApp } from './helpers/app.ts';
import { bearer } from './helpers/auth.ts';
import { createTestDatabase } from './helpers/database.ts';

const NOW = new Date('2026-03-02T12:00:00Z');

/**
 * As `npm start` does after seeding (issue 15), the demo staff user gets the authenticator app whose key
 * DEMO_SIGN_INS prints; the sign-in then takes the password and a code computed from that key.
 */
async function demoStaffSignIn(app: Awaited<ReturnType<typeof createTestApp>>['app']): Promise<string> {
  const { email, password, totpSecret = '' } = DEMO_SIGN_INS.staff;
  const [staff] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await app.identity.enrolDemoTotp(staff?.id ?? '', totpSecret);
  const step1 = await app.inject({
    method: 'POST',
    url: '/api/identity/sign-in',
    payload: { email, password },
  });
  expect(step1.json().data.challenge).toBe('SECOND_FACTOR_REQUIRED');
  const step2 = await app.inject({
    method: 'POST',
    url: '/api/identity/sign-in/second-factor',
    payload: { email, session: step1.json().data.session, code: totpCode(totpSecret, NOW) },
  });
  expect(step2.statusCode).toBe(200);
  return step2.json().data.accessToken as string;
}

describe('demo world seed', () => {
  let database: Database;
  let world: DemoWorld;
  beforeAll(async () => {
    database = await createTestDatabase();
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    world = await seedDemoWorld(database.db, { now: NOW });
  }, 180_000);
  afterAll(() => database.close());

  it('leaves the database no longer empty', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it('creates two staff users (one without two-factor yet), per merchant an owner and a site manager, and a group owner of both', async () => {
    const rows = await database.db
      .select({ email: users.email, group: userGroups.groupName })
      .from(users)
      .innerJoin(userGroups, eq(userGroups.userId, users.id))
      .orderBy(users.email);
    expect(rows).toEqual([
      { email: 'group.owner@example.com', group: 'Merchants' },
      { email: 'manager.fr@example.com', group: 'Merchants' },
      { email: 'manager.gb@example.com', group: 'Merchants' },
      { email: 'new.staff@example.com', group: 'Staff' },
      { email: 'owner.fr@example.com', group: 'Merchants' },
      { email: 'owner.gb@example.com', group: 'Merchants' },
      { email: 'staff@example.com', group: 'Staff' },
    ]);
    const memberships = await database.db.select().from(merchantMemberships);
    const owners = memberships.filter((m) => m.companyRoles.includes('CompanyOwner'));
    expect(owners).toHaveLength(4);
    expect(world.signIns.map((s) => s.email)).toContain(DEMO_SIGN_INS.groupOwner.email);
    const [groupOwner] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_SIGN_INS.groupOwner.email));
    expect(
      owners
        .filter((m) => m.userId === groupOwner?.id)
        .map((m) => m.merchantId)
        .sort(),
    ).toEqual(world.merchants.map((m) => m.merchantId).sort());
    const grants = await database.db.select().from(siteRoleGrants);
    expect(grants).toHaveLength(2);
    expect(grants.every((g) => g.role === 'SiteManager')).toBe(true);
  });

  it('creates a GB merchant in GBP and a FR merchant in EUR, verified and active', async () => {
    const rows = await database.db
      .select({
        country: merchants.country,
        currency: merchants.currency,
        timeZone: merchants.timeZone,
        status: merchants.status,
        kyc: merchants.kycOnboardingStatus,
      })
      .from(merchants)
      .orderBy(merchants.country);
    expect(rows).toEqual([
      { country: 'FR', currency: 'EUR', timeZone: 'Europe/Paris', status: 'active', kyc: 'verified' },
      { country: 'GB', currency: 'GBP', timeZone: 'Europe/London', status: 'active', kyc: 'verified' },
    ]);
  });

  it('creates three sites and devices of both models', async () => {
    const [siteCount] = await database.db.select({ n: count() }).from(sites);
    expect(siteCount?.n).toBe(3);
    const models = await database.db
      .selectDistinct({ model: devices.model })
      .from(devices)
      .orderBy(devices.model);
    expect(models.map((m) => m.model)).toEqual(['with-printer', 'without-printer']);
  });

  it('creates about 2,000 transactions over the last 90 days in every status and source', async () => {
    const [stats] = await database.db
      .select({
        n: count(),
        first: sql<string>`min(${transactions.createdAt})`,
        last: sql<string>`max(${transactions.createdAt})`,
      })
      .from(transactions);
    expect(stats?.n).toBe(2000);
    expect(new Date(stats?.first ?? '').getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 90 * 86_400_000);
    expect(new Date(stats?.last ?? '').getTime()).toBeLessThanOrEqual(NOW.getTime());

    const byStatus = await database.db
      .select({ status: transactions.status, n: count() })
      .from(transactions)
      .groupBy(transactions.status);
    expect(byStatus.map((r) => r.status).sort()).toEqual([...TRANSACTION_STATUSES].sort());
    expect(byStatus.every((r) => r.n > 0)).toBe(true);

    const bySource = await database.db
      .select({ source: transactions.source, n: count() })
      .from(transactions)
      .groupBy(transactions.source);
    expect(bySource.map((r) => r.source).sort()).toEqual([...PAYMENT_SOURCES].sort());
    // Each merchant has its own share of every status.
    const perMerchant = await database.db
      .select({
        merchantId: transactions.merchantId,
        statuses: sql<number>`count(distinct ${transactions.status})`,
      })
      .from(transactions)
      .groupBy(transactions.merchantId);
    expect(perMerchant.map((r) => Number(r.statuses))).toEqual([14, 14]);
  });

  it('keeps only the BIN and last four of a card', async () => {
    const [bad] = await database.db
      .select({ n: count() })
      .from(transactions)
      .where(sql`${transactions.cardBin} !~ '^[0-9]{6,8}$' or ${transactions.cardLastFour} !~ '^[0-9]{4}$'`);
    expect(bad?.n).toBe(0);
  });

  it('refunds refunded and partially refunded transactions within their amount', async () => {
    const rows = await database.db
      .select({
        status: transactions.status,
        amount: transactions.amount,
        refunded: sql<string>`coalesce(sum(${refunds.amount}) filter (where ${refunds.status} <> 'failed'), 0)`,
      })
      .from(transactions)
      .leftJoin(refunds, eq(refunds.transactionId, transactions.id))
      .where(sql`${transactions.status} in ('refunded', 'partially-refunded')`)
      .groupBy(transactions.merchantId, transactions.id);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const refunded = Number(row.refunded);
      if (row.status === 'refunded') expect(refunded).toBe(row.amount);
      else {
        expect(refunded).toBeGreaterThan(0);
        expect(refunded).toBeLessThan(row.amount);
      }
    }
    expect(world.counts.refunds).toBeGreaterThan(0);
  });

  it('pays out per site and day, each payout the sum of its ledger entries', async () => {
    const rows = await database.db
      .select({
        amount: payouts.amount,
        status: payouts.status,
        entries: sql<string>`(select coalesce(sum(l.amount), 0) from ledger_entries l
          where l.merchant_id = ${payouts}.merchant_id and l.payout_id = ${payouts}.id)`,
      })
      .from(payouts);
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      expect(Number(row.entries)).toBe(row.amount);
      expect(row.amount).toBeGreaterThan(0);
    }
    expect([...new Set(rows.map((r) => r.status))]).toEqual(expect.arrayContaining(['completed', 'pending']));
    // The simulated bank failed some first attempts; each was retried the next business day and kept its reason
    // (stored as one of the bank's failure codes, which the API and the portal word in each language).
    const retried = await database.db
      .select({ status: payouts.status, failureReason: payouts.failureReason })
      .from(payouts)
      .where(sql`${payouts.attempts} > 1`);
    expect(retried.length).toBeGreaterThan(0);
    for (const row of retried) expect(PAYOUT_FAILURE_CODES).toContain(row.failureReason);
    // Every closed trading day of every site has its daily summary, and the days a payout took along add up
    // to it (a carried negative day included).
    const days = await database.db
      .select({
        payoutId: payoutDays.payoutId,
        net: sql<string>`sum(${payoutDays.netAmount})`,
      })
      .from(payoutDays)
      .groupBy(payoutDays.payoutId);
    const byPayout = new Map(days.map((d) => [d.payoutId, Number(d.net)]));
    const amounts = await database.db.select({ id: payouts.id, amount: payouts.amount }).from(payouts);
    for (const payout of amounts) expect(byPayout.get(payout.id)).toBe(payout.amount);
  });

  it("lets staff update a fresh demo merchant's rates today (SPEC §8's once-a-day rule is not already spent)", async () => {
    const { app } = await createTestApp({ database, clock: fixedClock(NOW) });
    try {
      const headers = bearer(await demoStaffSignIn(app));
      for (const { merchantId } of world.merchants) {
        const url = `/api/v1/merchants/${merchantId}/rates`;
        const read = await app.inject({ method: 'GET', url, headers });
        expect(read.statusCode).toBe(200);
        const { current, ...rest } = read.json().data;
        expect(rest.canUpdateToday).toBe(true);
        // Set before the demo's 90 days of transactions, not at the moment of seeding.
        expect(Date.parse(current.updatedAt)).toBeLessThanOrEqual(NOW.getTime() - 90 * 86_400_000);
        expect(current.effectiveFrom < NOW.toISOString().slice(0, 10)).toBe(true);
        const update = await app.inject({
          method: 'PUT',
          url,
          headers,
          payload: {
            domesticPercent: 1.35,
            eeaPercent: current.eeaPercent,
            globalPercent: current.globalPercent,
            amexPercent: current.amexPercent,
            otherPercent: current.otherPercent,
            tapToPayPercent: current.tapToPayPercent,
            fixedFee: current.fixedFee,
            deviceRentalMonthly: current.deviceRentalMonthly,
            settlementType: current.settlementType,
            contractEndDate: current.contractEndDate,
            backfill: current.backfill,
            discounts: rest.discounts,
            monthlyFees: rest.monthlyFees,
            credits: rest.credits,
            feeDestination: rest.feeDestination,
            tradingHours: rest.tradingHours,
          },
        });
        expect(update.statusCode, update.body).toBe(200);
        expect(update.json().data).toMatchObject({
          current: { domesticPercent: 1.35, effectiveFrom: '2026-03-02' },
          canUpdateToday: false,
        });
      }
    } finally {
      await app.close();
    }
  });

  it('is deterministic for a seed and a moment', { timeout: 180_000 }, async () => {
    const other = await createTestDatabase();
    try {
      await seedDemoWorld(other.db, { now: NOW });
      const pick = (db: Database) =>
        db.db
          .select({ id: transactions.id, psp: transactions.pspReference, amount: transactions.amount })
          .from(transactions)
          .orderBy(transactions.id)
          .limit(20);
      expect(await pick(other)).toEqual(await pick(database));
      // The rows made by the jobs' own code too (their ids come from column defaults): same ids, same order of a
      // day's payouts, same invoice outcomes (the visual e2e suite's screenshots rely on it).
      const made = (db: Database) =>
        db.db.execute(sql`
          select 'payout' as kind, id::text, payout_date::text as day, amount::text as value from payouts
          union all
          select 'invoice', id::text, number, status from invoices
          order by 1, 2`);
      const first = ((await made(database)) as unknown as { rows: unknown[] }).rows;
      expect(first.length).toBeGreaterThan(10);
      expect(((await made(other)) as unknown as { rows: unknown[] }).rows).toEqual(first);
      // …and the defaults are the database's random ones again once the seed is done.
      const defaults = await other.db.execute(sql`
        select distinct column_default from information_schema.columns
         where table_schema = 'public' and table_name in ('payouts', 'invoices', 'eod_reports') and column_name = 'id'`);
      expect((defaults as unknown as { rows: unknown[] }).rows).toEqual([
        { column_default: 'gen_random_uuid()' },
      ]);
    } finally {
      await other.close();
    }
  });
});
