import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aMerchant, aSite } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import EditSiteScreen from './edit-site.tsx';
import NewSiteScreen from './new-site.tsx';

const SITE = '66666666-6666-4666-8666-666666666666';
const SITES = '/merchants/m-1/sites';
const fetchMock = signedInWithFetchSpy();

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

// SPEC §5: "Postal code is uppercased before sending. Empty optional site fields are removed before sending."
describe('site forms: what is sent', { timeout: 20_000 }, () => {
  it('/new-site sends the postcode uppercased and none of the optional fields left empty', async () => {
    const api = fakeApi({ [`POST ${SITES}`]: () => jsonResponse(201, { site: aSite() }) });
    fetchMock().mockImplementation(api.handle);
    const { router } = renderScreen('/new-site');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Site name/, {}, { timeout: 5000 }), 'High_Street');
    await user.type(screen.getByLabelText(/^Address line 1/), '1 High Street');
    await user.type(screen.getByLabelText(/^Town or city/), 'London');
    await user.type(screen.getByLabelText(/^Postcode/), 'n1 1aa');
    await user.click(screen.getByRole('button', { name: 'Create site' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sites'));
    expect(api.bodiesOf(`POST ${SITES}`)).toEqual([
      {
        name: 'High_Street',
        settlementWindow: '00:00',
        address: { line1: '1 High Street', city: 'London', postalCode: 'N1 1AA', country: 'GB' },
      },
    ]);
  });

  it('/sites/{siteId} sends the postcode uppercased and drops the optional fields the user emptied', async () => {
    const site = aSite({
      displayName: 'High Street Café',
      shortCode: 'HS1',
      address: { ...aSite().address, line2: 'Unit 2', stateOrProvince: 'Greater London' },
    });
    const api = fakeApi({
      [`GET ${SITES}/${SITE}`]: () => jsonResponse(200, { site }),
      [`PUT ${SITES}/${SITE}`]: () => jsonResponse(200, { site }),
    });
    fetchMock().mockImplementation(api.handle);
    const { router } = renderScreen(`/sites/${SITE}`);
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText(/^Display name/, {}, { timeout: 5000 }));
    await user.clear(screen.getByLabelText(/^Short code/));
    await user.clear(screen.getByLabelText(/^Address line 2/));
    await user.type(screen.getByLabelText(/^County, state or province/), '{Control>}a{/Control}   ');
    await user.clear(screen.getByLabelText(/^Postcode/));
    await user.type(screen.getByLabelText(/^Postcode/), 'n1 2bb');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sites'));
    expect(api.bodiesOf(`PUT ${SITES}/${SITE}`)).toEqual([
      {
        site: {
          settlementWindow: '00:00',
          address: { line1: '1 High Street', city: 'London', postalCode: 'N1 2BB', country: 'GB' },
        },
      },
    ]);
  });
});
