import { LOCALES, type Locale } from '@mp/domain/locales';
import { translate } from '@mp/domain/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { aMerchant, aSite } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { applyLocale, i18n } from '../../../lib/i18n/i18n.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import EditSiteScreen from './edit-site.tsx';
import NewSiteScreen from './new-site.tsx';

const SITE = '66666666-6666-4666-8666-666666666666';
const SITES = '/merchants/m-1/sites';
const site = aSite({ siteId: SITE });
const refusal = (status: number, details: { field: string; rule: string }[], code = 'VALIDATION_FAILED') =>
  jsonResponse(status, {
    error: {
      code,
      message: 'The request is not valid',
      details: details.map((detail) => ({ ...detail, message: 'English text the screen must not show' })),
    },
  });
/** A label as it reads, followed by the required mark. */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const fetchMock = signedInWithFetchSpy();

afterEach(async () => {
  await applyLocale('en-GB');
});

function renderScreen(path: string) {
  const inMerchant = (screen: React.ReactNode) => (
    <CurrentMerchantContext.Provider value={aMerchant({ merchantId: 'm-1' })}>
      {screen}
    </CurrentMerchantContext.Provider>
  );
  return renderRoutes(
    [
      { path: '/new-site', Component: () => inMerchant(<NewSiteScreen />) },
      { path: '/sites/:siteId', Component: () => inMerchant(<EditSiteScreen />) },
      { path: '/sites', Component: () => <p>sites list</p> },
    ],
    path,
  );
}

/** Opens the site's edit screen, saves it as it stands, and lets the API answer `answer`. */
async function saveSite(locale: Locale, answer: () => Response) {
  await applyLocale(locale);
  const user = userEvent.setup();
  fetchMock().mockImplementation(
    fakeApi({ [`GET ${SITES}/${SITE}`]: () => jsonResponse(200, { site }), [`PUT ${SITES}/${SITE}`]: answer })
      .handle,
  );
  renderScreen(`/sites/${SITE}`);
  await user.click(await screen.findByRole('button', { name: i18n.t('sites.form.save') }, { timeout: 5000 }));
}

describe('site screens: what the user reads when the API refuses', { timeout: 20_000 }, () => {
  it.each(LOCALES)(
    '%s: a name already in use (409 on name) reads SPEC’s text with the name',
    async (locale) => {
      await applyLocale(locale);
      const user = userEvent.setup();
      fetchMock().mockImplementation(
        fakeApi({
          [`POST ${SITES}`]: () =>
            refusal(409, [{ field: 'name', rule: 'validation.siteNameInUse' }], 'CONFLICT'),
        }).handle,
      );
      renderScreen('/new-site');
      await user.type(await screen.findByLabelText(startsWith(i18n.t('sites.form.name'))), 'High_Street');
      await user.type(screen.getByLabelText(startsWith(i18n.t('sites.form.line1'))), '1 High Street');
      await user.type(screen.getByLabelText(startsWith(i18n.t('sites.form.city'))), 'London');
      await user.type(screen.getByLabelText(startsWith(i18n.t('sites.form.postalCode'))), 'N1 1AA');
      await user.click(screen.getByRole('button', { name: i18n.t('sites.form.create') }));
      const text = translate('validation.siteNameInUse', locale, { siteName: 'High_Street' });
      if (locale === 'en-GB')
        expect(text).toBe('High_Street is already in use, please select another name to continue.');
      expect(await screen.findByText(text, {}, { timeout: 5000 })).toBeInTheDocument();
    },
  );

  it.each(LOCALES)(
    '%s: a display name or short code the API refuses (400) reads SPEC’s rule under its field',
    async (locale) => {
      await saveSite(locale, () =>
        refusal(400, [
          { field: 'site.displayName', rule: 'validation.siteDisplayNameInvalid' },
          { field: 'site.shortCode', rule: 'validation.siteShortCodeInvalid' },
        ]),
      );
      expect(
        await screen.findByText(
          translate('validation.siteDisplayNameInvalid', locale),
          {},
          { timeout: 5000 },
        ),
      ).toBeInTheDocument();
      expect(screen.getByText(translate('validation.siteShortCodeInvalid', locale))).toBeInTheDocument();
      expect(screen.queryByText('English text the screen must not show')).toBeNull();
    },
  );

  it.each(LOCALES)(
    '%s: a refusal naming no field of the form reads above it, translated, not nothing',
    async (locale) => {
      await saveSite(locale, () => refusal(400, [{ field: 'body', rule: 'invalid_type' }]));
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(alert).toHaveTextContent(translate('validation.invalid', locale));
      expect(alert).not.toHaveTextContent('invalid_type');
    },
  );

  it('fr-FR: a site that is unknown or not theirs (404) reads the not-found text in French', async () => {
    await applyLocale('fr-FR');
    fetchMock().mockImplementation(
      fakeApi({
        [`GET ${SITES}/${SITE}`]: () =>
          jsonResponse(404, { error: { code: 'NOT_FOUND', message: 'Site not found' } }),
      }).handle,
    );
    renderScreen(`/sites/${SITE}`);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('errors.notFound')), {
      timeout: 5000,
    });
    expect(screen.getByRole('alert')).not.toHaveTextContent('Site not found');
  });
});
