import type { KycDecisionBody } from '@mp/domain/schemas/onboarding';
import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /v1/merchants/{id}/kyc-decision {outcome, reason} (staff, decision 0137). */
export function recordKycDecision(
  merchantId: string,
  body: KycDecisionBody,
): Promise<ResponseData<'recordKycDecision'>> {
  return apiRequest('POST', `/v1/merchants/${encodeURIComponent(merchantId)}/kyc-decision`, body);
}

export function useRecordKycDecision(merchantId: string) {
  return useMutation({ mutationFn: (body: KycDecisionBody) => recordKycDecision(merchantId, body) });
}
