import { LOCALES } from '@mp/domain/locales';
import { translate } from '@mp/domain/messages';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { aMerchant } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { applyLocale, i18n } from '../../../lib/i18n/i18n.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import AssignDeviceScreen from './assign-device.tsx';
import OrderNewDeviceScreen from './order-new-device.tsx';

const SITE = '66666666-6666-4666-8666-666666666666';
const fetchMock = signedInWithFetchSpy();

afterEach(async () => {
  await applyLocale('en-GB');
});

function renderScreen(path: string, routes: Parameters<typeof fakeApi>[0]) {
  fetchMock().mockImplementation(
    fakeApi({
      'GET /merchants/m-1/sites': () => jsonResponse(200, { data: [{ siteId: SITE, name: 'High Street' }] }),
      ...routes,
    }).handle,
  );
  const inMerchant = (screen: React.ReactNode) => (
    <CurrentMerchantContext.Provider value={aMerchant({ merchantId: 'm-1' })}>
      {screen}
    </CurrentMerchantContext.Provider>
  );
  renderRoutes(
    [
      { path: '/request-new-device', Component: () => inMerchant(<OrderNewDeviceScreen />) },
      { path: '/assign-device', Component: () => inMerchant(<AssignDeviceScreen />) },
    ],
    path,
  );
}

const BLOCKERS = [
  ['ACCOUNT_DEACTIVATED', 'validation.deviceOrderAccountDeactivated'],
  ['NO_DEAL', 'validation.deviceOrderNoDeal'],
  ['DEAL_NOT_SIGNED', 'validation.deviceOrderDealNotSigned'],
  ['NO_PAYMENT_METHOD', 'validation.deviceOrderNoPaymentMethod'],
] as const;

describe('device screens: what the user reads when the API refuses', { timeout: 20_000 }, () => {
  it.each(LOCALES)(
    '%s: an order blocked (SPEC §8 "Order blocked by") reads why, for each blocker',
    async (locale) => {
      await applyLocale(locale);
      for (const [blocker, key] of BLOCKERS) {
        renderScreen('/request-new-device', {
          'GET /merchants/m-1/devices/order-options': () =>
            jsonResponse(200, {
              data: {
                models: [],
                dockPrice: null,
                firstDeliveryDate: '2026-12-01',
                blockedBy: blocker,
                blockedMessage: translate(key, 'en-GB'),
              },
            }),
        });
        const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
        expect(alert).toHaveTextContent(translate(key, locale));
        if (locale !== 'en-GB') expect(alert).not.toHaveTextContent(translate(key, 'en-GB'));
        cleanup();
      }
    },
  );

  it.each(LOCALES)(
    '%s: order options that cannot be read say so, translated, instead of a blank page',
    async (locale) => {
      await applyLocale(locale);
      renderScreen('/request-new-device', {
        'GET /merchants/m-1/devices/order-options': () =>
          jsonResponse(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Database down' } }),
      });
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      expect(alert).toHaveTextContent(i18n.t('errors.generic', { lng: locale }));
      expect(alert).not.toHaveTextContent('Database down');
    },
  );

  it.each(LOCALES)(
    '%s: a code no terminal shows (404 DEVICE_OTP_NOT_FOUND) reads SPEC’s text',
    async (locale) => {
      await applyLocale(locale);
      const user = userEvent.setup();
      renderScreen('/assign-device', {
        [`POST /v1/merchants/m-1/sites/${SITE}/assign-device`]: () =>
          jsonResponse(404, {
            error: { code: 'DEVICE_OTP_NOT_FOUND', message: 'Device not found for submitted OTP' },
          }),
      });
      await user.type(
        await screen.findByRole(
          'textbox',
          { name: new RegExp(`^${i18n.t('devices.assign.code')}`) },
          { timeout: 5000 },
        ),
        'ABCD-1234',
      );
      const connect = screen.getByRole('button', { name: i18n.t('devices.assign.connect') });
      await waitFor(() => expect(connect).toBeEnabled());
      await user.click(connect);
      const text = translate('validation.deviceOtpNotFound', locale);
      if (locale === 'en-GB') expect(text).toBe('Device not found for submitted OTP');
      expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(text);
    },
  );
});
