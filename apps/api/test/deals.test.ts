import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  billingAdjustments,
  billingSettings,
  deals,
  merchants,
  onboardingApplications,
  rates,
  userGroups,
  users,
} from '../src/db/schema/index.ts';
import { hashPassword } from '../src/identity/passwords.ts';
import { DEAL_LOOKUPS_PER_MINUTE } from '../src/modules/deals/routes.ts';
import { type AccessWorld, createAccessWorld, PASSWORD } from './access-fixtures.ts';
import { bearer, signIn } from './helpers/auth.ts';
import { createIdentityTestApp, signUpConfirmed } from './identity-test-app.ts';

type TestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;

// The test clock starts on 2026-03-02 (UTC).
const DEAL = {
  name: 'Harbour spring offer',
  currency: 'GBP',
  domesticPercent: 0.99,
  eeaPercent: 1.25,
  globalPercent: 1.95,
  amexPercent: 2.1,
  otherPercent: 2.2,
  tapToPayPercent: 0.89,
  fixedFee: 5,
  deviceRentalMonthly: 999,
  settlementType: 'gross',
  contractMonths: 12,
  monthlyFees: [{ description: 'Loyalty app', amount: 450 }],
  discounts: [{ description: 'First quarter', percent: 10, durationMonths: 3 }],
  validUntil: '2026-03-31',
};

const company = {
  entityType: 'company',
  country: 'GB',
  legalEntityName: 'Deal Harbour Ltd',
  registrationNumber: '01234567',
  industry: '5812',
  phone: '+44 20 7946 0000',
};
const dealPayments = { pricing: 'deal', acceptedPaymentMethods: ['in-person'], billingPaymentMethod: 'card' };
const site = {
  name: 'Deal Main',
  address: { line1: '1 Quay Street', city: 'Bristol', postalCode: 'bs1 4aa', country: 'GB' },
};

