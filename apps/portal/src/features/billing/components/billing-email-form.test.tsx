import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { BillingEmailForm } from './billing-email-form.tsx';

const ROUTE = 'PUT /v1/merchants/m-1/billing-settings/billing-email';
const settings = (billingEmail: string) => ({
  paymentMethods: [],
  defaultPaymentMethod: null,
  stripeCustomerId: null,
  hasRates: true,
  hasSignedRates: true,
  ratesSignUrl: null,
  billingEmail,
  recommendedPaymentMethods: 2,
});

const render = () =>
  renderRoutes(
    [{ path: '/', Component: () => <BillingEmailForm merchantId="m-1" current="old@example.com" /> }],
    '/',
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

describe('billing e-mail', () => {
  it('saves a new address, lowercased, and says where invoices go', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({
      [ROUTE]: async (request) =>
        jsonResponse(200, {
          data: settings(((await request.json()) as { billingEmail: string }).billingEmail),
        }),
    });
    fetchMock.mockImplementation(fake.handle);
    render();
    const input = screen.getByLabelText(/^Billing e-mail/);
    expect(input).toHaveValue('old@example.com');
    await user.clear(input);
    await user.type(input, 'Accounts@Example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invoices will be sent to accounts@example.com.')).toBeInTheDocument();
    expect(fake.bodiesOf(ROUTE)).toEqual([{ billingEmail: 'accounts@example.com' }]);
  });

  it('does not send an invalid address; a failed save shows the retry message', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({
      [ROUTE]: () => jsonResponse(500, { error: { code: 'INTERNAL', message: 'boom' } }),
    });
    fetchMock.mockImplementation(fake.handle);
    render();
    const input = screen.getByLabelText(/^Billing e-mail/);
    await user.clear(input);
    await user.type(input, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(fake.bodiesOf(ROUTE)).toEqual([]);

    await user.clear(input);
    await user.type(input, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('We could not update the billing e-mail. Please try again.'),
    ).toBeInTheDocument();
    expect(fake.bodiesOf(ROUTE)).toEqual([{ billingEmail: 'new@example.com' }]);
  });
});
