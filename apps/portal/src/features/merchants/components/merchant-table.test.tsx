import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../../test/render.tsx';
import { MerchantTable } from './merchant-table.tsx';

const MERCHANTS = [
  {
    merchantId: '33333333-3333-4333-8333-333333333333',
    legalEntityName: 'Brightwater Coffee Ltd',
    status: 'active',
    kycOnboardingStatus: 'verified',
    country: 'GB',
  },
  {
    merchantId: '44444444-4444-4444-8444-444444444444',
    legalEntityName: 'Harbour Bakes SL',
    status: 'churned',
    kycOnboardingStatus: 'in-review',
    country: 'ES',
  },
];

describe('MerchantTable', () => {
  it('shows each merchant with its status, verification, country and its own action', () => {
    render(
      <TestProviders>
        <MerchantTable
          merchants={MERCHANTS}
          label="Merchants found"
          action={(merchant) => <button type="button">{`Open ${merchant.legalEntityName}`}</button>}
        />
      </TestProviders>,
    );
    const table = screen.getByRole('table', { name: 'Merchants found' });
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(['Legal entity name', 'Status', 'Verification', 'Country', '']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Brightwater Coffee Ltd', 'Active', 'Verified', 'GB', 'Open Brightwater Coffee Ltd']);
    expect(
      within(second as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Harbour Bakes SL', 'Churned', 'In review', 'ES', 'Open Harbour Bakes SL']);
  });
});
