import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request.ts';
import type { Merchant } from '../../../lib/api/types.ts';

export type { Merchant };

export function listMerchants(): Promise<Merchant[]> {
  return apiRequest<Merchant[]>('GET', '/merchants');
}

/** Keyed by the signed-in user so another user's list never shows; nobody signed in (''), no request. */
export function merchantsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['merchants', userId],
    queryFn: listMerchants,
    staleTime: 60_000,
    enabled: userId !== '',
  });
}

export function useMerchants(userId: string) {
  return useQuery(merchantsQueryOptions(userId));
}
