import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aMerchant, aUser } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import type { Merchant } from '../../../lib/api/types.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { TransactionDrawer } from './transaction-drawer.tsx';

const SITE = '11111111-1111-4111-8111-111111111111';
const TX = '33333333-3333-4333-8333-333333333333';
const DETAIL = `GET /v1/merchants/m-1/transactions/${TX}`;
const RECEIPT = `POST /v1/merchants/m-1/transactions/${TX}/receipts`;

const detail = (refundable: number, refunds: unknown[] = [], status = 'captured') => ({
  data: {
    transaction: {
      id: TX,
      pspReference: 'PSP0000000000001',
      merchantReference: null,
      createdAt: '2026-11-20T10:15:00.000Z',
      siteId: SITE,
      siteName: 'Shoreditch',
      deviceId: null,
      deviceLabel: null,
      amount: 2000,
      tipAmount: 500,
      currency: 'GBP',
      status,
      source: 'adyen-terminal',
      card: { scheme: 'visa', bin: '424242', lastFour: '4242', region: 'domestic' },
    },
    events: [],
    refunds,
    refundableAmount: refundable,
    payoutIds: [],
  },
});

function renderDrawer(merchant: Merchant) {
  return renderRoutes(
    [
      {
        path: '/transactions',
        Component: () => (
          <CurrentMerchantContext.Provider value={merchant}>
            <TransactionDrawer merchantId="m-1" transactionId={TX} onClose={() => {}} />
          </CurrentMerchantContext.Provider>
        ),
      },
    ],
    '/transactions',
  );
}

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

describe('e-mail receipt dialog in the transaction drawer', { timeout: 30_000 }, () => {
  it('checks the address as typed, sends it in the chosen language and confirms with a toast', async () => {
    const user = userEvent.setup();
    const fake = fakeApi({
      [DETAIL]: () => jsonResponse(200, detail(2500)),
      [RECEIPT]: async (request) => {
        const body = (await request.clone().json()) as { email: string; locale: string };
        return jsonResponse(201, { data: { to: body.email, locale: body.locale } });
      },
    });
    fetchMock.mockImplementation(fake.handle);
    renderDrawer(aMerchant({ merchantId: 'm-1' }));

    await user.click(await screen.findByRole('button', { name: 'Email receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email the receipt' });
    const input = within(dialog).getByLabelText('Email address');
    await user.type(input, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send receipt' }));
    expect(await within(dialog).findByText('Email must be valid')).toBeInTheDocument();
    expect(fake.bodiesOf(RECEIPT)).toEqual([]);

    await user.clear(input);
    await user.type(input, ' Customer@Example.com ');
    await user.click(within(dialog).getByLabelText('Language of the receipt'));
    await user.click(await screen.findByText('Français'));
    await user.click(within(dialog).getByRole('button', { name: 'Send receipt' }));
    expect(await screen.findByText('Receipt sent to customer@example.com.')).toBeInTheDocument();
    expect(fake.bodiesOf(RECEIPT)).toEqual([{ email: 'customer@example.com', locale: 'fr-FR' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Email the receipt' })).toBeNull());
  });

  it('shows SPEC §8’s inactive-recipient message, the limit when too many were sent, or a generic failure', async () => {
    const user = userEvent.setup();
    let answer = 422;
    fetchMock.mockImplementation(
      fakeApi({
        [DETAIL]: () => jsonResponse(200, detail(2500)),
        [RECEIPT]: () =>
          answer === 422
            ? jsonResponse(422, {
                error: {
                  code: 'RECIPIENT_INACTIVE',
                  message: 'x',
                  details: [{ field: 'email', rule: 'receipt.recipientInactive', message: 'x' }],
                },
              })
            : answer === 429
              ? jsonResponse(429, { error: { code: 'LIMIT_EXCEEDED', message: 'x' } })
              : jsonResponse(502, { error: { code: 'RECEIPT_FAILED', message: 'x' } }),
      }).handle,
    );
    renderDrawer(aMerchant({ merchantId: 'm-1' }));
    await user.click(await screen.findByRole('button', { name: 'Email receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email the receipt' });
    await user.type(within(dialog).getByLabelText('Email address'), 'bounced@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send receipt' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This email address cannot receive emails: an earlier email to it bounced. Please use another address.',
    );
    answer = 429;
    await user.click(within(dialog).getByRole('button', { name: 'Send receipt' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Too many receipts have been sent for now. Please try again later.',
      ),
    );
    answer = 502;
    await user.click(within(dialog).getByRole('button', { name: 'Send receipt' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'An error occurred while sending the receipt.',
      ),
    );
  });
});
