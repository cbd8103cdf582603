import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { PREFETCHED_FRESH_MS } from '../../../lib/api/prefetched.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type Rates = ResponseData<'getRates'>;

/** GET /v1/merchants/{id}/rates (Company:GetRates). */
export function getRates(merchantId: string): Promise<Rates> {
  return apiRequest('GET', `/v1/merchants/${encodeURIComponent(merchantId)}/rates`);
}

export function ratesQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: ['rates', merchantId],
    queryFn: () => getRates(merchantId),
    // The route's loader sends this while the screen's code downloads (app/screens/prefetch.ts): an answer that
    // arrived before the screen mounted is this visit's, not one to send again.
    staleTime: PREFETCHED_FRESH_MS,
  });
}

export function useRates(merchantId: string) {
  return useQuery(ratesQueryOptions(merchantId));
}
