import { describe, expect, it } from 'vitest';
import { KYC_ONBOARDING_STATUSES } from '../src/enums.ts';
import {
  KYC_OUTCOMES,
  kycDecisionBodySchema,
  kycDecisionRefusal,
  kycStatusAfter,
} from '../src/schemas/onboarding.ts';

describe("staff's verification decision (decision 0137)", () => {
  it('leaves the status a hosted link leaves: verified, pending for more information, rejected', () => {
    expect(KYC_OUTCOMES.map(kycStatusAfter)).toEqual(['verified', 'pending', 'rejected']);
  });

  it('allows every outcome while pending or in review, none once verified, and no second rejection', () => {
    const table = Object.fromEntries(
      KYC_ONBOARDING_STATUSES.map((status) => [
        status,
        KYC_OUTCOMES.map((outcome) => kycDecisionRefusal(status, outcome)),
      ]),
    );
    expect(table).toEqual({
      pending: [null, null, null],
      'in-review': [null, null, null],
      verified: ['KYC_ALREADY_VERIFIED', 'KYC_ALREADY_VERIFIED', 'KYC_ALREADY_VERIFIED'],
      rejected: [null, null, 'KYC_ALREADY_REJECTED'],
    });
  });

  it('needs an outcome and a reason of at most 500 characters, trimmed', () => {
    expect(kycDecisionBodySchema.parse({ outcome: 'verified', reason: '  Checked  ' })).toEqual({
      outcome: 'verified',
      reason: 'Checked',
    });
    const refused = kycDecisionBodySchema.safeParse({ outcome: 'approved', reason: ' ' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['outcome', 'validation.required'],
      ['reason', 'validation.required'],
    ]);
    expect(
      kycDecisionBodySchema.safeParse({ outcome: 'rejected', reason: 'x'.repeat(501) }).error?.issues[0],
    ).toMatchObject({ path: ['reason'], message: 'validation.tooLong' });
  });
});
