import { useMutation } from '@tanstack/react-query';
import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type ChurnRequest = RequestBody<'churnMerchant'>;

/** POST /v1/merchants/{id}/churn (staff): SPEC §9, 30 days rolling plus an optional delay in days. */
export function churnMerchant(
  merchantId: string,
  body: ChurnRequest,
): Promise<ResponseData<'churnMerchant'>> {
  return apiRequest('POST', `/v1/merchants/${encodeURIComponent(merchantId)}/churn`, body);
}

export function useChurnMerchant(merchantId: string) {
  return useMutation({ mutationFn: (body: ChurnRequest) => churnMerchant(merchantId, body) });
}
