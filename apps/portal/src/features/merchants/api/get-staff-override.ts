import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** GET /v1/merchants/{id}/override: the caller's live override (null when none), for the banner. */
export function getStaffOverride(merchantId: string): Promise<ResponseData<'getStaffOverride'>> {
  return apiRequest('GET', `/v1/merchants/${encodeURIComponent(merchantId)}/override`);
}

export function staffOverrideQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: ['staff-override', merchantId],
    queryFn: () => getStaffOverride(merchantId),
    staleTime: 60_000,
  });
}

export function useStaffOverride(merchantId: string, enabled: boolean) {
  return useQuery({ ...staffOverrideQueryOptions(merchantId), enabled });
}
