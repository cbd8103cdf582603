import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aRates } from '../../../../test/fixtures.ts';
import { TestProviders } from '../../../../test/render.tsx';
import type { Rates } from '../api/get-rates.ts';
import { ratesToForm } from '../rates-form-values.ts';
import { RatesForm } from './rates-form.tsx';

const RATES: Rates = aRates();

function renderForm(canUpdateToday = true, onSubmit = vi.fn(), timeZone = 'Europe/London') {
  render(
    <TestProviders>
      <RatesForm
        defaultValues={ratesToForm(RATES, 'en-GB')}
        locale="en-GB"
        currency="GBP"
        timeZone={timeZone}
        canUpdateToday={canUpdateToday}
        onSubmit={onSubmit}
        isLoading={false}
        errorMessage={null}
      />
    </TestProviders>,
  );
  return onSubmit;
}

describe('RatesForm (staff)', () => {
  it('says "Rates cannot be updated today; come back tomorrow" and cannot be sent when the server says so', () => {
    renderForm(false);
    expect(screen.getByRole('alert')).toHaveTextContent('Rates cannot be updated today; come back tomorrow');
    expect(screen.getByRole('button', { name: 'Save rates' })).toBeDisabled();
  });

  it('shows "Amount must be greater than 0" for a monthly fee of 0 and keeps submit disabled', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add: Monthly fees' }));
    await user.type(screen.getByLabelText('Description'), 'Gateway');
    await user.type(screen.getByLabelText('Amount (GBP)'), '0');
    await user.tab();
    expect(await screen.findByText('Amount must be greater than 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save rates' })).toBeDisabled();
  });

  it.each(['100.0001', '1.23456', '-1', 'abc'])(
    'shows the domain rate rule for a domestic rate of %j and keeps submit disabled',
    async (typed) => {
      const user = userEvent.setup();
      renderForm();
      const domestic = screen.getByLabelText(/^Domestic/);
      await user.clear(domestic);
      await user.type(domestic, typed);
      await user.tab();
      expect(
        await screen.findByText('Enter a percentage from 0 to 100 with at most 4 decimal places'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save rates' })).toBeDisabled();
    },
  );

  it('adds a discount row and a credit row with their own columns, and removes a row', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add: Discounts' }));
    expect(screen.getByLabelText('Percentage (%)')).toBeInTheDocument();
    expect(screen.getByLabelText('Duration (months)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add: Credits' }));
    expect(screen.getByLabelText('Amount (GBP)')).toBeInTheDocument();
    expect(screen.getAllByLabelText('Starts on')).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Remove' })[0] as HTMLElement);
    expect(screen.queryByLabelText('Percentage (%)')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Amount (GBP)')).toBeInTheDocument();
  });

  it('sends percentages as numbers and amounts in minor units', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    const domestic = screen.getByLabelText(/^Domestic/);
    await user.clear(domestic);
    await user.type(domestic, '1.35');
    await user.click(screen.getByRole('button', { name: 'Add: Monthly fees' }));
    await user.type(screen.getByLabelText('Description'), 'Gateway');
    await user.type(screen.getByLabelText('Amount (GBP)'), '9.99');
    const submit = screen.getByRole('button', { name: 'Save rates' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      domesticPercent: 1.35,
      deviceRentalMonthly: 1500,
      monthlyFees: [{ description: 'Gateway', amount: 999, endsOn: null }],
      tradingHours: null,
      feeDestination: null,
    });
  });

  it("proposes the merchant's today as a new row's start: 1 April in Madrid at 22:30 UTC on 31 March", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-31T22:30:00Z'));
      const user = userEvent.setup();
      renderForm(true, vi.fn(), 'Europe/Madrid');
      await user.click(screen.getByRole('button', { name: 'Add: Monthly fees' }));
      await user.click(screen.getByRole('button', { name: 'Add: Credits' }));
      await user.click(screen.getByRole('button', { name: 'Add: Discounts' }));
      const starts = screen.getAllByLabelText('Starts on') as HTMLInputElement[];
      expect(starts.map((input) => input.value)).toEqual(['2026-04-01', '2026-04-01', '2026-04-01']);
    } finally {
      vi.useRealTimers();
    }
  });
});
