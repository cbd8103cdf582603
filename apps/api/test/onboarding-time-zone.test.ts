import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccessWorld, createAccessWorld, PASSWORD } from './access-fixtures.ts';
import { bearer } from './helpers/auth.ts';
import { createIdentityTestApp, signUpConfirmed } from './identity-test-app.ts';

type TestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;

// The first rates version, and a deal's monthly fees, discounts and contract end, start on the day the company
// joins by its own calendar: at 23:30 UTC on 31 March it is 1 April in London (BST), not 31 March.
const company = {
  entityType: 'company',
  country: 'GB',
  legalEntityName: 'Midnight Harbour Ltd',
  registrationNumber: '07654321',
  industry: '5812',
  phone: '+44 20 7946 0001',
};
const site = {
  name: 'Midnight Main',
  address: { line1: '2 Quay Street', city: 'Bristol', postalCode: 'bs1 4ab', country: 'GB' },
};

describe('onboarding: the first rates start on the company’s calendar day', () => {
  let t: TestApp;
  let w: AccessWorld;
  let dealReference: string;

  const call = (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  async function onboard(name: string, payments: object, start: object = {}) {
    const headers = bearer(await signUpConfirmed(t, `${name}@midnight.test`, PASSWORD));
    const started = await call(headers, 'POST', '/api/v1/onboarding/applications', start);
    expect(started.statusCode, started.body).toBe(201);
    const created = await call(headers, 'POST', '/api/v1/customer-accounts', {
      applicationId: started.json().data.applicationId,
      company: { ...company, legalEntityName: `${name} Ltd` },
      payments,
      site: { ...site, name: `${name} Main` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const rates = await call(headers, 'GET', `/api/v1/merchants/${created.json().data.merchantId}/rates`);
    expect(rates.statusCode, rates.body).toBe(200);
    return rates.json().data;
  }

  beforeAll(async () => {
    t = await createIdentityTestApp();
    w = await createAccessWorld(t.app, 'MidnightDeals');
    const deal = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/deals',
      headers: w.headers('staff'),
      payload: {
        name: 'Midnight offer',
        currency: 'GBP',
        domesticPercent: 0.99,
        eeaPercent: 1.25,
        globalPercent: 1.95,
        amexPercent: 2.1,
        otherPercent: 2.2,
        tapToPayPercent: 0.89,
        fixedFee: 5,
        deviceRentalMonthly: 999,
        settlementType: 'net',
        contractMonths: 12,
        monthlyFees: [{ description: 'Loyalty app', amount: 450 }],
        discounts: [{ description: 'First quarter', percent: 10, durationMonths: 3 }],
        validUntil: '2026-04-30',
      },
    });
    expect(deal.statusCode, deal.body).toBe(201);
    dealReference = deal.json().data.reference;
    // From 2026-03-02T09:00Z to 2026-03-31T23:30Z: 1 April, 00:30 in London.
    t.advance(Date.parse('2026-03-31T23:30:00Z') - t.now().getTime());
  });
  afterAll(() => t.close());

  it('standard pricing: the rates are effective from 1 April (London), not 31 March (UTC)', async () => {
    const rates = await onboard('standard', {
      pricing: 'standard',
      acceptedPaymentMethods: ['in-person'],
      billingPaymentMethod: 'card',
    });
    expect(rates.current).toMatchObject({ effectiveFrom: '2026-04-01' });
  });

  it('a deal: its rates, monthly fee, discount and contract end run from 1 April (London), not 31 March (UTC)', async () => {
    const rates = await onboard(
      'deal',
      { pricing: 'deal', acceptedPaymentMethods: ['in-person'], billingPaymentMethod: 'card' },
      { dealReference },
    );
    expect(rates).toMatchObject({
      dealReference,
      current: { effectiveFrom: '2026-04-01', contractEndDate: '2027-04-01' },
      monthlyFees: [
        { description: 'Loyalty app', amount: 450, startsOn: '2026-04-01', endsOn: '2027-04-01' },
      ],
      discounts: [{ description: 'First quarter', percent: 10, durationMonths: 3, startsOn: '2026-04-01' }],
    });
  });
});
