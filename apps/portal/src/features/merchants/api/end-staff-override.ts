import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request.ts';

/** DELETE /v1/merchants/{id}/override: ends the caller's override (204 also when none was live). */
export function endStaffOverride(merchantId: string): Promise<void> {
  return apiRequest('DELETE', `/v1/merchants/${encodeURIComponent(merchantId)}/override`);
}

export function useEndStaffOverride() {
  return useMutation({ mutationFn: (merchantId: string) => endStaffOverride(merchantId) });
}
