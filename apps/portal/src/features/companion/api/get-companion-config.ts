import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request.ts';
import type { CompanionConfig } from '../hand-off.ts';

/** GET /api/v1/companion/config: the app link of each /app/* page, the stores, the wait before falling back. */
export function companionConfigQueryOptions() {
  return queryOptions({
    queryKey: ['companion-config'] as const,
    queryFn: () => apiRequest<CompanionConfig>('GET', '/v1/companion/config'),
    staleTime: 5 * 60_000,
  });
}
