import { LOCALES } from '@mp/domain/locales';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, jsonResponse, TestProviders } from '../../../../test/render.tsx';
import { applyLocale, loadSignedInTexts } from '../../../lib/i18n/i18n.ts';
import type { StaffDeal } from '../api/deals.ts';
import { StaffDeals } from './staff-deals.tsx';

const DEAL: StaffDeal = {
  reference: 'DL-7K3Q9',
  name: 'Harbour spring offer',
  currency: 'GBP',
  domesticPercent: 0.99,
  eeaPercent: 1.25,
  globalPercent: 1.95,
  amexPercent: 2.1,
  otherPercent: 2.2,
  tapToPayPercent: 0.89,
  fixedFee: 0,
  deviceRentalMonthly: 999,
  settlementType: 'net',
  contractMonths: null,
  monthlyFees: [],
  discounts: [],
  validUntil: '2099-03-31',
  status: 'active',
  state: 'active',
  createdAt: '2026-03-02T09:00:00.000Z',
  updatedAt: '2026-03-02T09:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fetchMock = vi.spyOn(globalThis, 'fetch');
});
afterEach(async () => {
  fetchMock.mockRestore();
  await applyLocale('en-GB');
});

const renderDeals = () =>
  render(
    <TestProviders>
      <StaffDeals />
    </TestProviders>,
  );

describe('StaffDeals', () => {
  // The last valid day showed as the API's YYYY-MM-DD in every language.
  it.each(LOCALES)('%s: a deal’s last valid day is written the language’s way', async (locale) => {
    await applyLocale(locale);
    await loadSignedInTexts();
    fetchMock.mockImplementation(
      fakeApi({ 'GET /v1/staff/deals': () => jsonResponse(200, { data: [DEAL] }) }).handle,
    );
    renderDeals();
    const row = (await screen.findByText('DL-7K3Q9')).closest('tr') as HTMLElement;
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })
      .format(new Date('2099-03-31T12:00:00Z'))
      .replace(/\s/g, ' ');
    expect(within(row).getByText(day)).toBeInTheDocument();
    expect(within(row).queryByText('2099-03-31')).toBeNull();
  });

  it('lists deals with their state and pricing, and withdraws one after asking', async () => {
    let deals = [DEAL, { ...DEAL, reference: 'DL-ABCDE', name: 'Old', state: 'expired' as const }];
    const fake = fakeApi({
      'GET /v1/staff/deals': () => jsonResponse(200, { data: deals }),
      'PUT /v1/staff/deals/DL-7K3Q9': () => {
        deals = [{ ...DEAL, status: 'withdrawn', state: 'withdrawn' }, deals[1] as StaffDeal];
        return jsonResponse(200, { data: deals[0] });
      },
    });
    fetchMock.mockImplementation(fake.handle);
    const user = userEvent.setup();
    renderDeals();
    const row = (await screen.findByText('DL-7K3Q9')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Harbour spring offer')).toBeInTheDocument();
    expect(within(row).getByText('Domestic 0.99%, rental £9.99 a month')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Expired')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Withdraw DL-7K3Q9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw deal DL-7K3Q9?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(fake.calls).toContainEqual({
        route: 'PUT /v1/staff/deals/DL-7K3Q9',
        body: { status: 'withdrawn' },
      }),
    );
    expect(await screen.findByText('Withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw DL-7K3Q9' })).not.toBeInTheDocument();
  });

  it('makes a deal from what staff type, checking percentages first and showing the API’s field errors', async () => {
    let answer = jsonResponse(400, {
      error: {
        code: 'BAD_REQUEST',
        message: 'The request is not valid',
        details: [{ field: 'validUntil', rule: 'validation.dealValidUntilPast', message: 'x' }],
      },
    });
    const fake = fakeApi({
      'GET /v1/staff/deals': () => jsonResponse(200, { data: [] }),
      'POST /v1/staff/deals': () => answer,
    });
    fetchMock.mockImplementation(fake.handle);
    const user = userEvent.setup();
    renderDeals();
    expect(await screen.findByText('No deals yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New deal' }));
    await user.type(screen.getByLabelText(/^Name/), 'Spring');
    for (const [label, value] of [
      ['Domestic cards (%)', '101'],
      ['EEA cards (%)', '1.25'],
      ['International cards (%)', '1.95'],
      ['American Express (%)', '2.1'],
      ['Other cards (%)', '2.2'],
      ['Tap to pay (%)', '0.89'],
    ] as const)
      await user.type(screen.getByLabelText(new RegExp(`^${label.replace(/[()%]/g, '.')}`)), value);
    await user.type(screen.getByLabelText(/^Card machine rental/), '9.99');
    await user.type(screen.getByLabelText(/^Valid until/), '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Create deal' }));
    expect(
      await screen.findByText('Enter a percentage from 0 to 100 with at most 4 decimal places'),
    ).toBeInTheDocument();
    expect(fake.calls.some((call) => call.route === 'POST /v1/staff/deals')).toBe(false);

    await user.clear(screen.getByLabelText(/^Domestic cards/));
    await user.type(screen.getByLabelText(/^Domestic cards/), '0.99');
    await user.click(screen.getByRole('button', { name: 'Create deal' }));
    expect((await screen.findAllByText('The last valid day must be today or later')).length).toBeGreaterThan(
      0,
    );
    expect(fake.calls.find((call) => call.route === 'POST /v1/staff/deals')?.body).toMatchObject({
      name: 'Spring',
      currency: 'GBP',
      domesticPercent: 0.99,
      tapToPayPercent: 0.89,
      deviceRentalMonthly: 999,
      fixedFee: 0,
      settlementType: 'net',
      contractMonths: null,
      monthlyFees: [],
      discounts: [],
      validUntil: '2026-01-01',
    });

    answer = jsonResponse(201, { data: DEAL });
    await user.clear(screen.getByLabelText(/^Valid until/));
    await user.type(screen.getByLabelText(/^Valid until/), '2099-03-31');
    await user.click(screen.getByRole('button', { name: 'Create deal' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Create deal' })).not.toBeInTheDocument(),
    );
  });
});
