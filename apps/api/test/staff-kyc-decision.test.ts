import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccessWorld, createAccessWorld, insertUser, PASSWORD } from './access-fixtures.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { bearer, signIn } from './helpers/auth.ts';

/**
 * Decision 0137: without a hosted verification provider in production, staff record the outcome of a
 * merchant's verification (POST /v1/merchants/{id}/kyc-decision), as the hosted page's completion would.
 */

const company = (legalEntityName: string) => ({
  entityType: 'company',
  country: 'GB',
  legalEntityName,
  registrationNumber: '01234567',
  industry: '5812',
  phone: '+44 20 7946 0000',
});
const payments = { pricing: 'standard', acceptedPaymentMethods: ['in-person'], billingPaymentMethod: 'card' };
const site = {
  name: 'Harbour Main',
  address: { line1: '1 Quay Street', city: 'Bristol', postalCode: 'BS1 4AA', country: 'GB' },
};
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** A new merchant pending verification, made through onboarding by merchant A's owner (its CompanyOwner). */
async function pendingMerchant(t: TestApp, w: AccessWorld, name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/customer-accounts',
    headers: w.headers('ownerA'),
    payload: { company: company(name), payments, site },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { merchantId: string; hostedOnboardingLink: string | null };
}

function decide(t: TestApp, headers: Record<string, string>, merchantId: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/merchants/${merchantId}/kyc-decision`,
    headers,
    payload: payload as object,
  });
}

async function kycStatus(t: TestApp, w: AccessWorld, merchantId: string): Promise<string> {
  const res = await t.app.inject({ url: `/api/v1/merchants/${merchantId}`, headers: w.headers('staff') });
  return res.json().data.kycOnboardingStatus;
}

/** The hosted page's answer to a link: 'page' (GET status) and where deciding it sends the browser. */
async function useLink(t: TestApp, link: string, outcome: string) {
  const path = new URL(link).pathname;
  const page = (await t.app.inject({ method: 'GET', url: path })).statusCode;
  const decided = await t.app.inject({
    method: 'POST',
    url: path,
    headers: form,
    payload: `outcome=${outcome}`,
  });
  return { page, location: decided.headers.location };
}

describe('staff record the verification outcome of a merchant (hosted page mounted)', () => {
  let t: TestApp;
  let w: AccessWorld;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAccessWorld(t.app, 'Kyc');
  });
  afterAll(() => t.close());

  it('records verified: the merchant is activated, the owner reads the entry in its audit log, and the old link decides nothing', async () => {
    const { merchantId, hostedOnboardingLink } = await pendingMerchant(t, w, 'Verified Staff Ltd');
    const res = await decide(t, w.headers('staff'), merchantId, {
      outcome: 'verified',
      reason: 'Passport and register checked',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ merchantId, kycOnboardingStatus: 'verified' });

    const log = await t.app.inject({
      url: `/api/v1/merchants/${merchantId}/audit-log`,
      headers: w.headers('ownerA'),
    });
    expect(log.statusCode).toBe(200);
    const entry = log.json().data.find((e: { action: string }) => e.action === 'merchant.kyc-decision');
    expect(entry).toMatchObject({
      actingAs: 'staff',
      actor: { userId: w.users.staff.id },
      before: { kycOnboardingStatus: 'pending' },
      after: {
        kycOnboardingStatus: 'verified',
        outcome: 'verified',
        reason: 'Passport and register checked',
        closedLinks: 1,
      },
    });

    // The link handed out at onboarding was closed by the decision: it neither opens nor decides.
    expect(await useLink(t, hostedOnboardingLink as string, 'rejected')).toEqual({
      page: 410,
      location: '/onboarding/wizard?verification=expired',
    });
    expect(await kycStatus(t, w, merchantId)).toBe('verified');
  });

  it('records needs more information: the merchant stays pending, its old link is closed and the owner may ask for a new one', async () => {
    const { merchantId, hostedOnboardingLink } = await pendingMerchant(t, w, 'More Papers Ltd');
    const res = await decide(t, w.headers('staff'), merchantId, {
      outcome: 'needs-more-information',
      reason: 'Proof of address missing',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.kycOnboardingStatus).toBe('pending');
    expect((await useLink(t, hostedOnboardingLink as string, 'verified')).location).toBe(
      '/onboarding/wizard?verification=expired',
    );
    expect(await kycStatus(t, w, merchantId)).toBe('pending');
    const fresh = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${merchantId}/verification-links`,
      headers: w.headers('ownerA'),
    });
    expect(fresh.statusCode).toBe(201);
  });

  it('records rejected: no new link for the merchant, no second rejection, but staff may reconsider', async () => {
    const { merchantId } = await pendingMerchant(t, w, 'Turned Down Ltd');
    const res = await decide(t, w.headers('staff'), merchantId, {
      outcome: 'rejected',
      reason: 'Sanctions list match',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.kycOnboardingStatus).toBe('rejected');

    const link = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${merchantId}/verification-links`,
      headers: w.headers('ownerA'),
    });
    expect(link.statusCode).toBe(409);
    expect(link.json().error.code).toBe('KYC_REJECTED');

    const again = await decide(t, w.headers('staff'), merchantId, { outcome: 'rejected', reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('KYC_ALREADY_REJECTED');

    const reconsidered = await decide(t, w.headers('staff'), merchantId, {
      outcome: 'verified',
      reason: 'False match, cleared on appeal',
    });
    expect(reconsidered.statusCode).toBe(200);
    expect(reconsidered.json().data.kycOnboardingStatus).toBe('verified');
  });

  it('refuses any outcome for a verified merchant with 409, changing nothing and writing no entry', async () => {
    // Merchant A was verified when it joined.
    for (const outcome of ['verified', 'needs-more-information', 'rejected']) {
      const res = await decide(t, w.headers('staff'), w.merchantA, { outcome, reason: 'Re-check' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('KYC_ALREADY_VERIFIED');
    }
    expect(await kycStatus(t, w, w.merchantA)).toBe('verified');
    const log = await t.app.inject({
      url: `/api/v1/merchants/${w.merchantA}/audit-log`,
      headers: w.headers('staff'),
    });
    expect(log.json().data.map((e: { action: string }) => e.action)).not.toContain('merchant.kyc-decision');
  });

  it('answers a bad body with 400 naming the field, changing nothing', async () => {
    const { merchantId } = await pendingMerchant(t, w, 'Bad Body Ltd');
    const cases: [unknown, string][] = [
      [{ outcome: 'verified' }, 'reason'],
      [{ outcome: 'verified', reason: '   ' }, 'reason'],
      [{ outcome: 'verified', reason: 'x'.repeat(501) }, 'reason'],
      [{ outcome: 'approved', reason: 'Checked' }, 'outcome'],
      [{ reason: 'Checked' }, 'outcome'],
    ];
    for (const [payload, field] of cases) {
      const res = await decide(t, w.headers('staff'), merchantId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.details.map((d: { field: string }) => d.field)).toEqual([field]);
    }
    expect(await kycStatus(t, w, merchantId)).toBe('pending');
  });

  it('is for staff who passed a second factor only: 401 without a token, 404 to merchant users (its own owner too) and for an unknown merchant, 403 to staff without a second factor', async () => {
    const { merchantId } = await pendingMerchant(t, w, 'Guarded Ltd');
    const body = { outcome: 'verified', reason: 'Checked' };
    expect((await decide(t, {}, merchantId, body)).statusCode).toBe(401);
    for (const actor of ['ownerA', 'managerA1', 'ownerB'] as const) {
      const res = await decide(t, w.headers(actor), merchantId, body);
      expect(res.statusCode, actor).toBe(404);
    }
    const unknown = await decide(t, w.headers('staff'), randomUUID(), body);
    expect(unknown.statusCode).toBe(404);

    await insertUser(t.app.db, 'kyc.staff.no2fa@example.com', ['Staff']);
    const noSecondFactor = bearer(await signIn(t.app, 'kyc.staff.no2fa@example.com', PASSWORD));
    const refused = await decide(t, noSecondFactor, merchantId, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    expect(await kycStatus(t, w, merchantId)).toBe('pending');
  });

  it('never lets a link completed at the same moment overwrite the decision: whichever comes second sees the first', async () => {
    for (let round = 0; round < 4; round++) {
      const { merchantId, hostedOnboardingLink } = await pendingMerchant(t, w, `Race ${round} Ltd`);
      const path = new URL(hostedOnboardingLink as string).pathname;
      const [staff, link] = await Promise.all([
        decide(t, w.headers('staff'), merchantId, { outcome: 'rejected', reason: 'Forged documents' }),
        t.app.inject({ method: 'POST', url: path, headers: form, payload: 'outcome=verified' }),
      ]);
      const status = await kycStatus(t, w, merchantId);
      if (staff.statusCode === 200) {
        // Staff came first (had the link verified first, staff would have been refused): the link was refused.
        expect(link.headers.location).toBe('/onboarding/wizard?verification=expired');
        expect(status).toBe('rejected');
      } else {
        expect(staff.statusCode).toBe(409);
        expect(link.headers.location).toBe('/onboarding/wizard?verification=verified');
        expect(status).toBe('verified');
      }
    }
  });
});

describe('without a hosted verification page (KYC_SIMULATOR=false): the provider team verifies', () => {
  let t: TestApp;
  let w: AccessWorld;

  beforeAll(async () => {
    t = await createTestApp({ env: { KYC_SIMULATOR: 'false' } });
    w = await createAccessWorld(t.app, 'NoKyc');
  });
  afterAll(() => t.close());

  it('hands out no link: the new merchant has none, asking for one is 409, and staff verify it', async () => {
    const { merchantId, hostedOnboardingLink } = await pendingMerchant(t, w, 'Reviewed Ltd');
    expect(hostedOnboardingLink).toBeNull();
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${merchantId}/verification-links`,
      headers: w.headers('ownerA'),
    });
    expect(link.statusCode).toBe(409);
    expect(link.json().error.code).toBe('KYC_REVIEWED_BY_STAFF');

    const res = await decide(t, w.headers('staff'), merchantId, { outcome: 'verified', reason: 'Checked' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.kycOnboardingStatus).toBe('verified');
    const log = await t.app.inject({
      url: `/api/v1/merchants/${merchantId}/audit-log`,
      headers: w.headers('ownerA'),
    });
    const entry = log.json().data.find((e: { action: string }) => e.action === 'merchant.kyc-decision');
    expect(entry.after).toMatchObject({ kycOnboardingStatus: 'verified', closedLinks: 0 });
  });

  it("tells the wizard that step 4 has no link (the application's hostedVerification is false)", async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/applications',
      headers: w.headers('managerA2'),
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json().data.hostedVerification).toBe(false);
  });
});
