import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aMerchant, OWNER_PERMISSIONS, siteManagerOf } from '../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../test/signed-in.ts';
import { CurrentMerchantContext } from '../../lib/merchant/current-merchant.ts';
import { useAppState } from '../layouts/use-app-state.ts';
import CompanySettingsWithLanguage from './company-settings.tsx';

const fetchSpy = signedInWithFetchSpy();

const acme = aMerchant({ merchantId: 'm-1', legalEntityName: 'Acme Ltd', permissions: OWNER_PERMISSIONS });
// The user manages one site of Beta: no Company:Deactivate there, so its settings have no such section.
const beta = aMerchant({ merchantId: 'm-2', legalEntityName: 'Beta Ltd', permissions: siteManagerOf('s-1') });

/** The current merchant as the signed-in layouts give it: it follows the merchant list (SPEC §4). */
function MerchantLayout() {
  const { merchant } = useAppState();
  return (
    <CurrentMerchantContext value={merchant}>
      <Outlet />
    </CurrentMerchantContext>
  );
}

/** Opens Acme's settings and confirms its deactivation, typing its name; the API answers `answer`. */
async function deactivateAcme(answer: () => Response) {
  const user = userEvent.setup();
  const api = fakeApi({
    'GET /merchants': () => jsonResponse(200, { data: merchantsNow }),
    'POST /v1/merchants/m-1/deactivate': answer,
  });
  fetchSpy().mockImplementation(api.handle);
  renderRoutes(
    [
      {
        Component: MerchantLayout,
        children: [{ path: '/company-settings', Component: CompanySettingsWithLanguage }],
      },
    ],
    '/company-settings',
  );
  await user.click(await screen.findByRole('button', { name: 'Deactivate company' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Deactivate Acme Ltd?' });
  await user.type(within(dialog).getByRole('textbox'), 'Acme Ltd');
  await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
  return { api, dialog };
}

let merchantsNow = [acme, beta];

describe('/company-settings: deactivating the company (Company:Deactivate)', () => {
  it('confirms it when the current merchant then moves to one where the user may not deactivate', async () => {
    merchantsNow = [acme, beta];
    const { api } = await deactivateAcme(() => {
      merchantsNow = [{ ...acme, status: 'inactive' }, beta];
      return jsonResponse(200, { data: merchantsNow[0] });
    });
    // The toaster's code loads with the first toast: longer than findBy's second on a loaded machine.
    expect(
      await screen.findByText('The company was deactivated.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    // SPEC §4: an inactive merchant is not the current one while the user has an activated one.
    expect(screen.queryByText('Deactivate company')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.bodiesOf('POST /v1/merchants/m-1/deactivate')).toHaveLength(1);
  });

  it('keeps the dialog open with the reason when the API refuses', async () => {
    merchantsNow = [acme, beta];
    const { dialog } = await deactivateAcme(() =>
      jsonResponse(409, { error: { code: 'ALREADY_INACTIVE', message: 'The API says it in English' } }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This company is inactive.');
    expect(screen.getByRole('dialog', { name: 'Deactivate Acme Ltd?' })).toBeInTheDocument();
    expect(screen.queryByText('The company was deactivated.')).toBeNull();
  });

  it('shows the reason when the API refuses a churned company (409 ALREADY_CHURNED: a block hides the status)', async () => {
    merchantsNow = [{ ...acme, status: 'blocked' }, beta];
    const { dialog } = await deactivateAcme(() =>
      jsonResponse(409, { error: { code: 'ALREADY_CHURNED', message: 'The API says it in English' } }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This company has churned, so it cannot be deactivated.',
    );
  });

  it('offers no deactivation of a churned company, and says why', async () => {
    merchantsNow = [{ ...acme, status: 'churned' }, beta];
    fetchSpy().mockImplementation(
      fakeApi({ 'GET /merchants': () => jsonResponse(200, { data: merchantsNow }) }).handle,
    );
    renderRoutes(
      [
        {
          Component: MerchantLayout,
          children: [{ path: '/company-settings', Component: CompanySettingsWithLanguage }],
        },
      ],
      '/company-settings',
    );
    expect(
      await screen.findByText(
        'This company has churned, so it cannot be deactivated.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate company' })).toBeNull();
  });
});
