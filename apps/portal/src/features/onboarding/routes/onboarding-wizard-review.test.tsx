import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { applyLocale } from '../../../lib/i18n/i18n.ts';
import OnboardingWizardScreen from './onboarding-wizard.tsx';

const fetchMock = signedInWithFetchSpy();
const APPLICATION = '3f1c2b9e-4d5a-4e6f-8a7b-9c0d1e2f3a4b';
const MERCHANT = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';

afterEach(async () => {
  await applyLocale('en-GB');
  vi.restoreAllMocks();
});

/** The application with its three data steps saved; `submitted` once the merchant exists. */
const application = (submitted: boolean, hostedVerification: boolean) => ({
  applicationId: APPLICATION,
  status: submitted ? 'submitted' : 'in-progress',
  email: 'new.merchant@example.com',
  dealReference: null,
  stepsDone: 3,
  data: {
    company: {
      entityType: 'company',
      country: 'GB',
      legalEntityName: 'Harbour Lights Ltd',
      registrationNumber: '01234567',
      industry: '5812',
      phone: '+44 20 7946 0000',
    },
    payments: { pricing: 'standard', acceptedPaymentMethods: ['in-person'], billingPaymentMethod: 'card' },
    site: {
      name: 'Harbour Main',
      address: { line1: '1 Quay Street', city: 'Bristol', postalCode: 'BS1 4AA', country: 'GB' },
    },
  },
  merchantId: submitted ? MERCHANT : null,
  hostedVerification,
  createdAt: '2026-12-01T09:00:00.000Z',
  updatedAt: '2026-12-01T09:00:00.000Z',
});

function renderWizard() {
  renderRoutes([{ path: '/onboarding/wizard', Component: OnboardingWizardScreen }], '/onboarding/wizard');
}

describe('onboarding wizard, verification step without a hosted provider (decision 0137)', () => {
  it("creates the account and then says the provider's team is reviewing it, with no link to follow", async () => {
    let submitted = false;
    const api = fakeApi({
      'GET /v1/onboarding/applications/current': () =>
        jsonResponse(200, { data: application(submitted, false) }),
      'GET /merchants': () => jsonResponse(200, { data: [] }),
      'POST /v1/customer-accounts': () => {
        submitted = true;
        return jsonResponse(201, { data: { merchantId: MERCHANT, hostedOnboardingLink: null } });
      },
    });
    fetchMock().mockImplementation(api.handle);
    renderWizard();
    expect(
      await screen.findByText(
        'We now create your account. Our team then checks your identity and your company: there is no other site to visit.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText(
        'Our team is reviewing the application for Harbour Lights Ltd. This page will show the outcome once the checks are done.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue verification' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('still offers the hosted page where there is one', async () => {
    fetchMock().mockImplementation(
      fakeApi({
        'GET /v1/onboarding/applications/current': () => jsonResponse(200, { data: application(true, true) }),
      }).handle,
    );
    renderWizard();
    expect(await screen.findByRole('button', { name: 'Continue verification' })).toBeInTheDocument();
    expect(
      screen.getByText('Your account Harbour Lights Ltd is waiting for verification.'),
    ).toBeInTheDocument();
  });

  it('says in Spanish that the team is reviewing a submitted application', async () => {
    await applyLocale('es-ES');
    fetchMock().mockImplementation(
      fakeApi({
        'GET /v1/onboarding/applications/current': () =>
          jsonResponse(200, { data: application(true, false) }),
      }).handle,
    );
    renderWizard();
    expect(
      await screen.findByText(
        'Nuestro equipo está revisando la solicitud de Harbour Lights Ltd. Esta página mostrará el resultado en cuanto terminen las comprobaciones.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuar la verificación' })).not.toBeInTheDocument();
  });
});
