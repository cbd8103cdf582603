import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /v1/merchants/{id}/transfer {email} (staff): that user becomes the only company owner. */
export function transferMerchant(
  merchantId: string,
  email: string,
): Promise<ResponseData<'transferMerchant'>> {
  return apiRequest('POST', `/v1/merchants/${encodeURIComponent(merchantId)}/transfer`, { email });
}

export function useTransferMerchant(merchantId: string) {
  return useMutation({ mutationFn: (email: string) => transferMerchant(merchantId, email) });
}