describe('deals (decision 0079): staff make them, onboarding and associate copy them into rates', () => {
  let t: TestApp;
  let w: AccessWorld;

  const call = (
    actor: keyof AccessWorld['tokens'] | Record<string, string> | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: actor === null ? {} : typeof actor === 'string' ? w.headers(actor) : actor,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = async (overrides: object = {}) => {
    const res = await call('staff', 'POST', '/api/v1/staff/deals', { ...DEAL, ...overrides });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { reference: string; state: string };
  };
  /** Ages a deal past its last day (yesterday), as the calendar would. */
  const expireDeal = (reference: string) =>
    t.app.db.update(deals).set({ validUntil: '2026-03-01' }).where(eq(deals.reference, reference));
  const dealCount = async () => (await t.app.db.select({ id: deals.id }).from(deals)).length;

  async function newApplicant(name: string) {
    return bearer(await signUpConfirmed(t, `${name}@deals.test`, PASSWORD));
  }

  async function applyWithDeal(headers: Record<string, string>, dealReference: string) {
    const started = await call(headers, 'POST', '/api/v1/onboarding/applications', { dealReference });
    expect(started.statusCode, started.body).toBe(201);
    const { applicationId } = started.json().data;
    return call(headers, 'POST', '/api/v1/customer-accounts', {
      applicationId,
      company,
      payments: dealPayments,
      site,
    });
  }

  beforeAll(async () => {
    t = await createIdentityTestApp();
    w = await createAccessWorld(t.app, 'Deals');
  });
  afterAll(() => t.close());

  it('hides the staff routes from merchants (404), asks staff for a second factor, and refuses anonymous callers', async () => {
    for (const actor of ['ownerA', 'managerA1'] as const) {
      expect((await call(actor, 'GET', '/api/v1/staff/deals')).statusCode).toBe(404);
      expect((await call(actor, 'POST', '/api/v1/staff/deals', DEAL)).statusCode).toBe(404);
      expect(
        (await call(actor, 'PUT', '/api/v1/staff/deals/DL-ABCDE', { status: 'withdrawn' })).statusCode,
      ).toBe(404);
    }
    // Staff whose session passed no second factor (issue 15) are refused, like on every staff route.
    const id = randomUUID();
    await t.app.db.insert(users).values({
      id,
      userId: id,
      email: 'plain.staff@deals.test',
      firstName: 'Plain',
      lastName: 'Staff',
      passwordHash: await hashPassword(PASSWORD),
      status: 'confirmed',
      emailVerified: true,
    });
    await t.app.db.insert(userGroups).values({ userId: id, groupName: 'Staff' });
    const plain = bearer(await signIn(t.app, 'plain.staff@deals.test', PASSWORD));
    for (const [method, url, payload] of [
      ['GET', '/api/v1/staff/deals', undefined],
      ['POST', '/api/v1/staff/deals', DEAL],
      ['PUT', '/api/v1/staff/deals/DL-ABCDE', { status: 'withdrawn' }],
    ] as const) {
      const res = await call(plain, method, url, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    }
    expect((await call(null, 'GET', '/api/v1/staff/deals')).statusCode).toBe(401);
    expect(await dealCount()).toBe(0);
  });

  it('refuses bad input with a 400 naming the field, writing nothing', async () => {
    const cases: [object, string, string][] = [
      [{ domesticPercent: 101 }, 'domesticPercent', 'validation.ratePercentInvalid'],
      [{ eeaPercent: -1 }, 'eeaPercent', 'validation.ratePercentInvalid'],
      [{ amexPercent: 1.23456 }, 'amexPercent', 'validation.ratePercentInvalid'],
      [{ tapToPayPercent: '1.2' }, 'tapToPayPercent', 'validation.ratePercentInvalid'],
      [{ currency: 'USD' }, 'currency', 'validation.dealCurrencyInvalid'],
      [{ validUntil: '2026-03-01' }, 'validUntil', 'validation.dealValidUntilPast'],
      [{ validUntil: '31/03/2026' }, 'validUntil', 'validation.dateInvalid'],
      [{ name: '  ' }, 'name', 'validation.required'],
      [{ deviceRentalMonthly: 9.5 }, 'deviceRentalMonthly', 'validation.amountInvalid'],
      [
        { monthlyFees: [{ description: 'Fee', amount: 0 }] },
        'monthlyFees.0.amount',
        'validation.monthlyFeePositive',
      ],
      [
        { discounts: [{ description: 'D', percent: 0, durationMonths: 3 }] },
        'discounts.0.percent',
        'validation.ratePercentInvalid',
      ],
      [{ contractMonths: 0 }, 'contractMonths', 'validation.invalid'],
    ];
    for (const [overrides, field, rule] of cases) {
      const res = await call('staff', 'POST', '/api/v1/staff/deals', { ...DEAL, ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error.details, JSON.stringify(overrides)).toContainEqual(
        expect.objectContaining({ field, rule }),
      );
    }
    expect(await dealCount()).toBe(0);
  });

  it('makes a deal with a DL- reference, audited without a merchant, and lists it', async () => {
    const deal = await create();
    expect(deal.reference).toMatch(/^DL-[A-Z2-9]{5}$/);
    expect(deal).toMatchObject({ state: 'active', name: DEAL.name, domesticPercent: 0.99 });
    const list = await call('staff', 'GET', '/api/v1/staff/deals');
    expect(list.json().data).toContainEqual(expect.objectContaining({ reference: deal.reference }));
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'deal.create'));
    expect(entry).toMatchObject({
      merchantId: null,
      actorUserId: w.users.staff.id,
      entityType: 'deal',
      after: expect.objectContaining({ reference: deal.reference }),
    });
  });

  it('shows any signed-in user the pricing only; unknown, malformed, withdrawn and expired are not found', async () => {
    const deal = await create();
    const res = await call('ownerB', 'GET', `/api/v1/deals/${deal.reference.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const { name: _name, ...pricing } = DEAL;
    expect(res.json().data).toEqual({ ...pricing, reference: deal.reference });
    expect((await call(null, 'GET', `/api/v1/deals/${deal.reference}`)).statusCode).toBe(401);
    const unknown = await call('ownerA', 'GET', '/api/v1/deals/DL-ZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('DEAL_NOT_FOUND');
    const malformed = await call('ownerA', 'GET', '/api/v1/deals/DEAL-42');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details[0]).toMatchObject({
      field: 'reference',
      rule: 'validation.dealReferenceInvalid',
    });

    // Valid through its last day (today); once that day has passed (the row aged, as tokens would not survive a
    // day of the test clock), gone.
    const lastDay = await create({ validUntil: '2026-03-02' });
    expect((await call('ownerA', 'GET', `/api/v1/deals/${lastDay.reference}`)).statusCode).toBe(200);
    await expireDeal(lastDay.reference);
    expect((await call('ownerA', 'GET', `/api/v1/deals/${lastDay.reference}`)).statusCode).toBe(404);
    const listed = await call('staff', 'GET', '/api/v1/staff/deals');
    expect(listed.json().data).toContainEqual(
      expect.objectContaining({ reference: lastDay.reference, state: 'expired', status: 'active' }),
    );
    // Extended, it can be taken again.
    const extended = await call('staff', 'PUT', `/api/v1/staff/deals/${lastDay.reference}`, {
      validUntil: '2026-04-30',
    });
    expect(extended.statusCode).toBe(200);
    expect(extended.json().data).toMatchObject({ state: 'active', validUntil: '2026-04-30' });
    expect((await call('ownerA', 'GET', `/api/v1/deals/${lastDay.reference}`)).statusCode).toBe(200);
  });

  it('limits look-ups per user, a guess that finds nothing included: 429 with Retry-After, other users unaffected', async () => {
    const deal = await create();
    const guesser = await newApplicant('guesser');
    for (let i = 0; i < DEAL_LOOKUPS_PER_MINUTE; i++) {
      const res = await call(guesser, 'GET', `/api/v1/deals/DL-G${String(i).padStart(4, '0')}`);
      expect(res.statusCode).toBe(404);
    }
    const over = await call(guesser, 'GET', `/api/v1/deals/${deal.reference}`);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.body).not.toContain('domesticPercent');
    expect((await call('ownerB', 'GET', `/api/v1/deals/${deal.reference}`)).statusCode).toBe(200);
  });

  it('withdraws and extends, audited; a past day, an unknown or a withdrawn deal is refused', async () => {
    const deal = await create();
    const url = `/api/v1/staff/deals/${deal.reference}`;
    const past = await call('staff', 'PUT', url, { validUntil: '2026-02-28' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details[0]).toMatchObject({ field: 'validUntil' });
    const empty = await call('staff', 'PUT', url, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0]).toMatchObject({ field: 'status' });
    const wrong = await call('staff', 'PUT', url, { status: 'active' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details[0]).toMatchObject({ field: 'status' });
    expect(
      (await call('staff', 'PUT', '/api/v1/staff/deals/DL-ZZZZZ', { status: 'withdrawn' })).statusCode,
    ).toBe(404);
    const badReference = await call('staff', 'PUT', '/api/v1/staff/deals/nope', { status: 'withdrawn' });
    expect(badReference.statusCode).toBe(400);
    expect(badReference.json().error.details[0]).toMatchObject({ field: 'reference' });

    const extended = await call('staff', 'PUT', url, { validUntil: '2026-06-30' });
    expect(extended.json().data).toMatchObject({ validUntil: '2026-06-30', state: 'active' });
    const withdrawn = await call('staff', 'PUT', url, { status: 'withdrawn' });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ status: 'withdrawn', state: 'withdrawn' });
    expect((await call('ownerA', 'GET', `/api/v1/deals/${deal.reference}`)).statusCode).toBe(404);
    const again = await call('staff', 'PUT', url, { validUntil: '2026-07-31' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DEAL_WITHDRAWN');

    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.entityType, 'deal'));
    const mine = entries.filter(
      (e) => e.action !== 'deal.create' && (e.after as { validUntil?: string })?.validUntil,
    );
    expect(mine.map((e) => e.action)).toEqual(expect.arrayContaining(['deal.extend', 'deal.withdraw']));
    expect(entries.find((e) => e.action === 'deal.withdraw')).toMatchObject({
      before: { status: 'active', validUntil: '2026-06-30' },
      after: { status: 'withdrawn', validUntil: '2026-06-30' },
    });
  });

  it('onboarding with a deal: the first rates version is the deal, its fees and discounts billed, unsigned', async () => {
    const deal = await create();
    const headers = await newApplicant('taker');
    const created = await applyWithDeal(headers, deal.reference);
    expect(created.statusCode, created.body).toBe(201);
    const { merchantId } = created.json().data;

    const ratesRes = await call(headers, 'GET', `/api/v1/merchants/${merchantId}/rates`);
    expect(ratesRes.statusCode).toBe(200);
    expect(ratesRes.json().data).toMatchObject({
      dealReference: deal.reference,
      current: {
        domesticPercent: 0.99,
        eeaPercent: 1.25,
        globalPercent: 1.95,
        amexPercent: 2.1,
        otherPercent: 2.2,
        tapToPayPercent: 0.89,
        fixedFee: 5,
        deviceRentalMonthly: 999,
        currency: 'GBP',
        settlementType: 'gross',
        contractEndDate: '2027-03-02',
        effectiveFrom: '2026-03-02',
      },
      monthlyFees: [
        { description: 'Loyalty app', amount: 450, startsOn: '2026-03-02', endsOn: '2027-03-02' },
      ],
      discounts: [{ description: 'First quarter', percent: 10, durationMonths: 3, startsOn: '2026-03-02' }],
    });
    const [merchant] = await t.app.db.select().from(merchants).where(eq(merchants.id, merchantId));
    expect(merchant?.dealReference).toBe(deal.reference);

    // The rates to sign are the deal's: the e-signature page shows exactly those.
    const billing = await call(headers, 'GET', `/api/v1/merchants/${merchantId}/billing-settings`);
    expect(billing.json().data).toMatchObject({ hasRates: true, hasSignedRates: false });
    const signUrl = new URL(billing.json().data.ratesSignUrl as string);
    const page = await t.app.inject({ method: 'GET', url: signUrl.pathname });
    expect(page.statusCode).toBe(200);
    for (const text of ['0.99%', '1.25%', '1.95%', '2.1%', '2.2%', '0.89%', '£9.99', '£0.05', 'Gross'])
      expect(page.body).toContain(text);
  });

  it('an unknown, withdrawn or expired deal cannot be used at onboarding: 400 naming the field, nothing written', async () => {
    const withdrawn = await create();
    await call('staff', 'PUT', `/api/v1/staff/deals/${withdrawn.reference}`, { status: 'withdrawn' });
    const expiring = await create({ validUntil: '2026-03-02' });
    const euro = await create({ currency: 'EUR' });
    const headers = await newApplicant('refused');
    const before = {
      merchants: (await t.app.db.select({ id: merchants.id }).from(merchants)).length,
      rates: (await t.app.db.select({ id: rates.id }).from(rates)).length,
    };
    const attempts: [string, string][] = [
      [withdrawn.reference, 'validation.dealNotFound'],
      ['DL-ZZZZZ', 'validation.dealNotFound'],
      [euro.reference, 'validation.dealCurrencyMismatch'],
    ];
    let application: string | undefined;
    for (const [reference, rule] of attempts) {
      const res = await applyWithDealOnce(headers, reference, application);
      application = res.applicationId;
      expect(res.answer.statusCode, reference).toBe(400);
      expect(res.answer.json().error.details[0]).toMatchObject({ field: 'payments.pricing', rule });
    }
    await expireDeal(expiring.reference);
    const expired = await applyWithDealOnce(headers, expiring.reference, application);
    expect(expired.answer.statusCode).toBe(400);
    expect(expired.answer.json().error.details[0]).toMatchObject({
      field: 'payments.pricing',
      rule: 'validation.dealNotFound',
    });
    expect((await t.app.db.select({ id: merchants.id }).from(merchants)).length).toBe(before.merchants);
    expect((await t.app.db.select({ id: rates.id }).from(rates)).length).toBe(before.rates);
    const current = await call(headers, 'GET', '/api/v1/onboarding/applications/current');
    expect(current.json().data).toMatchObject({ status: 'in-progress', merchantId: null });
  });

  /** One application per applicant: the first call starts it with the deal, later ones point it at another. */
  async function applyWithDealOnce(
    headers: Record<string, string>,
    dealReference: string,
    applicationId?: string,
  ) {
    let id = applicationId;
    if (!id) {
      const started = await call(headers, 'POST', '/api/v1/onboarding/applications', { dealReference });
      id = started.json().data.applicationId as string;
    } else {
      // The applicant cannot change an application's deal; the test points it at the next one.
      await t.app.db
        .update(onboardingApplications)
        .set({ dealReference })
        .where(eq(onboardingApplications.id, id));
    }
    const answer = await call(headers, 'POST', '/api/v1/customer-accounts', {
      applicationId: id,
      company,
      payments: dealPayments,
      site,
    });
    return { applicationId: id, answer };
  }

  it('associate (staff) copies the deal as new rates from today and un-signs them: banner back, orders blocked', async () => {
    const deal = await create({
      monthlyFees: [],
      discounts: [{ description: 'Loyal', percent: 5, durationMonths: null }],
    });
    // Merchant A signed its rates and has a credit, which the deal must not remove.
    await t.app.db
      .insert(billingSettings)
      .values({
        merchantId: w.merchantA,
        hasSignedRates: true,
        ratesSignedAt: new Date('2026-01-01T00:00:00Z'),
      })
      .onConflictDoUpdate({ target: billingSettings.merchantId, set: { hasSignedRates: true } });
    await t.app.db.insert(billingAdjustments).values([
      {
        merchantId: w.merchantA,
        kind: 'credit',
        description: 'Goodwill',
        amount: 1000,
        currency: 'GBP',
        startsOn: '2026-01-01',
      },
      {
        merchantId: w.merchantA,
        kind: 'monthly-fee',
        description: 'Old fee',
        amount: 300,
        currency: 'GBP',
        startsOn: '2026-01-01',
      },
    ]);
    const url = (reference: string) =>
      `/api/v1/merchants/${w.merchantA}/rates/associate?dealReference=${encodeURIComponent(reference)}`;

    // Merchants never reach it.
    expect((await call('ownerA', 'POST', url(deal.reference))).statusCode).toBe(404);
    const malformed = await call('staff', 'POST', url('DEAL-42'));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details[0]).toMatchObject({ field: 'dealReference' });
    const unknown = await call('staff', 'POST', url('DL-ZZZZZ'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0]).toMatchObject({
      field: 'dealReference',
      rule: 'validation.dealNotFound',
    });
    const euro = await create({ currency: 'EUR' });
    const mismatch = await call('staff', 'POST', url(euro.reference));
    expect(mismatch.json().error.details[0]).toMatchObject({ rule: 'validation.dealCurrencyMismatch' });
    expect((await t.app.db.select().from(rates).where(eq(rates.merchantId, w.merchantA))).length).toBe(1);

    const res = await call('staff', 'POST', url(deal.reference.toLowerCase()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      dealReference: deal.reference,
      current: { domesticPercent: 0.99, effectiveFrom: '2026-03-02', settlementType: 'gross' },
      discounts: [{ description: 'Loyal', percent: 5, durationMonths: null }],
      monthlyFees: [],
      credits: [{ description: 'Goodwill', amount: 1000 }],
    });
    // The old version ends today; the new one is current.
    const versions = await t.app.db.select().from(rates).where(eq(rates.merchantId, w.merchantA));
    expect(versions.map((v) => v.effectiveTo).sort()).toEqual(['2026-03-02', null].sort());
    const [current] = await t.app.db
      .select()
      .from(rates)
      .where(and(eq(rates.merchantId, w.merchantA), isNull(rates.effectiveTo)));
    expect(current?.dealReference).toBe(deal.reference);

    // Un-signed: a new envelope to sign, and device orders wait for it.
    const billing = await call('ownerA', 'GET', `/api/v1/merchants/${w.merchantA}/billing-settings`);
    expect(billing.json().data).toMatchObject({ hasSignedRates: false, ratesSignUrl: expect.any(String) });
    const order = await call('ownerA', 'GET', `/api/merchants/${w.merchantA}/devices/order-options`);
    expect(order.statusCode).toBe(200);
    expect(order.json().data.blockedBy).toBe('DEAL_NOT_SIGNED');

    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'rates.associate-deal'));
    expect(entry).toMatchObject({
      merchantId: w.merchantA,
      actingAs: 'staff',
      before: expect.objectContaining({ dealReference: null }),
      after: expect.objectContaining({ dealReference: deal.reference }),
    });

    // Once a day, like any rates change.
    const again = await call('staff', 'POST', url(deal.reference));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Rates cannot be updated today; come back tomorrow');
  });
});
