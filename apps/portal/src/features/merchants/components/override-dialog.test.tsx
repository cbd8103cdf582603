import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../../test/render.tsx';
import { ApiError, apiErrorKey } from '../../../lib/api/api-error.ts';
import { applyLocale, i18n } from '../../../lib/i18n/i18n.ts';
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

afterEach(async () => {
  await applyLocale('en-GB');
});

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

  it.each([
    ['a refusal with its English message', () => new ApiError(404, 'NOT_FOUND', 'Merchant not found')],
    ['a server error', () => new ApiError(500, 'INTERNAL', 'Internal Server Error')],
    ['no answer at all', () => new TypeError('Failed to fetch')],
  ])('fr-FR: %s reads a French sentence, never the English of the API or the browser', async (_, failure) => {
    await applyLocale('fr-FR');
    const user = userEvent.setup();
    render(
      <TestProviders>
        <OverrideDialog
          merchant={MERCHANT}
          onClose={vi.fn()}
          onConfirm={vi.fn().mockRejectedValue(failure())}
        />
      </TestProviders>,
    );
    await user.type(
      await screen.findByLabelText(new RegExp(`^${i18n.t('access.override.reason')}`)),
      'Ticket 42',
    );
    await user.click(screen.getByRole('button', { name: i18n.t('access.override.start') }));
    const alert = await screen.findByRole('alert');
    const error = failure();
    const key = apiErrorKey(error, 'access.override.errors.startFailed');
    expect(i18n.t(key)).not.toBe(key);
    expect(alert).toHaveTextContent(i18n.t(key));
    expect(alert).not.toHaveTextContent(error.message);
  });

  it('en-GB: an override that cannot start for no named reason says so in the translated sentence', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <OverrideDialog
          merchant={MERCHANT}
          onClose={vi.fn()}
          onConfirm={vi.fn().mockRejectedValue(new ApiError(500, 'INTERNAL', 'Internal Server Error'))}
        />
      </TestProviders>,
    );
    await user.type(await screen.findByLabelText(/^Reason/), 'Ticket 42');
    await user.click(screen.getByRole('button', { name: 'Start override' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The override could not start. Please try again.',
    );
  });

  it("a 400 naming the reason's rule reads under the field, not in an alert; typing clears it", async () => {
    const user = userEvent.setup();
    const onConfirm = vi
      .fn()
      .mockRejectedValue(
        new ApiError(400, 'VALIDATION_FAILED', 'Invalid request', [
          { field: 'reason', rule: 'validation.required', message: 'Required' },
        ]),
      );
    render(
      <TestProviders>
        <OverrideDialog merchant={MERCHANT} onClose={vi.fn()} onConfirm={onConfirm} />
      </TestProviders>,
    );
    const reason = await screen.findByLabelText(/^Reason/);
    await user.type(reason, 'Ticket 42');
    await user.click(screen.getByRole('button', { name: 'Start override' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Required'));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(reason, ' again');
    expect(reason).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('a 400 naming a field the dialog does not show still reads in the alert, never lost', async () => {
    const user = userEvent.setup();
    render(
      <TestProviders>
        <OverrideDialog
          merchant={MERCHANT}
          onClose={vi.fn()}
          onConfirm={vi
            .fn()
            .mockRejectedValue(
              new ApiError(400, 'VALIDATION_FAILED', 'Invalid request', [
                { field: 'id', rule: 'validation.invalid', message: 'Invalid' },
              ]),
            )}
        />
      </TestProviders>,
    );
    const reason = await screen.findByLabelText(/^Reason/);
    await user.type(reason, 'Ticket 42');
    await user.click(screen.getByRole('button', { name: 'Start override' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('validation.invalid'));
    expect(reason).not.toHaveAttribute('aria-invalid', 'true');
  });
});
