import { describe, expect, it } from 'vitest';
import {
  COMPANION_SESSION_CHECK_INTERVAL_MS,
  COMPANION_SESSION_REFRESH_BEFORE_EXPIRY_MS,
  DEVICE_DOCK_PRICE,
  deviceActivityBucket,
  TOAST_TIMEOUT_MS,
} from '../src/constants.ts';
import {
  DEVICE_MODELS,
  isMerchantActivated,
  REPORT_TRANSITIONS,
  TRANSACTION_STATUSES,
} from '../src/enums.ts';
import { formatMoney } from '../src/money.ts';

const HOUR = 60 * 60 * 1000;

describe('SPEC §9 constants', () => {
  it('holds the timings', () => {
    expect(TOAST_TIMEOUT_MS).toBe(5000);
    expect(COMPANION_SESSION_CHECK_INTERVAL_MS).toBe(60_000);
    expect(COMPANION_SESSION_REFRESH_BEFORE_EXPIRY_MS).toBe(300_000);
  });

  it('prices the dock at £9.99', () => {
    expect(formatMoney(DEVICE_DOCK_PRICE, 'en-GB')).toBe('£9.99');
  });

  it('buckets device activity: within 24 hours, up to a week, over a week', () => {
    const now = Date.UTC(2024, 5, 1);
    expect(deviceActivityBucket(now - 24 * HOUR, now)).toBe('within-24-hours');
    expect(deviceActivityBucket(now - 24 * HOUR - 1, now)).toBe('within-1-week');
    expect(deviceActivityBucket(now - 7 * 24 * HOUR, now)).toBe('within-1-week');
    expect(deviceActivityBucket(now - 7 * 24 * HOUR - 1, now)).toBe('over-1-week');
  });
});

describe('SPEC §3 enumerations', () => {
  it('lists the 14 transaction statuses', () => {
    expect(TRANSACTION_STATUSES).toHaveLength(14);
  });

  it('describes both device models', () => {
    expect(DEVICE_MODELS).toEqual([
      { id: 'with-printer', printer: true, weightGrams: 495, screenInches: 5.5 },
      { id: 'without-printer', printer: false, weightGrams: 262, screenInches: 5 },
    ]);
  });

  it('reports flow NEW → PROCESSING → READY or ERROR', () => {
    expect(REPORT_TRANSITIONS.NEW).toEqual(['PROCESSING']);
    expect(REPORT_TRANSITIONS.PROCESSING).toEqual(['READY', 'ERROR']);
  });

  it('a merchant is activated when not inactive and verified (SPEC §4)', () => {
    expect(isMerchantActivated({ status: 'active', kycOnboardingStatus: 'verified' })).toBe(true);
    expect(isMerchantActivated({ status: 'inactive', kycOnboardingStatus: 'verified' })).toBe(false);
    expect(isMerchantActivated({ status: 'active', kycOnboardingStatus: 'pending' })).toBe(false);
  });
});
