import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type PayoutSite = ResponseData<'listSites'>[number];

/** GET /merchants/{id}/sites: the sites the payouts list can be filtered by. */
export function payoutSitesQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: ['sites', merchantId],
    queryFn: () => apiRequest<PayoutSite[]>('GET', `/merchants/${encodeURIComponent(merchantId)}/sites`),
    staleTime: 60_000,
  });
}

export function usePayoutSites(merchantId: string) {
  return useQuery(payoutSitesQueryOptions(merchantId));
}
