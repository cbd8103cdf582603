import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccessWorld, createAccessWorld } from './access-fixtures.ts';
import { createTestApp } from './helpers/app.ts';
import { bearer, signIn } from './helpers/auth.ts';
import { createIdentityTestApp, signUpConfirmed } from './identity-test-app.ts';

type TestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;

const PASSWORD = 'Onboard-2026x';

const company = {
  entityType: 'company',
  country: 'GB',
  legalEntityName: 'Harbour Lights Ltd',
  registrationNumber: '01234567',
  vatNumber: 'GB123456789',
  industry: '5812',
  phone: '+44 20 7946 0000',
};
const payments = { pricing: 'standard', acceptedPaymentMethods: ['in-person'], billingPaymentMethod: 'card' };
const site = {
  name: 'Harbour Main',
  displayName: 'Harbour Lights',
  address: { line1: '1 Quay Street', city: 'Bristol', postalCode: 'bs1 4aa', country: 'GB' },
};

describe('onboarding: from a signed-up user to a verified merchant', () => {
  let t: TestApp;
  const tokens = new Map<string, string>();

  /** Signs up, confirms (code from the recorded mail) and signs in a new user; returns their bearer token. */
  async function newUser(name: string): Promise<{ email: string; headers: Record<string, string> }> {
    const email = `${name}@onboarding.test`;
    const token = await signUpConfirmed(t, email, PASSWORD);
    tokens.set(name, token);
    return { email, headers: bearer(token) };
  }

  const shortcodeSentTo = (email: string) =>
    /\b(\d{6})\b/.exec(
      t.sent.findLast((m) => m.to === email && m.kind === 'onboarding_shortcode')?.text ?? '',
    )?.[1];

  beforeAll(async () => {
    t = await createIdentityTestApp();
  });
  afterAll(() => t.close());

  it('lists industries and refuses an unsupported one with SPEC §5 text', async () => {
    const { headers } = await newUser('industries');
    const list = await t.app.inject({ method: 'GET', url: '/api/industries', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual({ code: '7995', name: 'Gambling', supported: false });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/industries/5812/validate',
      headers,
      payload: { legalEntityName: 'Harbour Lights Ltd' },
    });
    expect(ok.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/industries/7995/validate',
      headers,
      payload: { legalEntityName: 'Harbour Lights Ltd' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'INDUSTRY_UNSUPPORTED',
      message: "We don't currently support Gambling. Please reach out to support for more information.",
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/industries/0000/validate',
      headers,
      payload: { legalEntityName: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('saves an application step by step, resumable by the e-mailed shortcode, then creates the merchant', async () => {
    const { email, headers } = await newUser('applicant');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/applications',
      headers,
      payload: {},
    });
    expect(started.statusCode).toBe(201);
    const applicationId = started.json().data.applicationId;
    const shortcode = shortcodeSentTo(email);
    expect(shortcode).toMatch(/^\d{6}$/);
    // The shortcode is only in the e-mail.
    expect(started.body).not.toContain(shortcode);

    // SPEC §8: one active onboarding per e-mail.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/applications',
      headers,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ONBOARDING_EMAIL_IN_USE');

    // A step with errors: 400 naming each field and rule, nothing saved.
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/onboarding/applications/${applicationId}/steps/company`,
      headers,
      payload: { data: { ...company, registrationNumber: '123', industry: '7995' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual(
      expect.arrayContaining([
        {
          field: 'data.registrationNumber',
          rule: 'validation.registrationNumberInvalid',
          message: 'Please enter a valid registration number',
        },
        expect.objectContaining({ field: 'data.industry', rule: 'validation.industryUnsupported' }),
      ]),
    );

    for (const [step, data] of [
      ['company', company],
      ['payments', payments],
    ] as const) {
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/onboarding/applications/${applicationId}/steps/${step}`,
        headers,
        payload: { data },
      });
      expect(saved.statusCode).toBe(200);
    }

    // Another device of the same user: resume by shortcode, with both saved steps.
    const resumed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/applications/resume',
      headers: bearer(await signIn(t.app, email, PASSWORD)),
      payload: { shortcode },
    });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data).toMatchObject({
      applicationId,
      stepsDone: 2,
      data: { company: { legalEntityName: 'Harbour Lights Ltd' }, payments },
    });

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer-accounts',
      headers,
      payload: { applicationId, company, payments, site },
    });
    expect(created.statusCode).toBe(201);
    const { merchantId, hostedOnboardingLink } = created.json().data;
    expect(hostedOnboardingLink).toMatch(
      new RegExp(`^http://localhost:3000/api/kyc-simulator/${merchantId}/`),
    );

    // The applicant is its CompanyOwner; the merchant is pending verification in GBP, London time.
    const merchants = await t.app.inject({ method: 'GET', url: '/api/merchants', headers });
    expect(merchants.json().data).toEqual([
      expect.objectContaining({
        merchantId,
        legalEntityName: 'Harbour Lights Ltd',
        kycOnboardingStatus: 'pending',
        status: 'active',
        currency: 'GBP',
        timeZone: 'Europe/London',
        permissions: expect.objectContaining({
          companyScoped: expect.arrayContaining(['Company:AccessKyc']),
        }),
      }),
    ]);
    // The first site, postal code uppercased.
    const sites = await t.app.inject({ method: 'GET', url: `/api/merchants/${merchantId}/sites`, headers });
    expect(sites.json().data).toEqual([expect.objectContaining({ name: 'Harbour Main' })]);

    // Submitted: the application can no longer change, and its shortcode no longer resumes it.
    const late = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/onboarding/applications/${applicationId}/steps/site`,
      headers,
      payload: { data: site },
    });
    expect(late.statusCode).toBe(409);
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/v1/onboarding/applications/current',
      headers,
    });
    expect(current.json().data).toMatchObject({ status: 'submitted', merchantId });

    // The hosted page: a test provider's page; "verified" activates the merchant and returns to the portal.
    const path = new URL(hostedOnboardingLink).pathname;
    const pageRes = await t.app.inject({ method: 'GET', url: path });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('Test provider');
    const decided = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=verified',
    });
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toBe('/onboarding/wizard?verification=verified');
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/merchants/${merchantId}`, headers });
    expect(after.json().data.kycOnboardingStatus).toBe('verified');

    // A link is single use.
    const reused = await t.app.inject({ method: 'GET', url: path });
    expect(reused.statusCode).toBe(410);
    const replay = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=rejected',
    });
    expect(replay.headers.location).toBe('/onboarding/wizard?verification=expired');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/merchants/${merchantId}`, headers })).json().data
        .kycOnboardingStatus,
    ).toBe('verified');

    // Verified: no new link.
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${merchantId}/verification-links`,
      headers,
    });
    expect(link.statusCode).toBe(409);
    expect(link.json().error.code).toBe('KYC_ALREADY_VERIFIED');
  });

  it('tells a foreign shortcode from an unknown one (SPEC §8) and never shows another applicant’s application', async () => {
    const first = await newUser('first');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/applications',
      headers: first.headers,
      payload: {},
    });
    const shortcode = shortcodeSentTo(first.email) as string;
    const firstApplication = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/onboarding/applications/current',
        headers: first.headers,
      })
    ).json().data;

    const other = await newUser('other');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/applications/resume',
      headers: other.headers,
      payload: { shortcode },
    });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().error.code).toBe('ONBOARDING_ALREADY_STARTED');
    expect(foreign.body).not.toContain(firstApplication.applicationId);

    const unknownCode = shortcode === '000000' ? '000001' : '000000';
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/applications/resume',
      headers: other.headers,
      payload: { shortcode: unknownCode },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('ONBOARDING_SHORTCODE_NOT_RECOGNISED');

    // SPEC §5 shortcode messages.
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/applications/resume',
      headers: other.headers,
      payload: { shortcode: '12a' },
    });
    expect(short.json().error.details[0].message).toBe('Shortcode must be numeric');

    // Not theirs: saving a step or submitting on another's application is 404, nothing written.
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/onboarding/applications/${firstApplication.applicationId}/steps/company`,
      headers: other.headers,
      payload: { data: company },
    });
    expect(save.statusCode).toBe(404);
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer-accounts',
      headers: other.headers,
      payload: { applicationId: firstApplication.applicationId, company, payments, site },
    });
    expect(submit.statusCode).toBe(404);
    const merchants = await t.app.inject({ method: 'GET', url: '/api/merchants', headers: other.headers });
    expect(merchants.json().data).toEqual([]);
  });

  it('rejects a bad customer-account body with a 400 naming the fields, creating nothing', async () => {
    const { headers } = await newUser('badbody');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer-accounts',
      headers,
      payload: {
        company: { ...company, country: 'NL', registrationNumber: '1234' },
        payments,
        site: { ...site, name: 'Bad/Name' },
      },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['company.registrationNumber', 'company.vatNumber', 'site.name']),
    );
    const merchants = await t.app.inject({ method: 'GET', url: '/api/merchants', headers });
    expect(merchants.json().data).toEqual([]);
  });

  it('makes a new verification link for a merchant that needs more information, owners only', async () => {
    const { headers } = await newUser('moreinfo');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer-accounts',
      headers,
      payload: { company: { ...company, legalEntityName: 'More Info Ltd' }, payments, site },
    });
    const { merchantId, hostedOnboardingLink } = created.json().data;
    const path = new URL(hostedOnboardingLink).pathname;
    const decided = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=needs-more-information',
    });
    expect(decided.headers.location).toBe('/onboarding/wizard?verification=needs-more-information');
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${merchantId}/verification-links`,
      headers,
    });
    expect(link.statusCode).toBe(201);
    expect(link.json().data.hostedOnboardingLink).not.toBe(hostedOnboardingLink);
    // Somebody else: 404, as if the merchant did not exist.
    const stranger = await newUser('stranger');
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/merchants/${merchantId}/verification-links`,
      headers: stranger.headers,
    });
    expect(denied.statusCode).toBe(404);
    // Expired links are refused.
    t.advance(25 * 60 * 60 * 1000);
    const expired = await t.app.inject({
      method: 'GET',
      url: new URL(link.json().data.hostedOnboardingLink).pathname,
    });
    expect(expired.statusCode).toBe(410);
  });

  // The page was English whatever the applicant's language.
  it.each([
    [
      'es-ES',
      'Verifica tu empresa',
      'Verificada',
      'Este enlace de verificación ha caducado o ya se ha utilizado',
    ],
    [
      'fr-FR',
      'Vérifiez votre entreprise',
      'Vérifiée',
      'Ce lien de vérification a expiré ou a déjà été utilisé',
    ],
    [
      'it-IT',
      'Verifica la tua azienda',
      'Verificata',
      'Questo link di verifica è scaduto o è già stato usato',
    ],
  ] as const)(
    'the simulated verification page speaks the language the applicant chose (%s), expired too',
    async (locale, heading, verified, expiredText) => {
      const { headers } = await newUser(`kyc-${locale.toLowerCase()}`);
      const chosen = await t.app.inject({
        method: 'PATCH',
        url: '/api/identity/me',
        headers,
        payload: { preferences: { locale } },
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/customer-accounts',
        headers,
        payload: { company: { ...company, legalEntityName: `Langue ${locale} Ltd` }, payments, site },
      });
      expect(created.statusCode, created.body).toBe(201);
      const path = new URL(created.json().data.hostedOnboardingLink).pathname;
      const page = await t.app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<html lang="${locale}">`);
      expect(page.body).toContain(`<h1>${heading}</h1>`);
      expect(page.body).toContain(`value="verified" class="primary">${verified}</button>`);
      expect(page.body).not.toContain('Test provider');
      await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=verified',
      });
      const used = await t.app.inject({ method: 'GET', url: path });
      expect(used.statusCode).toBe(410);
      expect(used.body).toContain(`<html lang="${locale}">`);
      expect(used.body).toContain(expiredText);
    },
  );

  it('limits wrong shortcodes per user: 5 in 15 minutes, then 429 even for the right one; a right one clears the count', async () => {
    const guesser = await newUser('guesser');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/onboarding/applications',
      headers: guesser.headers,
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(201);
    const right = shortcodeSentTo(guesser.email) ?? '';
    expect(right).toMatch(/^\d{6}$/);
    const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
    const resume = (shortcode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/onboarding/applications/resume',
        headers: guesser.headers,
        payload: { shortcode },
      });
    for (let i = 0; i < 4; i++) expect((await resume(wrong(i))).statusCode).toBe(404);
    expect((await resume(right)).statusCode).toBe(200); // clears the count
    for (let i = 0; i < 5; i++) expect((await resume(wrong(i))).statusCode).toBe(404);
    const blocked = await resume(right);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('ONBOARDING_SHORTCODE_LIMIT');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    // Another user is not held back by this one's guesses.
    const other = await newUser('not-the-guesser');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/onboarding/applications/resume',
          headers: other.headers,
          payload: { shortcode: wrong(9) },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the simulated KYC page: only where it is configured (never by default in production)', () => {
  /** The page of a link that does not exist: 410 from the simulator, 404 when there is no simulator. */
  async function simulatorAnswers(env: Record<string, string>): Promise<{ page: number; decide: number }> {
    const t = await createTestApp({ env });
    try {
      const url = `/api/kyc-simulator/${randomUUID()}/${'a'.repeat(43)}`;
      const page = (await t.app.inject({ method: 'GET', url })).statusCode;
      const decide = (
        await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'outcome=verified',
        })
      ).statusCode;
      return { page, decide };
    } finally {
      await t.close();
    }
  }

  // Each builds an app of its own (the defaults elsewhere: config.test.ts; the page itself: the tests above).
  it('is not there with NODE_ENV=production: an applicant cannot verify themselves (404)', async () => {
    expect(await simulatorAnswers({ NODE_ENV: 'production' })).toEqual({ page: 404, decide: 404 });
  }, 60_000);

  it('is there in production only with KYC_SIMULATOR=true', async () => {
    expect(await simulatorAnswers({ NODE_ENV: 'production', KYC_SIMULATOR: 'true' })).toEqual({
      page: 410,
      decide: 303,
    });
  }, 60_000);
});

