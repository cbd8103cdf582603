import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type FoundMerchant = ResponseData<'staffSearchMerchants'>[number];

/** GET /v1/merchants/staff-search?name= (staff only; the search itself is audited on the server). */
export function staffSearchMerchants(name: string): Promise<FoundMerchant[]> {
  return apiRequest('GET', `/v1/merchants/staff-search?${new URLSearchParams({ name })}`);
}

export function staffSearchQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['staff-search', name],
    queryFn: () => staffSearchMerchants(name),
    enabled: name.trim() !== '',
  });
}

export function useStaffSearchMerchants(name: string) {
  return useQuery(staffSearchQueryOptions(name));
}
