import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiErrorFrom } from '../../lib/api/api-error.ts';
import { authFetch } from '../../lib/api/auth-fetch.ts';
import type { operations } from '../../lib/api/generated/schema.d.ts';
import { apiUrl } from '../../lib/api/request.ts';

/** A page of an audit log (a merchant's, or staff's merchant-less one): the same shape from both routes. */
export type AuditPage = operations['listAuditLog']['responses'][200]['content']['application/json'];
export type AuditEntry = AuditPage['data'][number];
export interface AuditFilter {
  from?: string;
  to?: string;
  actorId?: string;
}

/**
 * GET an audit log's page at `path` (newest first, keyset pages). The page carries `lastKey` beside `data`, so the
 * whole body is read here rather than through apiRequest (which returns only `data`).
 */
export async function fetchAuditPage(
  path: string,
  filter: AuditFilter,
  lastKey?: string,
): Promise<AuditPage> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, lastKey })) if (value) query.set(key, value);
  const response = await authFetch(
    new Request(apiUrl(`${path}?${query}`), { headers: { Accept: 'application/json' } }),
  );
  if (!response.ok) throw await apiErrorFrom(response);
  return (await response.json()) as AuditPage;
}

/** The query key of every page and filter of the audit log at `path` (to refetch it after an audited action). */
export const auditLogKey = (path: string) => ['audit-log', path] as const;

/** An audit log's pages at `path`: a merchant's (`/v1/merchants/{id}/audit-log`) or staff's (`/v1/staff/audit-log`). */
export function auditLogQueryOptions(path: string, filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: [...auditLogKey(path), filter],
    queryFn: ({ pageParam }) => fetchAuditPage(path, filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.lastKey ?? undefined,
  });
}
