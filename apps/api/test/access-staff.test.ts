import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantDb } from '../src/access/tenant-db.ts';
import { fixedClock } from '../src/clock.ts';
import { auditLog, merchants } from '../src/db/schema/index.ts';
import { applyDueChurns } from '../src/modules/staff/churn-job.ts';
import { type AccessWorld, createAccessWorld, PASSWORD } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { bearer, signIn } from './helpers/auth.ts';

const rates = {
  domesticPercent: 1.1,
  eeaPercent: 1.4,
  globalPercent: 2.4,
  amexPercent: 2.8,
  otherPercent: 2.8,
  tapToPayPercent: 1.25,
  deviceRentalMonthly: 1999,
  settlementType: 'gross',
  contractEndDate: '2027-12-31',
  backfill: true,
  discounts: [{ description: 'Launch', percent: 10, durationMonths: 3, startsOn: '2026-03-01' }],
  monthlyFees: [{ description: 'Service', amount: 500, startsOn: '2026-03-01', endsOn: null }],
  credits: [{ description: 'Goodwill', amount: 2500, startsOn: '2026-03-01' }],
  feeDestination: 'main account',
  tradingHours: { monday: [{ opens: '08:00', closes: '18:00' }] },
};

describe('staff powers, company settings and the audit log', () => {
  let t: TestApp;
  let w: AccessWorld;
  const clock = fixedClock(new Date('2026-03-01T10:00:00Z'));
  const url = (path = '') => `/api/v1/merchants/${w.merchantA}${path}`;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    w = await createAccessWorld(t.app, 'Staff');
  });
  afterAll(() => t.close());

  it('lets staff search merchants by name, records the search, and answers 404 to anyone else', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/merchants/staff-search?name=staff%20alpha',
      headers: w.headers('staff'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { merchantId: string }) => m.merchantId)).toEqual([w.merchantA]);
    const owner = await t.app.inject({
      method: 'GET',
      url: '/api/v1/merchants/staff-search?name=alpha',
      headers: w.headers('ownerA'),
    });
    expect(owner.statusCode).toBe(404);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.search'));
    expect(entry).toMatchObject({
      actorUserId: w.users.staff.id,
      after: { name: 'staff alpha', results: 1 },
    });
  });

  it("shows staff the merchant-less staff entries (searches, deals) newest first in keyset pages, never a person's own sign-in entries or a merchant's; 404 to anyone else", async () => {
    const staffLog = (query = '', actor: 'staff' | 'ownerA' = 'staff') =>
      t.app.inject({ url: `/api/v1/staff/audit-log${query}`, headers: w.headers(actor) });
    const otherStaff = randomUUID();
    // Entries the staff log must not show: a person's own (identity), and one of a merchant.
    await t.database.db.insert(auditLog).values([
      {
        actorUserId: w.users.staff.id,
        actingAs: 'member',
        action: 'identity.password.changed',
        at: new Date('2026-02-01T09:00:00Z'),
      },
      {
        merchantId: w.merchantA,
        actorUserId: w.users.staff.id,
        actingAs: 'staff',
        action: 'merchant.block',
        at: new Date('2026-02-01T09:00:00Z'),
      },
      ...Array.from({ length: 51 }, (_, index) => ({
        actorUserId: otherStaff,
        actorEmail: 'other.staff@example.com',
        actingAs: 'staff',
        action: 'deal.create' as const,
        entityType: 'deal',
        after: { reference: `DL-${index}` },
        at: new Date(Date.UTC(2026, 0, 1, 9, index)),
      })),
    ]);

    const first = await staffLog();
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.data).toHaveLength(50);
    // Newest first: this test's search (1 March), then the deals from 09:50 down.
    expect(page.data[0]).toMatchObject({ action: 'staff.search', actingAs: 'staff', after: { results: 1 } });
    expect(page.data[1]).toMatchObject({ action: 'deal.create', after: { reference: 'DL-50' } });
    expect(page.data.map((entry: { action: string }) => entry.action)).not.toContain(
      'identity.password.changed',
    );
    expect(page.data.map((entry: { action: string }) => entry.action)).not.toContain('merchant.block');
    const second = (await staffLog(`?lastKey=${encodeURIComponent(page.lastKey)}`)).json();
    expect(second.data.map((entry: { after: { reference: string } }) => entry.after.reference)).toEqual([
      'DL-1',
      'DL-0',
    ]);
    expect(second.lastKey).toBeNull();

    // Filtered by person and by date.
    const bySearcher = (await staffLog(`?actorId=${w.users.staff.id}`)).json().data;
    expect(bySearcher.map((entry: { action: string }) => entry.action)).toEqual(['staff.search']);
    const window = (await staffLog('?from=2026-01-01T09:10:00.000Z&to=2026-01-01T09:12:00.000Z')).json().data;
    expect(window.map((entry: { after: { reference: string } }) => entry.after.reference)).toEqual([
      'DL-12',
      'DL-11',
      'DL-10',
    ]);
    const backwards = await staffLog('?from=2026-01-02T00:00:00.000Z&to=2026-01-01T00:00:00.000Z');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.details[0]).toMatchObject({ field: 'to' });
    const forged = await staffLog('?lastKey=not-a-key');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.details[0]).toMatchObject({ field: 'lastKey' });

    // Nobody but staff: a company owner gets 404.
    expect((await staffLog('', 'ownerA')).statusCode).toBe(404);

    // The person filter's choices: who appears in this log, by name; the entry's e-mail for an account that is
    // gone; never someone who appears only in a merchant's log or in their own identity entries.
    const people = (who: 'staff' | 'ownerA') =>
      t.app.inject({ url: '/api/v1/staff/audit-log/people', headers: w.headers(who) });
    const listed = await people('staff');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      { userId: otherStaff, email: 'other.staff@example.com', firstName: null, lastName: null },
      {
        userId: w.users.staff.id,
        email: w.users.staff.email,
        firstName: w.users.staff.email.split('@')[0],
        lastName: 'Tester',
      },
    ]);
    expect((await people('ownerA')).statusCode).toBe(404);
  });

  it('starts an override only with a reason, for 60 minutes, and audits every action under it with both identities', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: url('/override'),
      headers: w.headers('staff'),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0]).toMatchObject({ field: 'reason', rule: 'validation.required' });
    const res = await t.app.inject({
      method: 'POST',
      url: url('/override'),
      headers: w.headers('staff'),
      payload: { reason: 'Ticket 4411: rates review' },
    });
    expect(res.statusCode).toBe(201);
    const override = res.json().data;
    expect(override.expiresAt).toBe('2026-03-01T11:00:00.000Z');
    const banner = await t.app.inject({ method: 'GET', url: url('/override'), headers: w.headers('staff') });
    expect(banner.json().data).toMatchObject({
      overrideId: override.overrideId,
      reason: 'Ticket 4411: rates review',
    });

    await t.app.inject({ method: 'GET', url: url('/users'), headers: w.headers('staff') });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantId, w.merchantA), eq(auditLog.action, 'staff.request')));
    expect(entries).toContainEqual(
      expect.objectContaining({
        actorUserId: w.users.staff.id,
        actingAs: 'staff-override',
        overrideId: override.overrideId,
        entityId: 'GET /api/v1/merchants/:id/users',
      }),
    );
    const owner = await t.app.inject({
      method: 'POST',
      url: url('/override'),
      headers: w.headers('ownerA'),
      payload: { reason: 'x' },
    });
    expect(owner.statusCode).toBe(404);
  });

  it('shows rates to the owner, lets only staff change them, once a day ("Rates cannot be updated today; come back tomorrow")', async () => {
    const read = await t.app.inject({ method: 'GET', url: url('/rates'), headers: w.headers('ownerA') });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ current: { domesticPercent: 1.2 }, canUpdateToday: true });
    const byOwner = await t.app.inject({
      method: 'PUT',
      url: url('/rates'),
      headers: w.headers('ownerA'),
      payload: rates,
    });
    expect(byOwner.statusCode).toBe(404);
    const zeroFee = await t.app.inject({
      method: 'PUT',
      url: url('/rates'),
      headers: w.headers('staff'),
      payload: {
        ...rates,
        monthlyFees: [{ description: 'Service', amount: 0, startsOn: '2026-03-01', endsOn: null }],
      },
    });
    expect(zeroFee.statusCode).toBe(400);
    expect(zeroFee.json().error.details[0]).toMatchObject({
      field: 'monthlyFees.0.amount',
      rule: 'validation.monthlyFeePositive',
    });

    // The domain's rate rule (SPEC §3 rates: 0 to 100, at most 4 decimals), its key as the rule.
    const tooPrecise = await t.app.inject({
      method: 'PUT',
      url: url('/rates'),
      headers: w.headers('staff'),
      payload: { ...rates, domesticPercent: 1.23456, amexPercent: 100.0001 },
    });
    expect(tooPrecise.statusCode).toBe(400);
    expect(tooPrecise.json().error.details).toEqual([
      {
        field: 'domesticPercent',
        rule: 'validation.ratePercentInvalid',
        message: 'Enter a percentage from 0 to 100 with at most 4 decimal places',
      },
      {
        field: 'amexPercent',
        rule: 'validation.ratePercentInvalid',
        message: 'Enter a percentage from 0 to 100 with at most 4 decimal places',
      },
    ]);

    const res = await t.app.inject({
      method: 'PUT',
      url: url('/rates'),
      headers: w.headers('staff'),
      payload: rates,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      current: { domesticPercent: 1.1, settlementType: 'gross', effectiveFrom: '2026-03-01' },
      monthlyFees: [{ amount: 500 }],
      feeDestination: 'main account',
      canUpdateToday: false,
    });
    const again = await t.app.inject({
      method: 'PUT',
      url: url('/rates'),
      headers: w.headers('staff'),
      payload: rates,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'RATES_ALREADY_UPDATED_TODAY',
      message: 'Rates cannot be updated today; come back tomorrow',
    });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'rates.update'));
    expect(entry).toMatchObject({
      actingAs: 'staff-override',
      before: { current: { domesticPercent: 1.2 } },
    });
  });

  it('associates a deal, which only staff may do (deals.test.ts has the copy and the un-signing)', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/deals',
      headers: w.headers('staff'),
      payload: {
        name: 'Staff test deal',
        currency: 'GBP',
        domesticPercent: 1,
        eeaPercent: 1.4,
        globalPercent: 2,
        amexPercent: 2.5,
        otherPercent: 2.5,
        tapToPayPercent: 1.1,
        deviceRentalMonthly: 1200,
        validUntil: '2099-12-31',
      },
    });
    const { reference } = made.json().data;
    // The rates were replaced today by the test above: once a day, like any rates change.
    const res = await t.app.inject({
      method: 'POST',
      url: url(`/rates/associate?dealReference=${reference}`),
      headers: w.headers('staff'),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('RATES_ALREADY_UPDATED_TODAY');
    const owner = await t.app.inject({
      method: 'POST',
      url: url(`/rates/associate?dealReference=${reference}`),
      headers: w.headers('ownerA'),
    });
    expect(owner.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'POST',
      url: url('/rates/associate'),
      headers: w.headers('staff'),
    });
    expect(missing.statusCode).toBe(400);
  });

  it('lets the owner change company details, checking the registration number for the country', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: w.headers('ownerA'),
      payload: { legalEntityName: 'Staff Alpha Trading Ltd', registrationNumber: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toMatchObject({
      field: 'registrationNumber',
      message: 'Please enter a valid registration number',
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: w.headers('ownerA'),
      payload: { legalEntityName: 'Staff Alpha Trading Ltd', registrationNumber: '01234567' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.legalEntityName).toBe('Staff Alpha Trading Ltd');
    const byManager = await t.app.inject({
      method: 'PUT',
      url: url(),
      headers: w.headers('managerA1'),
      payload: { legalEntityName: 'Hijack Ltd' },
    });
    expect(byManager.statusCode).toBe(404);
  });

  it('blocks and unblocks (status shows blocked meanwhile)', async () => {
    const block = await t.app.inject({
      method: 'POST',
      url: url('/block'),
      headers: w.headers('staff'),
      payload: { reason: 'Fraud check' },
    });
    expect(block.json().data.status).toBe('blocked');
    const unblock = await t.app.inject({ method: 'POST', url: url('/unblock'), headers: w.headers('staff') });
    expect(unblock.json().data.status).toBe('active');
  });

  it('lets the owner read the audit log, filtered by person, and not a site manager', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url(`/audit-log?actorId=${w.users.staff.id}`),
      headers: w.headers('ownerA'),
    });
    expect(res.statusCode).toBe(200);
    const actions = res.json().data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['override.start', 'rates.update', 'merchant.block', 'merchant.unblock']),
    );
    expect(
      res.json().data.every((e: { actor: { userId: string } }) => e.actor.userId === w.users.staff.id),
    ).toBe(true);
    const manager = await t.app.inject({
      method: 'GET',
      url: url('/audit-log'),
      headers: w.headers('managerA1'),
    });
    expect(manager.statusCode).toBe(404);
    const badKey = await t.app.inject({
      method: 'GET',
      url: url('/audit-log?lastKey=nonsense'),
      headers: w.headers('ownerA'),
    });
    expect(badKey.statusCode).toBe(400);
  });

  it('ends the override on request', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: url('/override'), headers: w.headers('staff') });
    expect(res.statusCode).toBe(204);
    const banner = await t.app.inject({ method: 'GET', url: url('/override'), headers: w.headers('staff') });
    expect(banner.json().data).toBeNull();
  });

  it('transfers the merchant to a new owner by e-mail; the previous owner loses access', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url('/transfer'),
      headers: w.headers('staff'),
      payload: { email: 'buyer@example.com' },
    });
    expect(res.statusCode).toBe(200);
    const previous = await t.app.inject({ method: 'GET', url: url('/users'), headers: w.headers('ownerA') });
    expect(previous.statusCode).toBe(404);
    const users = await t.app.inject({ method: 'GET', url: url('/users'), headers: w.headers('staff') });
    expect(users.json().data).toContainEqual(
      expect.objectContaining({
        email: 'buyer@example.com',
        companyRoles: ['CompanyOwner'],
        status: 'pending',
      }),
    );
    // Issue 8 §1: the new account has no name yet, so the e-mail greets by address, never "Hello ,".
    const mail = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=buyer@example.com' });
    const [message] = mail.json().data;
    expect(message.text).toMatch(/^Hello buyer@example\.com,\n/);
    expect(message.text).not.toContain('Hello ,');
  });

  it('never transfers a merchant to a staff account (409), and changes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url('/transfer'),
      headers: w.headers('staff'),
      payload: { email: w.users.staff.email },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'STAFF_ACCOUNT',
      message: 'Staff accounts of the provider cannot be invited into a company or managed by one.',
    });
    const users = await t.app.inject({ method: 'GET', url: url('/users'), headers: w.headers('staff') });
    expect(users.json().data.map((u: { email: string }) => u.email)).not.toContain(w.users.staff.email);
  });

  it('churns after 30 days plus the delay: the effective date is stored, the status follows when it comes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url('/churn'),
      headers: w.headers('staff'),
      payload: { delayDays: 5 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.churnEffectiveAt).toBe('2026-04-05T10:00:00.000Z');
    expect(res.json().data.merchant.status).toBe('active');
    clock.advance(36 * 86_400_000);
    // The hourly churn job (jobs.test.ts runs it through the queue).
    expect(await applyDueChurns({ tenantDb: createTenantDb(t.database), clock })).toBe(1);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'merchant.churned'));
    expect(entry).toMatchObject({
      merchantId: w.merchantA,
      actingAs: 'system',
      after: { status: 'churned' },
    });
  });

  it('churns a due merchant once when two sweeps run at the same time: one status change, one audit entry', async () => {
    const now = clock.now();
    await t.database.db
      .update(merchants)
      .set({ churnRequestedAt: now, churnDelayDays: 0, churnEffectiveAt: new Date(now.getTime() - 1000) })
      .where(eq(merchants.id, w.merchantB));
    const tenantDb = createTenantDb(t.database);
    const counts = await Promise.all([
      applyDueChurns({ tenantDb, clock }),
      applyDueChurns({ tenantDb, clock }),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const churned = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'merchant.churned'), eq(auditLog.merchantId, w.merchantB)));
    expect(churned).toHaveLength(1);
    expect(churned[0]?.before).toEqual({ status: 'active' });
  });

  it('refuses to deactivate a churned company (409), so the churn sweep never flips it back and audits it again', async () => {
    // Merchant B churned in the test above; the clock moved on 36 days, so its owner signs in again.
    const owner = bearer(await signIn(t.app, w.users.ownerB.email, PASSWORD));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/merchants/${w.merchantB}/deactivate`,
      headers: owner,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'ALREADY_CHURNED',
      message: 'This company has churned, so it cannot be deactivated.',
    });
    const [merchant] = await t.database.db.select().from(merchants).where(eq(merchants.id, w.merchantB));
    expect(merchant?.status).toBe('churned');
    clock.advance(3_600_000);
    expect(await applyDueChurns({ tenantDb: createTenantDb(t.database), clock })).toBe(0);
    const churned = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'merchant.churned'), eq(auditLog.merchantId, w.merchantB)));
    expect(churned).toHaveLength(1);
    const deactivations = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.deactivate'), eq(auditLog.merchantId, w.merchantB)));
    expect(deactivations).toEqual([]);
  });
});
