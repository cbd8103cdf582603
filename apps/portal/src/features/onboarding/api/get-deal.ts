import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/api-error.ts';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type DealPricing = ResponseData<'getDeal'>;

/**
 * GET /v1/deals/{reference} (decision 0079): the deal's pricing, or null when there is no such deal to take
 * (unknown, withdrawn, expired: 404; not a deal reference at all: 400). Nothing is asked without a reference.
 */
export function useDeal(reference: string | null | undefined) {
  return useQuery({
    queryKey: ['deal', reference ?? ''] as const,
    enabled: Boolean(reference),
    retry: false,
    queryFn: async (): Promise<DealPricing | null> => {
      try {
        return await apiRequest<DealPricing>('GET', `/v1/deals/${encodeURIComponent(reference ?? '')}`);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
  });
}
