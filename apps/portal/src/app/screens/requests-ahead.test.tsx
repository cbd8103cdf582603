import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aMerchant, aUser } from '../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../test/signed-in.ts';
import { currentMerchantStore } from '../../features/merchants/current-merchant-store.ts';
import { claimSentAhead, sendAhead } from '../../lib/api/sent-ahead.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { queryClient } from '../query-client.ts';
import { createRoutes } from '../router.tsx';
import { screenRequestsAhead } from './requests-ahead.ts';

// A page's first two calls are sent early once per user and page load: each test signs in a user of its own.
let users = 0;
const nextUser = () => aUser({ id: `user-ahead-${++users}`, firstName: 'Ada' });
let user = nextUser();
const fetchMock = signedInWithFetchSpy(() => user);
const asked = () =>
  (fetchMock().mock.calls as [RequestInfo | URL][]).map(([input]) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return `${url.pathname.replace(/^\/api/, '')}${url.search}`;
  });

afterEach(() => {
  cleanup();
  queryClient.clear();
  user = nextUser();
});

const totals = (count: number) => ({
  data: {
    currency: 'GBP',
    startDate: '2026-01-31',
    count,
    capturedAmount: 765_432,
    refundedAmount: 12_345,
    netAmount: 753_087,
  },
});

const HOME_PATHS = (merchantId: string) => [
  `/v1/merchants/${merchantId}/transactions/totals`,
  `/v1/merchants/${merchantId}/transactions/dashboard`,
  `/v1/merchants/${merchantId}/transactions?includeTotals=true`,
];

/** An answer held back until the test lets it go. */
function held() {
  let release: (response: Response) => void = () => undefined;
  const answer = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { answer, release };
}

