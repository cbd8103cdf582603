import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aMerchant, aUser, siteManagerOf } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import type { Merchant } from '../../../lib/api/types.ts';
import { applyLocale } from '../../../lib/i18n/i18n.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import HomeScreen from './home.tsx';

const totals = (currency: string) => ({
  data: {
    currency,
    startDate: '2026-01-31',
    count: 1234,
    capturedAmount: 765_432,
    refundedAmount: 12_345,
    netAmount: 753_087,
  },
});

function renderHome(merchant: Merchant) {
  return renderRoutes(
    [
      {
        path: '/',
        Component: () => (
          <CurrentMerchantContext.Provider value={merchant}>
            <HomeScreen />
          </CurrentMerchantContext.Provider>
        ),
      },
    ],
    '/',
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
afterEach(async () => {
  fetchMock.mockRestore();
  sessionStore.clear();
  await applyLocale('en-GB');
});

describe('home: last 30 days', () => {
  it('shows the number of transactions, captured, refunded and net in the amounts’ currency', async () => {
    const api = fakeApi({
      'GET /v1/merchants/m-gb/transactions/totals': () => jsonResponse(200, totals('GBP')),
    });
    fetchMock.mockImplementation(api.handle);
    renderHome(aMerchant({ merchantId: 'm-gb' }));
    const card = await screen.findByRole('region', { name: 'Last 30 days' });
    expect(await within(card).findByText('£7,654.32')).toBeInTheDocument();
    expect(within(card).getByText('Transactions').nextSibling).toHaveTextContent('1,234');
    expect(within(card).getByText('Captured').nextSibling).toHaveTextContent('£7,654.32');
    expect(within(card).getByText('Refunded').nextSibling).toHaveTextContent('£123.45');
    expect(within(card).getByText('Net').nextSibling).toHaveTextContent('£7,530.87');
  });

  it('speaks French and shows euros for a French merchant', async () => {
    await applyLocale('fr-FR');
    fetchMock.mockImplementation(
      fakeApi({ 'GET /v1/merchants/m-fr/transactions/totals': () => jsonResponse(200, totals('EUR')) })
        .handle,
    );
    renderHome(aMerchant({ merchantId: 'm-fr', currency: 'EUR', country: 'FR' }));
    const card = await screen.findByRole('region', { name: '30 derniers jours' });
    // fr-FR groups with a narrow no-break space and puts the euro sign after a no-break space.
    const amountOf = async (label: string) => (await within(card).findByText(label)).nextSibling?.textContent;
    expect(await amountOf('Encaissé')).toBe('7\u202f654,32\u00a0€');
    expect(await amountOf('Remboursé')).toBe('123,45\u00a0€');
    expect(await amountOf('Net')).toBe('7\u202f530,87\u00a0€');
    expect(await amountOf('Transactions')).toBe('1\u202f234');
  });

  it('says so when the totals cannot be loaded', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /v1/merchants/m-gb/transactions/totals': () =>
          jsonResponse(500, { error: { code: 'INTERNAL_ERROR', message: 'Internal error' } }),
      }).handle,
    );
    renderHome(aMerchant({ merchantId: 'm-gb' }));
    expect(
      await screen.findByText('The totals could not be loaded. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('shows no totals to a user without Transaction:ListTransactions anywhere, and asks for none', async () => {
    fetchMock.mockImplementation(fakeApi({}).handle);
    renderHome(aMerchant({ permissions: { companyScoped: ['User:ListUsers'], siteScoped: [] } }));
    expect(await screen.findByText('You are working in Acme Ltd.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Last 30 days' })).not.toBeInTheDocument();
    // The pending-invitations notice may ask for the user's own invitations; nothing asks for transactions.
    const asked = (fetchMock.mock.calls as [RequestInfo | URL][]).map(([input]) =>
      input instanceof Request ? input.url : String(input),
    );
    expect(asked.filter((url) => url.includes('/transactions'))).toEqual([]);
  });

  it('shows a site manager the totals of their sites', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /v1/merchants/m-1/transactions/totals': () => jsonResponse(200, totals('GBP')) }).handle,
    );
    renderHome(aMerchant({ permissions: siteManagerOf('site-1') }));
    expect(await screen.findByRole('region', { name: 'Last 30 days' })).toBeInTheDocument();
  });
});

const aTransaction = (id: string, pspReference: string, amount: number) => ({
  id,
  pspReference,
  merchantReference: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  siteId: '00000000-0000-4000-8000-000000000001',
  siteName: 'High Street',
  deviceId: null,
  deviceLabel: null,
  amount,
  tipAmount: 0,
  currency: 'GBP',
  status: 'captured',
  source: 'adyen-terminal',
  card: { scheme: 'visa', bin: '424242', lastFour: '4242', region: 'domestic' },
});
const page = (rows: ReturnType<typeof aTransaction>[]) => ({
  data: rows,
  lastKey: null,
  totals: null,
  range: { from: '2026-01-31', to: '2026-03-01' },
});

