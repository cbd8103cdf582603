import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type TransactionSite = ResponseData<'listSites'>[number];

/**
 * GET /merchants/{id}/sites: the sites the transactions can be filtered by. The API lists only the caller's own
 * (a site manager: theirs), the same set the transactions list is narrowed to.
 */
export function transactionSitesQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: ['sites', merchantId],
    queryFn: () => apiRequest<TransactionSite[]>('GET', `/merchants/${encodeURIComponent(merchantId)}/sites`),
    staleTime: 60_000,
  });
}

export function useTransactionSites(merchantId: string) {
  return useQuery({ ...transactionSitesQueryOptions(merchantId), enabled: merchantId !== '' });
}
