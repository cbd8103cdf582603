import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type SiteSummary = ResponseData<'listSites'>[number];

/** GET /merchants/{id}/sites: the sites roles can be granted on (the caller's own for a site manager). */
export function listSites(merchantId: string): Promise<SiteSummary[]> {
  return apiRequest('GET', `/merchants/${encodeURIComponent(merchantId)}/sites`);
}

export function sitesQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: ['sites', merchantId, 'summaries'],
    queryFn: () => listSites(merchantId),
    staleTime: 60_000,
  });
}

export function useSites(merchantId: string) {
  return useQuery(sitesQueryOptions(merchantId));
}
