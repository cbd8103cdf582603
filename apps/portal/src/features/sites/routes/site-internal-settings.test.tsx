import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aMerchant } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import type { SiteInternalSettings } from '../api/sites-api.ts';
import SiteInternalSettingsScreen from './site-internal-settings.tsx';

const SITE = '66666666-6666-4666-8666-666666666666';
const INTERNAL = `/merchants/m-1/sites/${SITE}/internal`;
const settings: SiteInternalSettings = {
  siteId: SITE,
  name: 'High_Street',
  payByLinkTermsUrl: null,
  payouts: { settlementType: 'net', payoutHold: false },
  paymentMethods: { moto: false, payByLink: false, tapToPay: true },
  tips: { enabled: false, provider: 'own' },
  integrations: {
    connectPush: { enabled: true, url: 'https://shop.example/push', secretLastFour: '1111', rotatedAt: null },
    connectPull: { enabled: true, secretLastFour: '2222', rotatedAt: null },
  },
  deviceSettings: {
    manualLimitPerTransaction: 10000,
    manualLimitDaily: 50000,
    preAuth: { enabled: false, adjustThreshold: 15 },
    unreferencedRefunds: false,
    refundsOverdraft: false,
  },
  currency: 'GBP',
};

const fetchMock = signedInWithFetchSpy();

function renderScreen() {
  return renderRoutes(
    [
      {
        path: '/sites/:siteId/internal',
        Component: () => (
          <CurrentMerchantContext.Provider value={aMerchant({ merchantId: 'm-1' })}>
            <SiteInternalSettingsScreen />
          </CurrentMerchantContext.Provider>
        ),
      },
    ],
    `/sites/${SITE}/internal`,
  );
}

describe('/sites/:siteId/internal: rotating an integration secret', () => {
  // A second rotation sent while the first is out would drop the first's callbacks, and its new secret, shown
  // only once, with them: the other button waits.
  it('keeps the other rotation disabled until the first answers, then shows the new secret once, titled by its integration', async () => {
    const user = userEvent.setup();
    let answerPush: (response: Response) => void = () => undefined;
    fetchMock().mockImplementation(
      fakeApi({
        [`GET ${INTERNAL}`]: () => jsonResponse(200, { data: settings }),
        [`POST ${INTERNAL}/integrations/push/rotate`]: () =>
          new Promise<Response>((resolve) => {
            answerPush = resolve;
          }),
        [`POST ${INTERNAL}/integrations/pull/rotate`]: () =>
          jsonResponse(200, { data: { secret: 'key_only_once_8888', lastFour: '8888' } }),
      }).handle,
    );
    renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Integrations' }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: 'New signing secret' }));
    expect(screen.getByRole('button', { name: 'New API key' })).toBeDisabled();
    answerPush(jsonResponse(200, { data: { secret: 'whsec_only_once_9999', lastFour: '9999' } }));
    expect(await screen.findByText('whsec_only_once_9999')).toBeInTheDocument();
    // The one-time secret says which integration it belongs to.
    expect(screen.getByText('Connect push: the new signing secret')).toBeInTheDocument();
    expect(screen.getByText('Secret ending in 9999')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New API key' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'New API key' }));
    expect(await screen.findByText('key_only_once_8888')).toBeInTheDocument();
    expect(screen.getByText('Connect pull: the new API key')).toBeInTheDocument();
    expect(screen.queryByText('whsec_only_once_9999')).not.toBeInTheDocument();
    expect(screen.queryByText('Connect push: the new signing secret')).not.toBeInTheDocument();
    expect(screen.getByText('Secret ending in 8888')).toBeInTheDocument();
  });
});