describe("a signed-in page's first load sends its screen's first requests ahead (issue 16 §2)", () => {
  it('sends home’s requests with /identity/me and /merchants, for the merchant opened last, and shows their answers without asking again', async () => {
    currentMerchantStore.noteOpened(user.id, 'm-gb');
    const merchants = held();
    fetchMock().mockImplementation(
      fakeApi({
        'GET /identity/me': () => jsonResponse(200, { data: user }),
        'GET /merchants': () => merchants.answer,
        'GET /v1/merchants/m-gb/transactions/totals': () => jsonResponse(200, totals(1234)),
        'GET /v1/merchants/m-gb/transactions/dashboard': () =>
          jsonResponse(200, { data: { currencies: [] } }),
        'GET /v1/merchants/m-gb/transactions': () =>
          jsonResponse(200, {
            data: [],
            lastKey: null,
            totals: [],
            range: { from: '2026-01-01', to: '2026-01-31' },
          }),
      }).handle,
    );
    renderRoutes(createRoutes(), '/');

    // Before /merchants has answered, the screen's three requests are on their way.
    await waitFor(() => expect(asked()).toEqual(expect.arrayContaining(HOME_PATHS('m-gb'))));
    merchants.release(jsonResponse(200, { data: [aMerchant({ merchantId: 'm-gb' })] }));

    const card = await screen.findByRole('region', { name: 'Last 30 days' }, { timeout: 5_000 });
    expect(await within(card).findByText('£7,654.32')).toBeInTheDocument();
    expect(within(card).getByText('Transactions').nextSibling).toHaveTextContent('1,234');
    for (const path of HOME_PATHS('m-gb')) expect(asked().filter((url) => url === path)).toEqual([path]);
  });

  it('asks again for the merchant resolved when it is not the one opened last, and shows only its answers', async () => {
    currentMerchantStore.noteOpened(user.id, 'm-old');
    fetchMock().mockImplementation(
      fakeApi({
        'GET /identity/me': () => jsonResponse(200, { data: user }),
        'GET /merchants': () => jsonResponse(200, { data: [aMerchant({ merchantId: 'm-gb' })] }),
        'GET /v1/merchants/m-old/transactions/totals': () => jsonResponse(200, totals(999)),
        'GET /v1/merchants/m-gb/transactions/totals': () => jsonResponse(200, totals(1234)),
      }).handle,
    );
    renderRoutes(createRoutes(), '/');

    const card = await screen.findByRole('region', { name: 'Last 30 days' }, { timeout: 5_000 });
    await waitFor(() =>
      expect(within(card).getByText('Transactions').nextSibling).toHaveTextContent('1,234'),
    );
    expect(asked()).toEqual(expect.arrayContaining([...HOME_PATHS('m-old'), ...HOME_PATHS('m-gb')]));
    // The guard remembers the merchant it resolved, for the next load.
    expect(currentMerchantStore.lastOpened(user.id)).toBe('m-gb');
  });

  it('sends nothing ahead on a first visit (no merchant opened yet), and notes the merchant the guard resolved', async () => {
    fetchMock().mockImplementation(
      fakeApi({
        'GET /identity/me': () => jsonResponse(200, { data: user }),
        'GET /merchants': () => jsonResponse(200, { data: [aMerchant({ merchantId: 'm-gb' })] }),
      }).handle,
    );
    renderRoutes(createRoutes(), '/');
    await screen.findByRole('region', { name: 'Last 30 days' }, { timeout: 5_000 });
    expect(asked().indexOf('/v1/merchants/m-gb/transactions/totals')).toBeGreaterThan(
      asked().indexOf('/merchants'),
    );
    expect(currentMerchantStore.lastOpened(user.id)).toBe('m-gb');
  });

  it('sends nothing ahead under a staff override, and does not note its merchant', async () => {
    const override = aMerchant({ merchantId: 'm-override', legalEntityName: 'Override Ltd' });
    currentMerchantStore.noteOpened(user.id, 'm-gb');
    currentMerchantStore.startOverride(user.id, {
      merchant: override,
      overrideId: 'o-1',
      reason: 'Support ticket 42',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    fetchMock().mockImplementation(
      fakeApi({
        'GET /identity/me': () => jsonResponse(200, { data: user }),
        'GET /merchants': () => jsonResponse(200, { data: [aMerchant({ merchantId: 'm-gb' })] }),
      }).handle,
    );
    renderRoutes(createRoutes(), '/');
    await waitFor(() => expect(asked()).toContain('/merchants'));
    await waitFor(() => expect(currentMerchantStore.override(user.id)).not.toBeNull());
    expect(asked().filter((url) => url.startsWith('/v1/merchants/m-gb/'))).toEqual([]);
    expect(currentMerchantStore.lastOpened(user.id)).toBe('m-gb');
    currentMerchantStore.endOverride(user.id);
  });
});

describe('the paths sent ahead are the ones the screens ask for', () => {
  it('names the list the URL filters ask for on /transactions (in the API’s date form), and the sites', () => {
    expect(
      screenRequestsAhead(
        'transactions',
        new URL('http://localhost/transactions?from=2026.01.01&to=2026.01.31&status=captured'),
        'm-gb',
      ),
    ).toEqual([
      '/v1/merchants/m-gb/transactions?from=2026-01-01&to=2026-01-31&status=captured&includeTotals=true',
      '/merchants/m-gb/sites',
    ]);
  });

  it('names no list for a search the screen refuses, the rates on company settings, nothing elsewhere', () => {
    const at = (path: string) => new URL(path, 'http://localhost');
    expect(screenRequestsAhead('transactions', at('/transactions?from=2026.01.01&psp=ABC'), 'm-gb')).toEqual([
      '/merchants/m-gb/sites',
    ]);
    expect(screenRequestsAhead('company-settings', at('/company-settings'), 'm-gb')).toEqual([
      '/v1/merchants/m-gb/rates',
    ]);
    expect(screenRequestsAhead('users', at('/users'), 'm-gb')).toEqual([]);
  });
});

describe('an answer sent ahead', () => {
  it('goes to the first identical request of the same user, once', async () => {
    fetchMock().mockImplementation(async () => jsonResponse(200, { data: 'ahead' }));
    sendAhead(user.id, '/v1/merchants/m-gb/rates');
    const claimed = claimSentAhead('/v1/merchants/m-gb/rates');
    expect(await (await claimed)?.json()).toEqual({ data: 'ahead' });
    expect(claimSentAhead('/v1/merchants/m-gb/rates')).toBeUndefined();
    expect(claimSentAhead('/v1/merchants/m-gb/sites')).toBeUndefined();
  });

  it('is not given to another user signed in meanwhile', () => {
    fetchMock().mockImplementation(async () => jsonResponse(200, { data: 'ahead' }));
    sendAhead(user.id, '/v1/merchants/m-gb/rates');
    sessionStore.set({
      ...(sessionStore.get() as NonNullable<ReturnType<typeof sessionStore.get>>),
      user: nextUser(),
    });
    expect(claimSentAhead('/v1/merchants/m-gb/rates')).toBeUndefined();
  });

  it('is dropped unread when nobody asks for it within 10 s, and a failed one throws nowhere', async () => {
    vi.useFakeTimers();
    try {
      fetchMock().mockImplementation(async () => {
        throw new TypeError('Failed to fetch');
      });
      sendAhead(user.id, '/v1/merchants/m-gb/rates');
      await vi.advanceTimersByTimeAsync(10_000);
      expect(claimSentAhead('/v1/merchants/m-gb/rates')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
