import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /merchants/{id}/verification-links (SPEC §7, Company:AccessKyc): a fresh hosted verification link. */
export function createVerificationLink(merchantId: string): Promise<ResponseData<'createVerificationLink'>> {
  return apiRequest('POST', `/merchants/${encodeURIComponent(merchantId)}/verification-links`);
}

export function useCreateVerificationLink() {
  return useMutation({ mutationFn: createVerificationLink });
}
