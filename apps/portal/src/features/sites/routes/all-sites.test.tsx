import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aMerchant, aSiteSummary } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import AllSitesScreen from './all-sites.tsx';

const SITE = '66666666-6666-4666-8666-666666666666';
const SITES = '/merchants/m-1/sites';
const highStreet = aSiteSummary({ siteId: SITE, deviceCount: 2 });

const fetchMock = signedInWithFetchSpy();

function renderScreen() {
  return renderRoutes(
    [
      {
        path: '/sites',
        Component: () => (
          <CurrentMerchantContext.Provider value={aMerchant({ merchantId: 'm-1' })}>
            <AllSitesScreen />
          </CurrentMerchantContext.Provider>
        ),
      },
    ],
    '/sites',
  );
}

describe('/sites: the API refusing a site action', () => {
  // The dialog awaits the mutation's promise: a refusal that escaped it was an unhandled rejection (the run fails).
  it('keeps the delete dialog open with the reason (409 SITE_HAS_DEVICES), the site still listed', async () => {
    const user = userEvent.setup();
    fetchMock().mockImplementation(
      fakeApi({
        [`GET ${SITES}`]: () => jsonResponse(200, { data: [highStreet] }),
        [`DELETE ${SITES}/${SITE}`]: () =>
          jsonResponse(409, { error: { code: 'SITE_HAS_DEVICES', message: 'The API says it in English' } }),
      }).handle,
    );
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Delete High_Street' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete High_Street?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This site cannot be deleted while devices are assigned to it. Move or return its devices first.',
    );
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.getByText('High_Street')).toBeInTheDocument();
  });

  it('keeps the passcodes dialog open with the generic message when they cannot be revealed', async () => {
    const user = userEvent.setup();
    fetchMock().mockImplementation(
      fakeApi({
        [`GET ${SITES}`]: () => jsonResponse(200, { data: [highStreet] }),
        [`POST ${SITES}/${SITE}/passcodes/reveal`]: () =>
          jsonResponse(500, { error: { code: 'INTERNAL_ERROR', message: 'boom' } }),
      }).handle,
    );
    renderScreen();
    await user.click(
      await screen.findByRole('button', { name: 'See the passcodes of High_Street' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reveal the passcodes of High_Street?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Oops, something went wrong. Please try again later',
    );
    expect(screen.queryByText(/Admin PIN/)).toBeNull();
  });
});
