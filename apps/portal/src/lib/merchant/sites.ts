import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../api/operations.ts';
import { apiRequest } from '../api/request.ts';

/** A site's names, for the users screens and the audit log (the list carries more, for the sites screens). */
export type SiteSummary = Pick<ResponseData<'listSites'>[number], 'siteId' | 'name' | 'displayName'>;

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