describe("onboarding: the wizard's accepted payment methods become the first site's settings", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let w: AccessWorld;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    w = await createAccessWorld(t.app, 'OnboardingMethods');
  }, 60_000);
  afterAll(() => t.close());

  const createAccount = (name: string, accepted: string[], siteFields: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/customer-accounts',
      headers: w.headers('ownerA'),
      payload: {
        company: { ...company, legalEntityName: name },
        payments: { ...payments, acceptedPaymentMethods: accepted },
        site: { ...site, ...siteFields },
      },
    });

  /** The first site's internal settings, as staff read them. */
  async function internalSettingsOf(merchantId: string) {
    const sites = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${merchantId}/sites`,
      headers: w.headers('staff'),
    });
    const [first] = sites.json().data;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/merchants/${merchantId}/sites/${first.siteId}/internal`,
      headers: w.headers('staff'),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  it('turns on pay by link (with the terms given) and leaves tap to pay off when it was not chosen', async () => {
    const res = await createAccount('Quay Books Ltd', ['in-person', 'pay-by-link'], {
      payByLinkTermsUrl: 'https://quay-books.example/terms',
    });
    expect(res.statusCode).toBe(201);
    const internal = await internalSettingsOf(res.json().data.merchantId);
    expect(internal.paymentMethods).toEqual({ moto: false, payByLink: true, tapToPay: false });
    expect(internal.payByLinkTermsUrl).toBe('https://quay-books.example/terms');
  });

  it('turns on tap to pay only when chosen: in person alone leaves every switch off', async () => {
    const inPerson = await createAccount('Quay Flowers Ltd', ['in-person']);
    expect(inPerson.statusCode).toBe(201);
    expect((await internalSettingsOf(inPerson.json().data.merchantId)).paymentMethods).toEqual({
      moto: false,
      payByLink: false,
      tapToPay: false,
    });
    const tap = await createAccount('Quay Fruit Ltd', ['in-person', 'tap-to-pay']);
    expect((await internalSettingsOf(tap.json().data.merchantId)).paymentMethods).toEqual({
      moto: false,
      payByLink: false,
      tapToPay: true,
    });
  });

  it('refuses pay by link without a terms web address (400 naming site.payByLinkTermsUrl), creating nothing', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/merchants', headers: w.headers('ownerA') });
    const res = await createAccount('Quay Bakes Ltd', ['pay-by-link']);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      {
        field: 'site.payByLinkTermsUrl',
        rule: 'validation.payByLinkTermsRequired',
        message: 'Pay by link needs a terms and conditions web address',
      },
    ]);
    const after = await t.app.inject({ method: 'GET', url: '/api/merchants', headers: w.headers('ownerA') });
    expect(after.json().data).toHaveLength(before.json().data.length);
  });
});
