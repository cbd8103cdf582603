import { LOCALES, type Locale } from '@mp/domain/locales';
import { translate } from '@mp/domain/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { aMerchant } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { applyLocale, i18n } from '../../../lib/i18n/i18n.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import ReportsScreen from './reports.tsx';
import ReportsDownloadScreen from './reports-download.tsx';

const REPORT = '55555555-5555-4555-8555-555555555555';
const BASE = '/v1/merchants/m-1/reports';
const fetchMock = signedInWithFetchSpy();

afterEach(async () => {
  await applyLocale('en-GB');
});

function renderScreen(path: string, routes: Parameters<typeof fakeApi>[0]) {
  const fake = fakeApi({
    [`GET ${BASE}`]: () => jsonResponse(200, { data: [], lastKey: null }),
    'GET /merchants/m-1/sites': () => jsonResponse(200, { data: [] }),
    ...routes,
  });
  fetchMock().mockImplementation(fake.handle);
  const inMerchant = (screen: React.ReactNode) => (
    <CurrentMerchantContext.Provider value={aMerchant({ merchantId: 'm-1' })}>
      {screen}
    </CurrentMerchantContext.Provider>
  );
  renderRoutes(
    [
      { path: '/reports', Component: () => inMerchant(<ReportsScreen />) },
      { path: '/reports/:reportId/download', Component: () => inMerchant(<ReportsDownloadScreen />) },
    ],
    path,
  );
  return fake;
}

/** Requests a transactions report of March (the form's own checks pass); the API answers `answer`. */
async function requestReport(locale: Locale, answer: () => Response) {
  await applyLocale(locale);
  const user = userEvent.setup();
  renderScreen('/reports', { [`POST ${BASE}`]: answer });
  await user.type(
    await screen.findByLabelText(i18n.t('reports.form.from'), {}, { timeout: 5000 }),
    '2026-03-01',
  );
  await user.type(screen.getByLabelText(i18n.t('reports.form.to')), '2026-03-31');
  await user.click(screen.getByRole('button', { name: i18n.t('reports.form.submit') }));
}

const refusal = (field: string, rule: string) =>
  jsonResponse(400, {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid',
      details: [{ field, rule, message: 'English text the screen must not show' }],
    },
  });

describe('report screens: what the user reads when the API refuses', { timeout: 20_000 }, () => {
  it.each(LOCALES)(
    '%s: a report that is unknown or not theirs (404) reads "Report not found"',
    async (locale) => {
      await applyLocale(locale);
      renderScreen(`/reports/${REPORT}/download`, {
        [`GET ${BASE}/${REPORT}/download`]: () =>
          jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Report not found' } }),
      });
      const text = i18n.t('reports.notFound', { lng: locale });
      if (locale === 'en-GB') expect(text).toBe('Report not found');
      else expect(text).not.toBe('Report not found');
      expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(text);
    },
  );

  it.each(LOCALES)(
    '%s: a range the API finds over 6 months (400 on to) reads SPEC’s text under it',
    async (locale) => {
      await requestReport(locale, () => refusal('to', 'validation.dateRangeTooLarge'));
      const text = translate('validation.dateRangeTooLarge', locale);
      if (locale === 'en-GB')
        expect(text).toBe('Date range too large. Please select a range of 6 months or less.');
      expect(await screen.findByText(text, {}, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.queryByText('English text the screen must not show')).toBeNull();
    },
  );

  it.each(LOCALES)('%s: no site the user may report on (400 on siteId) reads SPEC’s text', async (locale) => {
    await requestReport(locale, () => refusal('siteId', 'validation.siteRequired'));
    const text = translate('validation.siteRequired', locale);
    if (locale === 'en-GB') expect(text).toBe('At least one site must be selected');
    expect(await screen.findByText(text, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('it-IT: a refusal naming no field of the form reads above it, translated, not nothing', async () => {
    await requestReport('it-IT', () => refusal('body', 'unrecognized_keys'));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(translate('validation.invalid', 'it-IT'));
    expect(alert).not.toHaveTextContent('unrecognized_keys');
  });
});
