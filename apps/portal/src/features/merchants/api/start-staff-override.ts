import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type StaffOverride = ResponseData<'startStaffOverride'>;

/** POST /v1/merchants/{id}/override {reason}: 60 minutes inside the merchant, every request audited. */
export function startStaffOverride(merchantId: string, reason: string): Promise<StaffOverride> {
  return apiRequest('POST', `/v1/merchants/${encodeURIComponent(merchantId)}/override`, { reason });
}

export function useStartStaffOverride() {
  return useMutation({
    mutationFn: ({ merchantId, reason }: { merchantId: string; reason: string }) =>
      startStaffOverride(merchantId, reason),
  });
}
