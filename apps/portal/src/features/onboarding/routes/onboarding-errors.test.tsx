import { LOCALES, type Locale } from '@mp/domain/locales';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { applyLocale, i18n } from '../../../lib/i18n/i18n.ts';
import OnboardingLandingScreen from './onboarding-landing.tsx';
import OnboardingWizardScreen from './onboarding-wizard.tsx';

const fetchMock = signedInWithFetchSpy();

afterEach(async () => {
  await applyLocale('en-GB');
});

/** An answer of the error model; its English `message` is for logs, never shown. */
const refusal = (status: number, code: string, details: { field: string; rule: string }[] = []) =>
  jsonResponse(status, {
    error: {
      code,
      message: 'English text the screen must not show',
      details: details.map((detail) => ({ ...detail, message: 'English text the screen must not show' })),
    },
  });

async function renderLanding(locale: Locale, routes: Record<string, () => Response>) {
  await applyLocale(locale);
  fetchMock().mockImplementation(
    fakeApi({
      'GET /v1/onboarding/applications/current': () => jsonResponse(200, { data: null }),
      'GET /v1/invitations': () => jsonResponse(200, { data: [] }),
      ...routes,
    }).handle,
  );
  renderRoutes(
    [
      { path: '/onboarding', Component: OnboardingLandingScreen },
      { path: '/onboarding/wizard', Component: () => <p>wizard</p> },
    ],
    '/onboarding',
  );
  return userEvent.setup();
}

async function alertAfterStart(locale: Locale, answer: () => Response) {
  const user = await renderLanding(locale, { 'POST /v1/onboarding/applications': answer });
  await user.click(
    await screen.findByRole('button', { name: i18n.t('onboarding.landing.start') }, { timeout: 5000 }),
  );
  return screen.findByRole('alert');
}

async function alertAfterResume(locale: Locale, answer: () => Response) {
  const user = await renderLanding(locale, { 'POST /v1/onboarding/applications/resume': answer });
  await user.type(
    await screen.findByLabelText(i18n.t('onboarding.landing.shortcode'), {}, { timeout: 5000 }),
    '123456',
  );
  await user.click(screen.getByRole('button', { name: i18n.t('onboarding.landing.resume') }));
  return screen.findByRole('alert');
}

// Issue 16 review: onboarding reads its failures through the shared apiErrorKey with its own codes (SPEC §8).
describe('onboarding landing: what the user reads when the API refuses', { timeout: 20_000 }, () => {
  it.each(LOCALES)('%s: starting with an e-mail already onboarding reads SPEC’s text', async (locale) => {
    const alert = await alertAfterStart(locale, () => refusal(409, 'ONBOARDING_EMAIL_IN_USE'));
    expect(alert).toHaveTextContent(i18n.t('onboarding.errors.emailInUse'));
    expect(alert).not.toHaveTextContent('English text');
  });

  it.each(LOCALES)(
    '%s: a start that fails for no named reason reads "Unable to start onboarding"',
    async (locale) => {
      const alert = await alertAfterStart(locale, () => refusal(500, 'INTERNAL'));
      expect(alert).toHaveTextContent(i18n.t('onboarding.errors.start'));
    },
  );

  it.each(LOCALES)('%s: each shortcode refusal reads its own text', async (locale) => {
    for (const [status, code, key] of [
      [404, 'ONBOARDING_SHORTCODE_NOT_RECOGNISED', 'onboarding.errors.shortcodeNotRecognised'],
      [409, 'ONBOARDING_ALREADY_STARTED', 'onboarding.errors.alreadyStarted'],
      [429, 'ONBOARDING_SHORTCODE_LIMIT', 'onboarding.errors.shortcodeLimit'],
    ] as const) {
      const alert = await alertAfterResume(locale, () => refusal(status, code));
      const text = i18n.t(key);
      expect(text).not.toBe(key);
      expect(alert).toHaveTextContent(text);
      cleanup();
    }
  });

  it.each(LOCALES)('%s: a shortcode the API refuses by a rule reads the rule’s text', async (locale) => {
    const alert = await alertAfterResume(locale, () =>
      refusal(400, 'VALIDATION_FAILED', [{ field: 'shortcode', rule: 'validation.required' }]),
    );
    expect(alert).toHaveTextContent(i18n.t('validation.required'));
    expect(alert).not.toHaveTextContent('English text');
  });
});

const APPLICATION = '77777777-7777-4777-8777-777777777777';

/** The wizard on its payments step (the company saved), whose Next the API answers with `answer`. */
async function alertAfterSavingPayments(locale: Locale, answer: () => Response) {
  await applyLocale(locale);
  fetchMock().mockImplementation(
    fakeApi({
      'GET /v1/onboarding/applications/current': () =>
        jsonResponse(200, {
          data: {
            applicationId: APPLICATION,
            status: 'in-progress',
            email: 'new.merchant@example.com',
            dealReference: null,
            stepsDone: 1,
            data: {},
            merchantId: null,
            hostedVerification: true,
            createdAt: '2026-11-24T09:00:00.000Z',
            updatedAt: '2026-11-24T09:00:00.000Z',
          },
        }),
      [`PUT /v1/onboarding/applications/${APPLICATION}/steps/payments`]: answer,
    }).handle,
  );
  renderRoutes([{ path: '/onboarding/wizard', Component: OnboardingWizardScreen }], '/onboarding/wizard');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: i18n.t('onboarding.next') }, { timeout: 5000 }));
  return screen.findByRole('alert');
}

