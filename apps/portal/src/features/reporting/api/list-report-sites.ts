import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type ReportSite = ResponseData<'listSites'>[number];

/** GET /merchants/{id}/sites: the sites a report can be asked for (the API lists the caller's own). */
export function useReportSites(merchantId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['sites', merchantId],
      queryFn: () => apiRequest<ReportSite[]>('GET', `/merchants/${encodeURIComponent(merchantId)}/sites`),
      staleTime: 60_000,
      enabled: merchantId !== '',
    }),
  );
}