describe('home: latest transactions, live', () => {
  it('lists the newest transactions and shows a new one when the live stream announces it, without a reload', async () => {
    const older = aTransaction('00000000-0000-4000-8000-0000000000a1', 'OLDERPAYMENT0001', 1250);
    const newer = aTransaction('00000000-0000-4000-8000-0000000000a2', 'NEWPAYMENT000002', 9900);
    let rows = [older];
    let announce: (() => void) | undefined;
    const api = fakeApi({
      'GET /v1/merchants/m-gb/transactions/totals': () => jsonResponse(200, totals('GBP')),
      'GET /v1/merchants/m-gb/transactions': () => jsonResponse(200, page(rows)),
      'GET /v1/merchants/m-gb/transactions/events': () => {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode('retry: 3000\n\n: heartbeat\n\n'));
            announce = () => {
              rows = [newer, older];
              controller.enqueue(
                encoder.encode(
                  `id: 1_${newer.id}\nevent: transaction\ndata: ${JSON.stringify({ transactionId: newer.id })}\n\n`,
                ),
              );
            };
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      },
    });
    fetchMock.mockImplementation(api.handle);
    renderHome(aMerchant({ merchantId: 'm-gb' }));

    const latest = await screen.findByRole('region', { name: 'Latest transactions' });
    expect(await within(latest).findByText('£12.50')).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Live updates: Live' })).toBeInTheDocument();
    expect(within(latest).queryByText('£99.00')).not.toBeInTheDocument();

    announce?.();
    expect(await within(latest).findByText('£99.00')).toBeInTheDocument();
    expect(within(latest).getByText('£12.50')).toBeInTheDocument();
    // The stream asked for the caller's merchant, with the bearer token.
    const streamCall = fetchMock.mock.calls
      .map((call: unknown[]) => call[0] as Request)
      .find((request: Request) => request.url.endsWith('/transactions/events'));
    expect(streamCall?.headers.get('Authorization')).toBe('Bearer access');
  });

  it('shows no live badge when the API refuses the stream', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /v1/merchants/m-gb/transactions/totals': () => jsonResponse(200, totals('GBP')),
        'GET /v1/merchants/m-gb/transactions': () => jsonResponse(200, page([])),
      }).handle,
    );
    renderHome(aMerchant({ merchantId: 'm-gb' }));
    const latest = await screen.findByRole('region', { name: 'Latest transactions' });
    expect(await within(latest).findByText('No transactions in the last 30 days.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: /Live updates/ })).not.toBeInTheDocument(),
    );
  });
});

const day = (n: number) => `2026-02-${String(n).padStart(2, '0')}`;
const dashboard = {
  data: {
    startDate: '2026-01-31',
    endDate: '2026-03-01',
    currencies: [
      {
        currency: 'GBP',
        days: Array.from({ length: 28 }, (_, i) => ({
          day: day(i + 1),
          count: 2,
          capturedAmount: 1000,
          refundedAmount: i === 0 ? 500 : 0,
        })),
        bySource: [
          { source: 'adyen-terminal', count: 40, capturedAmount: 25_000 },
          { source: 'pay-by-link', count: 1, capturedAmount: 2_000 },
          { source: 'tap-to-pay', count: 15, capturedAmount: 1_000 },
        ],
      },
      {
        currency: 'EUR',
        days: [{ day: day(3), count: 1, capturedAmount: 9_900, refundedAmount: 0 }],
        bySource: [
          { source: 'adyen-terminal', count: 0, capturedAmount: 0 },
          { source: 'pay-by-link', count: 1, capturedAmount: 9_900 },
          { source: 'tap-to-pay', count: 0, capturedAmount: 0 },
        ],
      },
    ],
  },
};

describe('home: sales dashboard', () => {
  it('shows the 30 days captured and refunded, and the figures by source, one currency at a time', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /v1/merchants/m-gb/transactions/totals': () => jsonResponse(200, totals('GBP')),
        'GET /v1/merchants/m-gb/transactions/dashboard': () => jsonResponse(200, dashboard),
      }).handle,
    );
    renderHome(aMerchant({ merchantId: 'm-gb' }));
    const sales = await screen.findByRole('region', { name: 'Sales per day' });
    expect(
      await within(sales).findByText('GBP: £280.00 captured and £5.00 refunded from 31 Jan to 1 Mar.'),
    ).toBeInTheDocument();
    const sources = screen.getByRole('region', { name: 'By source, last 30 days (GBP)' });
    expect(within(sources).getByText('In person').nextSibling).toHaveTextContent('£250.00');
    expect(within(sources).getByText('40 transactions')).toBeInTheDocument();
    expect(within(sources).getByText('1 transaction')).toBeInTheDocument();

    // Amounts of two currencies are never added: a switch shows the other one.
    await userEvent.click(within(sales).getByRole('radio', { name: 'EUR' }));
    expect(
      await within(sales).findByText('EUR: €99.00 captured and €0.00 refunded from 31 Jan to 1 Mar.'),
    ).toBeInTheDocument();
    const euros = screen.getByRole('region', { name: 'By source, last 30 days (EUR)' });
    expect(within(euros).getByText('Pay by link').nextSibling).toHaveTextContent('€99.00');
  });

  it('says so when the dashboard cannot be loaded, and keeps the other cards', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /v1/merchants/m-gb/transactions/totals': () => jsonResponse(200, totals('GBP')),
        'GET /v1/merchants/m-gb/transactions/dashboard': () =>
          jsonResponse(400, { error: { code: 'VALIDATION_FAILED', message: 'Bad' } }),
      }).handle,
    );
    renderHome(aMerchant({ merchantId: 'm-gb' }));
    const sales = await screen.findByRole('region', { name: 'Sales per day' });
    expect(
      await within(sales).findByText('The dashboard figures could not be loaded. Please try again later.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('£7,654.32')).toBeInTheDocument();
  });
});
