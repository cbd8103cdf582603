import { describe, expect, it } from 'vitest';
import { aMerchant } from '../../../test/fixtures.ts';
import {
  isActivated,
  merchantToSwitchTo,
  selectCurrentMerchant,
  sortMerchants,
  UnknownMerchantError,
} from './merchant-selection.ts';

const zeta = aMerchant({ merchantId: 'zeta', legalEntityName: 'Zeta Foods' });
const alpha = aMerchant({ merchantId: 'alpha', legalEntityName: 'alpha Bakery' });
const inactive = aMerchant({ merchantId: 'inactive', legalEntityName: 'Beta Bar', status: 'inactive' });
const pending = aMerchant({
  merchantId: 'pending',
  legalEntityName: 'Gamma Gym',
  kycOnboardingStatus: 'pending',
});
const churned = aMerchant({ merchantId: 'churned', legalEntityName: 'Delta Deli', status: 'churned' });

describe('sortMerchants', () => {
  it('sorts merchants by legalEntityName', () => {
    expect(sortMerchants([zeta, pending, alpha, inactive]).map((m) => m.merchantId)).toEqual([
      'alpha',
      'inactive',
      'pending',
      'zeta',
    ]);
  });
  it('does not change the list it was given', () => {
    const list = [zeta, alpha];
    sortMerchants(list);
    expect(list).toEqual([zeta, alpha]);
  });
});

describe('isActivated', () => {
  it('is true when not inactive and verified', () => {
    expect(isActivated(alpha)).toBe(true);
    expect(isActivated(churned)).toBe(true);
  });
  it('is false when inactive', () => {
    expect(isActivated(inactive)).toBe(false);
  });
  it('is false when not verified', () => {
    expect(isActivated(pending)).toBe(false);
  });
});

describe('selectCurrentMerchant', () => {
  const sorted = sortMerchants([zeta, inactive, pending, alpha]);

  it('picks the remembered merchant', () => {
    expect(selectCurrentMerchant(sorted, 'zeta')?.merchantId).toBe('zeta');
  });
  it('else picks the first active and verified one', () => {
    expect(selectCurrentMerchant(sortMerchants([zeta, inactive, pending]), null)?.merchantId).toBe('zeta');
  });
  it('else picks the first one', () => {
    expect(selectCurrentMerchant(sortMerchants([pending, inactive]), null)?.merchantId).toBe('inactive');
  });
  it('is null when there are no merchants', () => {
    expect(selectCurrentMerchant([], 'zeta')).toBeNull();
  });
  it('ignores a remembered merchant the user no longer has', () => {
    expect(selectCurrentMerchant(sorted, 'gone')?.merchantId).toBe('alpha');
  });
  it('drops a remembered merchant that is inactive, when the check is enabled', () => {
    expect(selectCurrentMerchant(sorted, 'inactive', true)?.merchantId).toBe('alpha');
  });
  it('drops a remembered merchant that is unverified, when the check is enabled', () => {
    expect(selectCurrentMerchant(sorted, 'pending', true)?.merchantId).toBe('alpha');
  });
  it('keeps a remembered inactive or unverified merchant when the check is disabled', () => {
    expect(selectCurrentMerchant(sorted, 'inactive', false)?.merchantId).toBe('inactive');
    expect(selectCurrentMerchant(sorted, 'pending', false)?.merchantId).toBe('pending');
  });
  it('enables the check by default', () => {
    expect(selectCurrentMerchant(sorted, 'pending')?.merchantId).toBe('alpha');
  });
  it('keeps a remembered churned merchant (churned is neither inactive nor unverified)', () => {
    expect(selectCurrentMerchant(sortMerchants([alpha, churned]), 'churned')?.merchantId).toBe('churned');
  });
});

describe('merchantToSwitchTo', () => {
  it('returns the merchant to switch to', () => {
    expect(merchantToSwitchTo([alpha, zeta], 'zeta')).toBe(zeta);
  });
  it('raises an error for an unknown merchant', () => {
    expect(() => merchantToSwitchTo([alpha, zeta], 'nope')).toThrow(UnknownMerchantError);
  });
});
