import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { aMerchant, aRates, aStaffUser } from '../../../../test/fixtures.ts';
import { fakeApi, jsonResponse, renderRoutes } from '../../../../test/render.tsx';
import { signedInWithFetchSpy } from '../../../../test/signed-in.ts';
import type { Merchant } from '../../../lib/api/types.ts';
import { formatDate } from '../../../lib/format/dates.ts';
import { applyLocale } from '../../../lib/i18n/i18n.ts';
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

afterEach(async () => {
  await applyLocale('en-GB');
});

/** The dialog's Cancel button (its close button is named Cancel too). */
const cancelButton = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button', { name: 'Cancel' })
    .find((button) => button.textContent === 'Cancel') as HTMLElement;

function renderScreen(merchant: Partial<Merchant> = {}) {
  return renderRoutes(
    [
      {
        path: '/company-settings/staff',
        Component: () => (
          <CurrentMerchantContext.Provider
            value={aMerchant({ legalEntityName: 'Brightwater Coffee Ltd', ...merchant })}
          >
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
    const dialog = await screen.findByRole('dialog', { name: 'Block Brightwater Coffee Ltd?' });
    expect(dialog).toHaveTextContent(
      'Brightwater Coffee Ltd is blocked at once, with the reason “Fraud review”',
    );
    expect(api.calls.some((call) => call.route === 'POST /v1/merchants/m-1/block')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect((await screen.findByText('Blocked')).closest('[data-status]')).toHaveAttribute(
      'data-status',
      'blocked',
    );
    expect(api.calls.find((call) => call.route === 'POST /v1/merchants/m-1/block')?.body).toEqual({
      reason: 'Fraud review',
    });
  });

  it('asks before blocking: Cancel sends nothing and leaves the merchant as it was', async () => {
    const api = fakeApi({ 'GET /v1/merchants/m-1/rates': () => jsonResponse(200, { data: RATES }) });
    fetchSpy().mockImplementation(api.handle);
    renderScreen();
    const block = await screen.findByRole('group', { name: 'Block merchant' });
    await userEvent.type(within(block).getByLabelText(/^Reason/), 'Fraud review');
    await userEvent.click(within(block).getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Brightwater Coffee Ltd?' });
    await userEvent.click(cancelButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.map((call) => call.route)).not.toContain('POST /v1/merchants/m-1/block');
    expect(screen.getByText('Active').closest('[data-status]')).toHaveAttribute('data-status', 'active');
  });

  it('asks before churning, naming the date 30 days plus the delay ahead; only the confirm sends the churn', async () => {
    const api = fakeApi({
      'GET /v1/merchants/m-1/rates': () => jsonResponse(200, { data: RATES }),
      'POST /v1/merchants/m-1/churn': () =>
        jsonResponse(200, {
          data: {
            merchant: aMerchant({ legalEntityName: 'Brightwater Coffee Ltd' }),
            churnEffectiveAt: '2027-01-14T10:00:00.000Z',
          },
        }),
    });
    fetchSpy().mockImplementation(api.handle);
    renderScreen();
    const churn = await screen.findByRole('group', { name: 'Churn customer' });
    const delay = within(churn).getByLabelText('Delay in days');
    await userEvent.clear(delay);
    await userEvent.type(delay, '7');
    await userEvent.type(within(churn).getByLabelText(/^Reason/), 'Closing down');
    const churned = () => api.calls.filter((call) => call.route === 'POST /v1/merchants/m-1/churn');

    // Cancel: nothing is sent.
    await userEvent.click(within(churn).getByRole('button', { name: 'Churn' }));
    let dialog = await screen.findByRole('dialog', { name: 'Churn Brightwater Coffee Ltd?' });
    const expected = formatDate(Date.now() + 37 * 86_400_000, 'en-GB', 'Europe/London');
    expect(dialog).toHaveTextContent(`Brightwater Coffee Ltd churns on ${expected}`);
    expect(dialog).toHaveTextContent('A scheduled churn cannot be cancelled.');
    await userEvent.click(cancelButton(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(churned()).toEqual([]);

    // Confirm: the churn is sent once, with the delay and reason of the form.
    await userEvent.click(within(churn).getByRole('button', { name: 'Churn' }));
    dialog = await screen.findByRole('dialog', { name: 'Churn Brightwater Coffee Ltd?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Churn' }));
    expect(await screen.findByText('The customer churns on 14 Jan 2027.')).toBeInTheDocument();
    expect(churned().map((call) => call.body)).toEqual([{ delayDays: 7, reason: 'Closing down' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
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
    // The API's English message is for logs: the screen says it in the user's language.
    expect(await screen.findByRole('alert')).toHaveTextContent('The rates could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/^Domestic/)).toHaveValue('1.2');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  describe('verification checks (decision 0137)', () => {
    const ratesOnly = { 'GET /v1/merchants/m-1/rates': () => jsonResponse(200, { data: RATES }) };

    it('shows a pending merchant\'s status and records "verified" with a reason: the badge turns Verified', async () => {
      const api = fakeApi({
        ...ratesOnly,
        'POST /v1/merchants/m-1/kyc-decision': () =>
          jsonResponse(200, {
            data: aMerchant({ legalEntityName: 'Brightwater Coffee Ltd', kycOnboardingStatus: 'verified' }),
          }),
      });
      fetchSpy().mockImplementation(api.handle);
      renderScreen({ kycOnboardingStatus: 'pending' });
      const checks = await screen.findByRole('group', { name: 'Verification checks' });
      expect(within(checks).getByText('Pending').closest('[data-status]')).toHaveAttribute(
        'data-status',
        'pending',
      );
      await userEvent.click(within(checks).getByRole('button', { name: 'Record outcome' }));
      const dialog = await screen.findByRole('dialog', { name: 'Record the verification outcome' });
      // Without an outcome and a reason nothing is sent: both are named.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Record outcome' }));
      expect(await within(dialog).findAllByText('Required')).toHaveLength(2);
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Verified' }));
      await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Passport and register checked');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Record outcome' }));
      expect(await within(checks).findByText('Verified')).toBeVisible();
      expect(within(checks).getByText('Verified').closest('[data-status]')).toHaveAttribute(
        'data-status',
        'verified',
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.bodiesOf('POST /v1/merchants/m-1/kyc-decision')).toEqual([
        { outcome: 'verified', reason: 'Passport and register checked' },
      ]);
      expect(within(checks).getByRole('button', { name: 'Record outcome' })).toBeDisabled();
    });

    it('offers a rejected merchant every outcome but a second rejection', async () => {
      fetchSpy().mockImplementation(fakeApi(ratesOnly).handle);
      renderScreen({ kycOnboardingStatus: 'rejected' });
      const checks = await screen.findByRole('group', { name: 'Verification checks' });
      await userEvent.click(within(checks).getByRole('button', { name: 'Record outcome' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('radio', { name: 'Rejected' })).toBeDisabled();
      expect(within(dialog).getByRole('radio', { name: 'Verified' })).toBeEnabled();
      expect(within(dialog).getByRole('radio', { name: 'Needs more information' })).toBeEnabled();
    });

    it('disables the action for a verified merchant, saying why', async () => {
      fetchSpy().mockImplementation(fakeApi(ratesOnly).handle);
      renderScreen({ kycOnboardingStatus: 'verified' });
      const checks = await screen.findByRole('group', { name: 'Verification checks' });
      expect(within(checks).getByRole('button', { name: 'Record outcome' })).toBeDisabled();
      expect(
        within(checks).getByText('This merchant is verified, which is final. To stop it trading, block it.'),
      ).toBeVisible();
    });

    it('fr-FR: a merchant another staff member verified meanwhile (409 KYC_ALREADY_VERIFIED)', async () => {
      await applyLocale('fr-FR');
      fetchSpy().mockImplementation(
        fakeApi({
          ...ratesOnly,
          'POST /v1/merchants/m-1/kyc-decision': () =>
            jsonResponse(409, {
              error: { code: 'KYC_ALREADY_VERIFIED', message: 'This merchant is already verified' },
            }),
        }).handle,
      );
      renderScreen({ kycOnboardingStatus: 'pending' });
      const checks = await screen.findByRole('group', { name: 'Contrôles de vérification' });
      await userEvent.click(within(checks).getByRole('button', { name: 'Enregistrer le résultat' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Refusé' }));
      await userEvent.type(within(dialog).getByLabelText(/^Motif/), 'Documents falsifiés');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer le résultat' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Ce commerçant est déjà vérifié.');
      expect(alert).not.toHaveTextContent(/already verified/);
    });
  });

  describe("staff's forms show the API's refusal in the user's language, never its English message", () => {
    const ratesOnly = { 'GET /v1/merchants/m-1/rates': () => jsonResponse(200, { data: RATES }) };

    it('es-ES: a transfer to a staff account (409 STAFF_ACCOUNT)', async () => {
      await applyLocale('es-ES');
      const api = fakeApi({
        ...ratesOnly,
        'POST /v1/merchants/m-1/transfer': () =>
          jsonResponse(409, {
            error: {
              code: 'STAFF_ACCOUNT',
              message: 'Staff accounts of the provider cannot be invited into a company or managed by one.',
            },
          }),
      });
      fetchSpy().mockImplementation(api.handle);
      renderScreen();
      const transfer = await screen.findByRole('group', { name: 'Transferir comercio' });
      await userEvent.type(
        within(transfer).getByLabelText(/^Correo del nuevo propietario/),
        'staff@provider.example',
      );
      await userEvent.click(within(transfer).getByRole('button', { name: 'Transferir' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(within(dialog).getByLabelText(/Brightwater Coffee Ltd/), 'Brightwater Coffee Ltd');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Transferir' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(
        'Una cuenta de personal del proveedor no puede ser propietaria de una empresa: introduce el correo de un usuario del comercio.',
      );
      expect(alert).not.toHaveTextContent(/Staff accounts/);
      expect(api.calls.find((call) => call.route === 'POST /v1/merchants/m-1/transfer')?.body).toEqual({
        email: 'staff@provider.example',
      });
    });

    it('fr-FR: churning a company that already churned (409 ALREADY_CHURNED)', async () => {
      await applyLocale('fr-FR');
      fetchSpy().mockImplementation(
        fakeApi({
          ...ratesOnly,
          'POST /v1/merchants/m-1/churn': () =>
            jsonResponse(409, {
              error: { code: 'ALREADY_CHURNED', message: 'This company has already churned.' },
            }),
        }).handle,
      );
      renderScreen();
      const churn = await screen.findByRole('group', { name: 'Résilier le client' });
      await userEvent.click(within(churn).getByRole('button', { name: 'Résilier' }));
      const dialog = await screen.findByRole('dialog', { name: 'Résilier Brightwater Coffee Ltd ?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Résilier' }));
      // Read in the dialog, where the staff member confirmed.
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('Cette entreprise a déjà résilié.');
      expect(alert).not.toHaveTextContent(/already churned/);
    });

    // The churn day went into the confirmation as the API's YYYY-MM-DD.
    it('fr-FR: a churn scheduled names its day the language’s way', async () => {
      await applyLocale('fr-FR');
      fetchSpy().mockImplementation(
        fakeApi({
          ...ratesOnly,
          'POST /v1/merchants/m-1/churn': () =>
            jsonResponse(200, {
              data: {
                ...aMerchant({ legalEntityName: 'Brightwater Coffee Ltd', status: 'churned' }),
                churnEffectiveAt: '2027-01-06T10:00:00.000Z',
              },
            }),
        }).handle,
      );
      renderScreen();
      const churn = await screen.findByRole('group', { name: 'Résilier le client' });
      await userEvent.click(within(churn).getByRole('button', { name: 'Résilier' }));
      const dialog = await screen.findByRole('dialog', { name: 'Résilier Brightwater Coffee Ltd ?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Résilier' }));
      expect(await screen.findByText('Le client sera résilié le 6 janv. 2027.')).toBeInTheDocument();
    });

    it("it-IT: a block the API refuses with a field's rule, then one it fails on", async () => {
      await applyLocale('it-IT');
      let answers = 0;
      fetchSpy().mockImplementation(
        fakeApi({
          ...ratesOnly,
          'POST /v1/merchants/m-1/block': () =>
            ++answers === 1
              ? jsonResponse(400, {
                  error: {
                    code: 'VALIDATION_FAILED',
                    message: 'The request is not valid',
                    details: [{ field: 'reason', rule: 'validation.required', message: 'Required' }],
                  },
                })
              : jsonResponse(503, {
                  error: { code: 'UNAVAILABLE', message: 'The database is not available' },
                }),
        }).handle,
      );
      renderScreen();
      const block = await screen.findByRole('group', { name: 'Blocca esercente' });
      await userEvent.type(within(block).getByLabelText(/^Motivo/), 'Verifica frodi');
      await userEvent.click(within(block).getByRole('button', { name: 'Blocca' }));
      const dialog = await screen.findByRole('dialog', { name: 'Bloccare Brightwater Coffee Ltd?' });
      const confirm = within(dialog).getByRole('button', { name: 'Blocca' });
      await userEvent.click(confirm);
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Obbligatorio');
      expect(within(dialog).getByRole('alert')).not.toHaveTextContent(/not valid/);
      await userEvent.click(confirm);
      expect(
        await within(dialog).findByText("Non è stato possibile bloccare l'esercente. Riprova."),
      ).toBeVisible();
    });
  });
});
