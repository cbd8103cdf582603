import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../../test/render.tsx';
import type { FoundMerchant } from '../api/staff-search-merchants.ts';
import { OverrideDialog } from './override-dialog.tsx';

const MERCHANT = {
  merchantId: '33333333-3333-4333-8333-333333333333',
  legalEntityName: 'Brightwater Coffee Ltd',
  entityType: 'company',
  status: 'active',
  kycOnboardingStatus: 'verified',
  country: 'GB',
  currency: 'GBP',
  timeZone: 'Europe/London',
  stripeCustomerId: null,
  requireTwoFactor: false,
  permissions: { companyScoped: [], siteScoped: [] },
} satisfies FoundMerchant;

describe('OverrideDialog', () => {
  it('needs a reason before the override can start, then passes it on', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    render(
      <TestProviders>
        <OverrideDialog merchant={MERCHANT} onClose={vi.fn()} onConfirm={onConfirm} />
      </TestProviders>,
    );
    const start = await screen.findByRole('button', { name: 'Start override' });
    expect(start).toBeDisabled();
    await user.click(screen.getByLabelText(/^Reason/));
    await user.tab();
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Reason/), '  Ticket 42  ');
    expect(start).toBeEnabled();
    await user.click(start);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(MERCHANT, 'Ticket 42'));
  });

  it("shows the API's message when the override cannot start", async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <OverrideDialog
          merchant={MERCHANT}
          onClose={vi.fn()}
          onConfirm={vi.fn().mockRejectedValue(new Error('Merchant not found'))}
        />
      </TestProviders>,
    );
    await user.type(await screen.findByLabelText(/^Reason/), 'Ticket 42');
    await user.click(screen.getByRole('button', { name: 'Start override' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Merchant not found');
  });
});
