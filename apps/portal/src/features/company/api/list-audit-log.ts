import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiErrorFrom } from '../../../lib/api/api-error.ts';
import { authFetch } from '../../../lib/api/auth-fetch.ts';
import type { operations } from '../../../lib/api/generated/schema.d.ts';
import { apiUrl } from '../../../lib/api/request.ts';

type AuditPage = operations['listAuditLog']['responses'][200]['content']['application/json'];
export type AuditEntry = AuditPage['data'][number];
export interface AuditFilter {
  from?: string;
  to?: string;
  actorId?: string;
}

/**
 * GET /v1/merchants/{id}/audit-log: newest first, keyset pages. The page carries `lastKey` beside `data`,
 * so the whole body is read here rather than through apiRequest (which returns only `data`).
 */
export async function listAuditLog(
  merchantId: string,
  filter: AuditFilter,
  lastKey?: string,
): Promise<AuditPage> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, lastKey })) if (value) query.set(key, value);
  const path = `/v1/merchants/${encodeURIComponent(merchantId)}/audit-log?${query}`;
  const response = await authFetch(new Request(apiUrl(path), { headers: { Accept: 'application/json' } }));
  if (!response.ok) throw await apiErrorFrom(response);
  return (await response.json()) as AuditPage;
}

export function auditLogQueryOptions(merchantId: string, filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: ['audit-log', merchantId, filter],
    queryFn: ({ pageParam }) => listAuditLog(merchantId, filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.lastKey ?? undefined,
  });
}

export function useAuditLog(merchantId: string, filter: AuditFilter) {
  return useInfiniteQuery(auditLogQueryOptions(merchantId, filter));
}
