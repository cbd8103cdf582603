import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../../../test/render.tsx';
import { emptySite, SiteStep } from './site-step.tsx';

const filledSite = {
  ...emptySite('GB'),
  name: 'Harbour Main',
  address: {
    line1: '1 Quay Street',
    line2: '',
    city: 'Bristol',
    stateOrProvince: '',
    postalCode: 'BS1 4AA',
    country: 'GB',
  },
};

function renderStep(payByLink: boolean) {
  const onSubmit = vi.fn();
  render(
    <TestProviders>
      <SiteStep
        defaultValues={filledSite}
        payByLink={payByLink}
        onSubmit={onSubmit}
        onBack={() => undefined}
        isSaving={false}
      />
    </TestProviders>,
  );
  return { onSubmit, user: userEvent.setup() };
}

// Decision 0136: pay by link chosen in the payments step turns it on for the first site, which needs its terms.
describe('onboarding site step: the pay-by-link terms web address', () => {
  it('is asked for, and required, when pay by link was chosen', async () => {
    const { onSubmit, user } = renderStep(true);
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }, { timeout: 5000 }));
    expect(
      await screen.findByText('Pay by link needs a terms and conditions web address'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Pay-by-link terms web address/), 'https://harbour.example/terms');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Harbour Main', payByLinkTermsUrl: 'https://harbour.example/terms' }),
    );
  });

  it('is not asked for otherwise', async () => {
    const { onSubmit, user } = renderStep(false);
    const next = await screen.findByRole('button', { name: 'Save and continue' }, { timeout: 5000 });
    expect(screen.queryByLabelText(/Pay-by-link terms web address/)).toBeNull();
    await user.click(next);
    expect(onSubmit).toHaveBeenCalledWith(
      expect.not.objectContaining({ payByLinkTermsUrl: expect.anything() }),
    );
  });
});
