import { LOCALES } from '@mp/domain/locales';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aMerchant } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { applyLocale, i18n } from '../../../lib/i18n/i18n.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import PayoutDetailsScreen from './payout-details.tsx';

const PAYOUT = '77777777-7777-4777-8777-777777777777';
const fetchMock = signedInWithFetchSpy();

afterEach(async () => {
  await applyLocale('en-GB');
});

function renderScreen() {
  return renderRoutes(
    [
      {
        path: '/payouts/:payoutId',
        Component: () => (
          <CurrentMerchantContext.Provider value={aMerchant({ merchantId: 'm-1' })}>
            <PayoutDetailsScreen />
          </CurrentMerchantContext.Provider>
        ),
      },
    ],
    `/payouts/${PAYOUT}`,
  );
}

describe('/payouts/{payoutId}: what the user reads when the API refuses', () => {
  it.each(LOCALES)(
    '%s: a payout that is unknown or not theirs (404) reads "Payout not found"',
    async (locale) => {
      await applyLocale(locale);
      fetchMock().mockImplementation(
        fakeApi({
          [`GET /v1/merchants/m-1/payouts/${PAYOUT}`]: () =>
            jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Payout not found' } }),
        }).handle,
      );
      renderScreen();
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      const text = i18n.t('payouts.notFound', { lng: locale });
      if (locale === 'en-GB') expect(text).toBe('Payout not found');
      else expect(text).not.toBe('Payout not found');
      expect(alert).toHaveTextContent(text);
    },
  );

  it.each(LOCALES)(
    '%s: a failure of the server reads the generic text, never the API’s English',
    async (locale) => {
      await applyLocale(locale);
      fetchMock().mockImplementation(
        fakeApi({
          [`GET /v1/merchants/m-1/payouts/${PAYOUT}`]: () =>
            jsonResponse(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Database down' } }),
        }).handle,
      );
      renderScreen();
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(alert).toHaveTextContent(i18n.t('errors.generic', { lng: locale }));
      expect(alert).not.toHaveTextContent('Database down');
    },
  );
});

describe('/payouts/{payoutId}: a failed payout', () => {
  // The retry day went into the sentence as the API's YYYY-MM-DD ("… relancé le 2026-12-09.").
  it.each(LOCALES)('%s: names the retry day the language’s way', async (locale) => {
    await applyLocale(locale);
    fetchMock().mockImplementation(
      fakeApi({
        [`GET /v1/merchants/m-1/payouts/${PAYOUT}`]: () =>
          jsonResponse(200, {
            data: {
              id: PAYOUT,
              siteId: '66666666-6666-4666-8666-666666666666',
              siteName: 'High Street',
              payoutDate: '2026-12-07',
              status: 'failed',
              amount: 12_000,
              grossAmount: 12_500,
              feesAmount: 500,
              currency: 'EUR',
              reference: 'PO-2026-12-07-HS',
              expectedArrival: null,
              paidAt: null,
              failureCode: 'account-closed',
              failureReason: 'account closed',
              retryOn: '2026-12-09',
              attempts: 1,
              settlementType: 'net',
              days: [],
              entries: [],
              entriesLastKey: null,
            },
          }),
      }).handle,
    );
    renderScreen();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
      .format(new Date('2026-12-09T12:00:00Z'))
      .replace(/\s/g, ' ');
    expect(alert.textContent?.replace(/\s/g, ' ')).toContain(day);
    expect(alert).not.toHaveTextContent('2026-12-09');
  });
});
