import { useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type RouteCounts = ResponseData<'getAnalyticsRouteCounts'>;

/** GET /api/analytics/route-counts (staff only): page views and leaves per route over the last 30 days. */
export function useRouteCounts() {
  return useQuery({
    queryKey: ['analytics', 'route-counts'] as const,
    queryFn: () => apiRequest<RouteCounts>('GET', '/analytics/route-counts?days=30'),
  });
}