describe('onboarding wizard: what the user reads when a step is not saved', { timeout: 20_000 }, () => {
  it.each(LOCALES)(
    '%s: an application submitted meanwhile (another tab) says so, not "try again"',
    async (locale) => {
      const alert = await alertAfterSavingPayments(locale, () => refusal(409, 'ONBOARDING_SUBMITTED'));
      const text = i18n.t('onboarding.errors.submitted');
      expect(text).not.toBe('onboarding.errors.submitted');
      expect(alert).toHaveTextContent(text);
    },
  );

  it.each(LOCALES)(
    '%s: a save that fails for no named reason reads "Unable to update onboarding"',
    async (locale) => {
      const alert = await alertAfterSavingPayments(locale, () => refusal(500, 'INTERNAL'));
      expect(alert).toHaveTextContent(i18n.t('onboarding.errors.update'));
    },
  );
});

/** The wizard on its verification step (company, payments and site saved), whose submit the API answers. */
async function alertAfterSubmitting(locale: Locale, answer: () => Response | Promise<Response>) {
  await applyLocale(locale);
  fetchMock().mockImplementation(
    fakeApi({
      'GET /v1/onboarding/applications/current': () =>
        jsonResponse(200, {
          data: {
            applicationId: APPLICATION,
            status: 'in-progress',
            email: 'new.merchant@example.com',
            dealReference: null,
            stepsDone: 3,
            data: {
              company: {
                entityType: 'company',
                country: 'GB',
                legalEntityName: 'Brightwater Coffee Ltd',
                registrationNumber: '12345678',
                industry: 'cafe',
                phone: '+44 20 7946 0000',
              },
              payments: {
                pricing: 'standard',
                acceptedPaymentMethods: ['in-person'],
                billingPaymentMethod: 'card',
              },
              site: {
                name: 'High_Street',
                address: { line1: '1 High Street', city: 'London', postalCode: 'N1 1AA', country: 'GB' },
              },
            },
            merchantId: null,
            hostedVerification: true,
            createdAt: '2026-11-24T09:00:00.000Z',
            updatedAt: '2026-11-24T09:00:00.000Z',
          },
        }),
      'POST /v1/customer-accounts': answer,
    }).handle,
  );
  renderRoutes([{ path: '/onboarding/wizard', Component: OnboardingWizardScreen }], '/onboarding/wizard');
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole('button', { name: i18n.t('onboarding.verification.submit') }, { timeout: 5000 }),
  );
  return screen.findByRole('alert');
}

// SPEC §7 POST /v1/customer-accounts "on failure an error field"; §8 "Unable to … submit onboarding", and merchant
// creation's fallback "An error ocurred when processing this request" when the failure carries no error.
describe('onboarding wizard: what the user reads when the submit fails', { timeout: 20_000 }, () => {
  it.each(LOCALES)('%s: an application submitted meanwhile (409) says so', async (locale) => {
    const alert = await alertAfterSubmitting(locale, () => refusal(409, 'ONBOARDING_SUBMITTED'));
    expect(alert).toHaveTextContent(i18n.t('onboarding.errors.submitted'));
    expect(alert).not.toHaveTextContent('English text');
  });

  it.each(LOCALES)('%s: too many requests (429) says to wait', async (locale) => {
    const alert = await alertAfterSubmitting(locale, () => refusal(429, 'RATE_LIMITED'));
    expect(alert).toHaveTextContent(i18n.t('errors.rateLimited'));
  });

  it.each(LOCALES)(
    '%s: a failure the API names with no code of its own reads "Unable to submit onboarding"',
    async (locale) => {
      const alert = await alertAfterSubmitting(locale, () => refusal(500, 'INTERNAL'));
      const text = i18n.t('onboarding.errors.submit');
      if (locale === 'en-GB') expect(text).toBe('Unable to submit onboarding. Please try again.');
      expect(alert).toHaveTextContent(text);
      expect(alert).not.toHaveTextContent('English text');
    },
  );

  it('en-GB: a refused field (400) still reads "Please ensure all fields are filled correctly"', async () => {
    const alert = await alertAfterSubmitting('en-GB', () =>
      refusal(400, 'VALIDATION_FAILED', [{ field: 'company.phone', rule: 'validation.phoneInvalid' }]),
    );
    expect(alert).toHaveTextContent('Please ensure all fields are filled correctly');
  });

  it('en-GB: no answer at all (the network failed) reads SPEC’s merchant-creation fallback', async () => {
    const alert = await alertAfterSubmitting('en-GB', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(alert).toHaveTextContent('An error ocurred when processing this request');
  });

  it('fr-FR: a gateway’s answer without an error field reads the fallback in French', async () => {
    const alert = await alertAfterSubmitting(
      'fr-FR',
      () => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    expect(alert).toHaveTextContent(i18n.t('onboarding.errors.fallback'));
    expect(alert).not.toHaveTextContent('Bad Gateway');
  });
});
