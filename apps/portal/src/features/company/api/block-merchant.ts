import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /v1/merchants/{id}/block {reason} (staff). */
export function blockMerchant(merchantId: string, reason: string): Promise<ResponseData<'blockMerchant'>> {
  return apiRequest('POST', `/v1/merchants/${encodeURIComponent(merchantId)}/block`, { reason });
}

export function useBlockMerchant(merchantId: string) {
  return useMutation({ mutationFn: (reason: string) => blockMerchant(merchantId, reason) });
}
