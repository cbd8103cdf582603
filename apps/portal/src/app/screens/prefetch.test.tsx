import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { aMerchant, aUser, siteManagerOf } from '../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes, TestProviders } from '../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../test/signed-in.ts';
import TransactionsScreen from '../../features/transactions/routes/transactions.tsx';
import type { Merchant } from '../../lib/api/types.ts';
import { CurrentMerchantContext } from '../../lib/merchant/current-merchant.ts';
import type { GuardContext } from '../guards/guard.ts';
import { queryClient } from '../query-client.ts';
import { createRoutes } from '../router.tsx';
import { prefetchCompanySettings, prefetchHome, prefetchTransactions } from './prefetch.ts';

const merchant = aMerchant({ merchantId: 'm-gb' });

function contextAt(path: string, of: Merchant = merchant): GuardContext {
  return {
    routeId: 'transactions',
    url: new URL(path, 'http://localhost'),
    params: {},
    user: aUser(),
    merchants: [of],
    merchant: of,
    flags: {} as GuardContext['flags'],
    developer: false,
    hasCompanionTokens: false,
  };
}

const aTransaction = (id: string, pspReference: string) => ({
  id,
  pspReference,
  merchantReference: null,
  createdAt: '2026-01-10T10:00:00.000Z',
  siteId: '00000000-0000-4000-8000-000000000001',
  siteName: 'High Street',
  deviceId: null,
  deviceLabel: null,
  amount: 1250,
  tipAmount: 0,
  currency: 'GBP',
  status: 'captured',
  source: 'adyen-terminal',
  card: { scheme: 'visa', bin: '424242', lastFour: '4242', region: 'domestic' },
});

const fetchMock = signedInWithFetchSpy();
const asked = () =>
  (fetchMock().mock.calls as [RequestInfo | URL][]).map(([input]) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return `${url.pathname.replace(/^\/api/, '')}${url.search}`;
  });

afterEach(() => {
  // Unmount first (the setup's cleanup runs after this hook): a screen still mounted would refill the cache.
  cleanup();
  queryClient.clear();
});

describe("a screen's first requests, sent by its route's loader (issue 16 §2)", () => {
  it('asks for the page the URL filters name before the screen renders, and the screen does not ask again', async () => {
    const api = fakeApi({
      'GET /v1/merchants/m-gb/transactions': () =>
        jsonResponse(200, {
          data: [aTransaction('t-1', 'PSP-ONE')],
          lastKey: null,
          totals: null,
          range: { from: '2026-01-01', to: '2026-01-31' },
        }),
      'GET /merchants/m-gb/sites': () => jsonResponse(200, { data: [] }),
      'GET /v1/merchants/m-gb/transactions/events': () => jsonResponse(403, { error: { code: 'FORBIDDEN' } }),
    });
    fetchMock().mockImplementation(api.handle);
    const path = '/transactions?from=2026.01.01&to=2026.01.31&status=captured';

    prefetchTransactions(contextAt(path));
    // Sent at once, without the screen: the list with the URL's filters (the API's date form) and the sites.
    expect(asked()).toEqual([
      '/v1/merchants/m-gb/transactions?from=2026-01-01&to=2026-01-31&status=captured&includeTotals=true',
      '/merchants/m-gb/sites',
    ]);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    const router = createMemoryRouter(
      [
        {
          path: '/transactions',
          Component: () => (
            <CurrentMerchantContext.Provider value={merchant}>
              <TransactionsScreen />
            </CurrentMerchantContext.Provider>
          ),
        },
      ],
      { initialEntries: [path] },
    );
    render(
      <TestProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getByText('PSP-ONE')).toBeInTheDocument();
    // The screen's queries found the answers under their own keys: one request each, the loader's.
    expect(asked().filter((url) => url.startsWith('/v1/merchants/m-gb/transactions?'))).toHaveLength(1);
    expect(asked().filter((url) => url === '/merchants/m-gb/sites')).toHaveLength(1);
  });

  it('sends no list request for a search the screen refuses (a date range and PSP references together)', () => {
    fetchMock().mockImplementation(fakeApi({}).handle);
    prefetchTransactions(contextAt('/transactions?from=2026.01.01&psp=ABC'));
    expect(asked()).toEqual(['/merchants/m-gb/sites']);
  });

  it("asks for home's figures only when the user may list transactions", () => {
    fetchMock().mockImplementation(fakeApi({}).handle);
    prefetchHome(
      contextAt('/', aMerchant({ permissions: { companyScoped: ['User:ListUsers'], siteScoped: [] } })),
    );
    expect(asked()).toEqual([]);
    prefetchHome(contextAt('/'));
    expect(asked()).toEqual([
      '/v1/merchants/m-gb/transactions/totals',
      '/v1/merchants/m-gb/transactions/dashboard',
      '/v1/merchants/m-gb/transactions?includeTotals=true',
    ]);
  });

  it("asks for the company's rates on company settings", () => {
    fetchMock().mockImplementation(fakeApi({}).handle);
    prefetchCompanySettings(contextAt('/company-settings'));
    expect(asked()).toEqual(['/v1/merchants/m-gb/rates']);
  });

  it('asks for no rates for a user without Company:GetRates company-wide (the guard’s permissions)', () => {
    fetchMock().mockImplementation(fakeApi({}).handle);
    prefetchCompanySettings(
      contextAt('/company-settings', aMerchant({ merchantId: 'm-gb', permissions: siteManagerOf('site-1') })),
    );
    prefetchCompanySettings(
      contextAt(
        '/company-settings',
        aMerchant({ merchantId: 'm-gb', permissions: { companyScoped: ['User:ListUsers'], siteScoped: [] } }),
      ),
    );
    expect(asked()).toEqual([]);
  });
});

describe('company settings opened from the route table: the rates only for those the guard lets in', () => {
  const rates = '/v1/merchants/m-gb/rates';
  function openCompanySettings(of: Merchant) {
    fetchMock().mockImplementation(
      fakeApi({
        'GET /identity/me': () => jsonResponse(200, { data: aUser() }),
        'GET /merchants': () => jsonResponse(200, { data: [of] }),
      }).handle,
    );
    return renderRoutes(createRoutes(), '/company-settings');
  }

  it('sends a user without Company:GetRates to not-found, and asks for no rates', async () => {
    const { router } = openCompanySettings(
      aMerchant({ merchantId: 'm-gb', permissions: siteManagerOf('site-1') }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'), { timeout: 5000 });
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(asked()).toContain('/merchants');
    expect(asked().filter((url) => url.startsWith(rates))).toEqual([]);
  });

  it('asks for the rates when a holder of Company:GetRates opens it', async () => {
    const { router } = openCompanySettings(aMerchant({ merchantId: 'm-gb' }));
    await waitFor(() => expect(asked().filter((url) => url.startsWith(rates)).length).toBeGreaterThan(0), {
      timeout: 5000,
    });
    expect(router.state.location.pathname).toBe('/company-settings');
  });
});
