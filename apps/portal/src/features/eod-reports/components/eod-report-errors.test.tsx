import { LOCALES, type Locale } from '@mp/domain/locales';
import { translate } from '@mp/domain/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aMerchant } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { applyLocale, i18n } from '../../../lib/i18n/i18n.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import EodReportsScreen from '../../reporting/routes/eod-reports.tsx';

const REPORT = '88888888-8888-4888-8888-888888888888';
const SITE = '66666666-6666-4666-8666-666666666666';
const BASE = '/v1/merchants/m-1/eod-reports';
const fetchMock = signedInWithFetchSpy();

afterEach(async () => {
  await applyLocale('en-GB');
});

function renderScreen(
  path: string,
  answer: () => Response,
  list: () => Response = () => jsonResponse(200, { data: [], lastKey: null }),
) {
  const fake = fakeApi({
    [`GET ${BASE}`]: list,
    'GET /merchants/m-1/sites': () =>
      jsonResponse(200, { data: [{ siteId: SITE, name: 'High Street', displayName: null }] }),
    [`GET ${BASE}/${REPORT}`]: answer,
    [`POST ${BASE}`]: answer,
  });
  fetchMock().mockImplementation(fake.handle);
  renderRoutes(
    [
      {
        path: '/eod-reports',
        Component: () => (
          <CurrentMerchantContext.Provider value={aMerchant({ merchantId: 'm-1' })}>
            <EodReportsScreen />
          </CurrentMerchantContext.Provider>
        ),
      },
    ],
    path,
  );
  return fake;
}

/** A label as it reads, followed by the required mark. */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Asks for High Street's report of a day (the form's own checks pass) and answers the form. */
async function requestReport(locale: Locale, answer: () => Response, list?: () => Response) {
  await applyLocale(locale);
  const user = userEvent.setup();
  const fake = renderScreen('/eod-reports', answer, list);
  // The end-of-day texts load with the screen (EodTexts).
  await vi.waitFor(() => expect(i18n.exists('eodReports.form.title', { lng: locale })).toBe(true), {
    timeout: 5000,
  });
  const form = await screen.findByRole('form', { name: i18n.t('eodReports.form.title') }, { timeout: 5000 });
  const site = within(form).getByRole('combobox', { name: startsWith(i18n.t('eodReports.form.site')) });
  await user.click(site);
  // The options of this select (the filter bar's lists the same sites).
  await vi.waitFor(() =>
    expect(document.getElementById(site.getAttribute('aria-controls') ?? '')).not.toBeNull(),
  );
  const options = document.getElementById(site.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(await within(options).findByText('High Street', {}, { timeout: 5000 }));
  await user.type(within(form).getByLabelText(startsWith(i18n.t('eodReports.form.day'))), '2026-03-02');
  await user.click(within(form).getByRole('button', { name: i18n.t('eodReports.form.submit') }));
  return { form, fake };
}

describe('/eod-reports: what the user reads when the API refuses', { timeout: 20_000 }, () => {
  it.each(LOCALES)(
    '%s: a report that is unknown or not theirs (404) reads "End-of-day report not found"',
    async (locale) => {
      await applyLocale(locale);
      renderScreen(`/eod-reports?report=${REPORT}`, () =>
        jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'End-of-day report not found' } }),
      );
      const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
      const alert = await within(dialog).findByRole('alert', {}, { timeout: 5000 });
      const text = i18n.t('eodReports.notFound', { lng: locale });
      if (locale === 'en-GB') expect(text).toBe('End-of-day report not found');
      else expect(text).not.toBe('End-of-day report not found');
      expect(alert).toHaveTextContent(text);
    },
  );

  it.each(LOCALES)(
    '%s: a day that has not closed (400 on tradingDay) reads the rule under the day',
    async (locale) => {
      const { form } = await requestReport(locale, () =>
        jsonResponse(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The request is not valid',
            details: [
              {
                field: 'tradingDay',
                rule: 'validation.eodDayNotClosed',
                message: translate('validation.eodDayNotClosed', 'en-GB'),
              },
            ],
          },
        }),
      );
      expect(
        await within(form).findByText(translate('validation.eodDayNotClosed', locale), {}, { timeout: 5000 }),
      ).toBeInTheDocument();
    },
  );

  it('a refusal naming no field of the form, or a rule that is not a text key, still reads a translated text', async () => {
    const { form } = await requestReport('fr-FR', () =>
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'The request is not valid',
          details: [{ field: 'body', rule: 'invalid_type', message: 'Invalid input' }],
        },
      }),
    );
    expect(await within(form).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      translate('validation.invalid', 'fr-FR'),
    );
    expect(form).not.toHaveTextContent('invalid_type');
    expect(form).not.toHaveTextContent('Invalid input');
  });

  it('a zod rule on a field of the form reads "Invalid value" in the user’s language, not the rule’s code', async () => {
    const { form } = await requestReport('es-ES', () =>
      jsonResponse(400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'The request is not valid',
          details: [{ field: 'tradingDay', rule: 'invalid_format', message: 'Invalid date' }],
        },
      }),
    );
    expect(
      await within(form).findByText(translate('validation.invalid', 'es-ES'), {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(form).not.toHaveTextContent('invalid_format');
  });
});

describe('/eod-reports: the report asked for is ready', { timeout: 20_000 }, () => {
  // The toast named the trading day as the API's YYYY-MM-DD in every language.
  it.each(LOCALES)('%s: the toast names the day the language’s way', async (locale) => {
    let asked = false;
    let reads = 0;
    const report = (state: 'NEW' | 'READY') => ({
      id: REPORT,
      siteId: SITE,
      siteName: 'High Street',
      tradingDay: '2026-03-02',
      timeZone: 'Europe/London',
      windowStart: null,
      windowEnd: null,
      state,
      origin: 'requested',
      currency: 'GBP',
      totals: null,
      error: null,
      generatedAt: null,
      createdAt: '2026-03-03T09:00:00Z',
    });
    await requestReport(
      locale,
      () => {
        asked = true;
        return jsonResponse(201, { data: { eodReportId: REPORT } });
      },
      () => {
        if (asked) reads += 1;
        const data = !asked ? [] : [report(reads === 1 ? 'NEW' : 'READY')];
        return jsonResponse(200, { data, lastKey: null });
      },
    );
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
      .format(new Date('2026-03-02T12:00:00Z'))
      .replace(/\s/g, ' ');
    const toast = await screen.findByText(
      i18n.t('eodReports.ready', { site: 'High Street', day: 'DAY' }).replace(/\s/g, ' ').replace('DAY', day),
      {},
      { timeout: 10_000 },
    );
    expect(toast).toBeInTheDocument();
  });
});
