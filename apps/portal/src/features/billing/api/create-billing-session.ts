import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /v1/merchants/{id}/billing/session (SPEC §7): paymentToken and stripePublicKey. */
export function createBillingSession(merchantId: string): Promise<ResponseData<'createBillingSession'>> {
  return apiRequest('POST', `/v1/merchants/${encodeURIComponent(merchantId)}/billing/session`);
}

export function useCreateBillingSession(merchantId: string) {
  return useMutation({ mutationFn: () => createBillingSession(merchantId) });
}
