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
const REFUND = `POST /v1/merchants/m-1/transactions/${TX}/refunds`;

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

describe('refund dialog in the transaction drawer', { timeout: 30_000 }, () => {
  it('prefills what is left, refuses 0 and too much with SPEC §5 texts, refunds part with one key, then shows it pending', async () => {
    const user = userEvent.setup();
    let refunded = false;
    const keys: (string | null)[] = [];
    const fake = fakeApi({
      [DETAIL]: () =>
        jsonResponse(
          200,
          refunded
            ? detail(
                1500,
                [
                  {
                    id: '44444444-4444-4444-8444-444444444444',
                    amount: 1000,
                    currency: 'GBP',
                    status: 'pending',
                    failureReason: null,
                    pspReference: '1234567890123456',
                    createdAt: '2026-11-23T10:00:00.000Z',
                  },
                ],
                'refund-pending',
              )
            : detail(2500),
        ),
      [REFUND]: (request) => {
        keys.push(request.headers.get('Idempotency-Key'));
        refunded = true;
        return jsonResponse(201, { data: {} });
      },
    });
    fetchMock.mockImplementation(fake.handle);
    renderDrawer(aMerchant({ merchantId: 'm-1' }));

    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund transaction' });
    const input = within(dialog).getByLabelText(/^Amount to refund/);
    expect(input).toHaveValue('25.00');

    await user.clear(input);
    await user.type(input, '0');
    await user.tab();
    expect(await within(dialog).findByText('Refund amount must be greater than 0')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '25.01');
    expect(
      await within(dialog).findByText('Refund amount cannot be more than the remaining refundable amount'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(fake.bodiesOf(REFUND)).toEqual([]);

    await user.clear(input);
    await user.type(input, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await screen.findByText('Refund of £10.00 requested. It shows as pending until the PSP confirms it.'),
    ).toBeInTheDocument();
    expect(fake.bodiesOf(REFUND)).toEqual([{ amount: 1000 }]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund transaction' })).toBeNull());
    expect(await screen.findByText('£15.00')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });

  it('shows SPEC §8’s messages: the PSP refused, or anything else failed', async () => {
    const user = userEvent.setup();
    let answer = 422;
    fetchMock.mockImplementation(
      fakeApi({
        [DETAIL]: () => jsonResponse(200, detail(2500)),
        [REFUND]: () =>
          answer === 422
            ? jsonResponse(422, {
                error: { code: 'REFUND_REFUSED', message: 'Unable to refund transaction.' },
              })
            : jsonResponse(502, { error: { code: 'REFUND_FAILED', message: 'x' } }),
      }).handle,
    );
    renderDrawer(aMerchant({ merchantId: 'm-1' }));
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund transaction' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Unable to refund transaction.');
    answer = 502;
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'An error occurred while refunding the transaction.',
      ),
    );
  });

  it('offers no refund without Transaction:RefundTransaction on the transaction’s site', async () => {
    fetchMock.mockImplementation(fakeApi({ [DETAIL]: () => jsonResponse(200, detail(2500)) }).handle);
    renderDrawer(
      aMerchant({
        merchantId: 'm-1',
        permissions: {
          companyScoped: [],
          siteScoped: [{ siteId: SITE, permissions: ['Transaction:ListTransactions'] }],
        },
      }),
    );
    expect(await screen.findByText('Refundable:')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
