import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /v1/merchants/{id}/unblock (staff). */
export function unblockMerchant(merchantId: string): Promise<ResponseData<'unblockMerchant'>> {
  return apiRequest('POST', `/v1/merchants/${encodeURIComponent(merchantId)}/unblock`);
}

export function useUnblockMerchant(merchantId: string) {
  return useMutation({ mutationFn: () => unblockMerchant(merchantId) });
}
