import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aMerchant, aUser } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import AddPaymentMethodScreen from './add-payment-method.tsx';

// Stripe.js is Stripe's script from its CDN; here the two packages are stood in for, and the test checks what
// the screen hands them: the publishable key, the SetupIntent's client secret and the return URL.
const confirmSetup = vi.fn(async () => ({ error: { message: 'Your card number is incomplete.' } }));
const loadStripe = vi.fn(async (_key: string) => ({ confirmSetup }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => loadStripe(key) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => (
    <div data-testid="elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: () => <div>Stripe payment element</div>,
  useStripe: () => ({ confirmSetup }),
  useElements: () => ({ submit: vi.fn() }),
}));

const SESSION = '55555555-5555-4555-8555-555555555555';
const render = () =>
  renderRoutes(
    [
      {
        path: '/billing/payment-methods/new',
        Component: () => (
          <CurrentMerchantContext.Provider value={aMerchant({ merchantId: 'm-1' })}>
            <AddPaymentMethodScreen />
          </CurrentMerchantContext.Provider>
        ),
      },
    ],
    '/billing/payment-methods/new',
  );

let fetchMock: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch');
  sessionStore.set({
    user: aUser(),
    tokens: {
      idToken: 'id',
      accessToken: 'access',
      refreshToken: 'refresh',
      expiresAt: Date.now() + 3_600_000,
    },
  });
});
afterEach(() => {
  fetchMock.mockRestore();
  sessionStore.clear();
});

describe('/billing/payment-methods/new with Stripe configured', () => {
  it('mounts Stripe Elements with the SetupIntent and confirms it with the success page as return URL', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(
      fakeApi({
        'POST /v1/merchants/m-1/billing/session': () =>
          jsonResponse(201, {
            data: {
              sessionId: SESSION,
              paymentToken: 'seti_1_secret_abc',
              stripePublicKey: 'pk_test_invoices',
              hostedPageUrl: 'http://localhost/billing/payment-methods/new',
            },
          }),
      }).handle,
    );
    render();
    await user.click(screen.getByRole('button', { name: 'Continue to the secure page' }));
    expect(await screen.findByText('Stripe payment element')).toBeInTheDocument();
    expect(screen.getByTestId('elements')).toHaveAttribute('data-client-secret', 'seti_1_secret_abc');
    expect(loadStripe).toHaveBeenCalledWith('pk_test_invoices');

    await user.click(screen.getByRole('button', { name: 'Save payment method' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(confirmSetup).toHaveBeenCalledWith({
      elements: expect.anything(),
      confirmParams: {
        return_url: `${window.location.origin}/payment-method-success?merchant=m-1&session=${SESSION}`,
      },
    });
  });
});
