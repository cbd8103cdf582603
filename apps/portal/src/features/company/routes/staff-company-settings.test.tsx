import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aMerchant, aRates, aStaffUser } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import { CurrentMerchantContext } from '../../../lib/merchant/current-merchant.ts';
import type { Rates } from '../api/get-rates.ts';
import { StaffCompanySettingsScreen } from './staff-company-settings.tsx';

const RATES: Rates = aRates(
  { dealReference: 'DEAL-GB-1' },
  {
    fixedFee: 5,
    deviceRentalMonthly: 1999,
    effectiveFrom: '2026-07-01',
    updatedAt: '2026-07-01T09:00:00.000Z',
  },
);

const fetchSpy = signedInWithFetchSpy(aStaffUser);

function renderScreen() {
  return renderRoutes(
    [
      {
        path: '/company-settings/staff',
        Component: () => (
          <CurrentMerchantContext.Provider value={aMerchant({ legalEntityName: 'Brightwater Coffee Ltd' })}>
            <StaffCompanySettingsScreen />
          </CurrentMerchantContext.Provider>
        ),
      },
    ],
    '/company-settings/staff',
  );
}

describe('StaffCompanySettingsScreen', () => {
  it("shows the merchant's status, the rates in effect as figures and the form holding them", async () => {
    fetchSpy().mockImplementation(
      fakeApi({ 'GET /v1/merchants/m-1/rates': () => jsonResponse(200, { data: RATES }) }).handle,
    );
    renderScreen();
    expect(await screen.findByLabelText(/^Domestic/)).toHaveValue('1.2');
    expect(screen.getByRole('heading', { level: 1, name: 'Staff company settings' })).toBeInTheDocument();
    expect(screen.getByText('Active').closest('[data-status]')).toHaveAttribute('data-status', 'active');
    const figures = [...document.querySelectorAll('[data-stat-value]')].map(
      (value) => value.closest('section')?.textContent,
    );
    expect(figures).toEqual([
      'Domestic1.2 %',
      'Fixed fee per transaction£0.05',
      'Device rental monthly rate£19.99',
      'Effective from1 Jul 2026Deal reference: DEAL-GB-1',
    ]);
  });

  it('turns the status badge to Blocked when staff block the merchant', async () => {
    const api = fakeApi({
      'GET /v1/merchants/m-1/rates': () => jsonResponse(200, { data: RATES }),
      'POST /v1/merchants/m-1/block': () =>
        jsonResponse(200, {
          data: aMerchant({ legalEntityName: 'Brightwater Coffee Ltd', status: 'blocked' }),
        }),
    });
    fetchSpy().mockImplementation(api.handle);
    renderScreen();
    const block = await screen.findByRole('group', { name: 'Block merchant' });
    await userEvent.type(within(block).getByLabelText(/^Reason/), 'Fraud review');
    await userEvent.click(within(block).getByRole('button', { name: 'Block' }));
    expect((await screen.findByText('Blocked')).closest('[data-status]')).toHaveAttribute(
      'data-status',
      'blocked',
    );
    expect(api.calls.find((call) => call.route === 'POST /v1/merchants/m-1/block')?.body).toEqual({
      reason: 'Fraud review',
    });
  });

  it('says why the rates did not load and asks again on "Try again"', async () => {
    let answers = 0;
    fetchSpy().mockImplementation(
      fakeApi({
        'GET /v1/merchants/m-1/rates': () =>
          ++answers === 1
            ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'The rates could not be read' } })
            : jsonResponse(200, { data: RATES }),
      }).handle,
    );
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('The rates could not be read');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/^Domestic/)).toHaveValue('1.2');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
