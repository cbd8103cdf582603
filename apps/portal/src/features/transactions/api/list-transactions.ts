import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiErrorFrom } from '../../../lib/api/api-error.ts';
import { authFetch } from '../../../lib/api/auth-fetch.ts';
import type { operations } from '../../../lib/api/generated/schema.d.ts';
import { PREFETCHED_FRESH_MS } from '../../../lib/api/prefetched.ts';
import { apiUrl } from '../../../lib/api/request.ts';

export type TransactionPage = operations['listTransactions']['responses'][200]['content']['application/json'];
export type Transaction = TransactionPage['data'][number];

/** The filters the API takes (issue 11 §2); dates are YYYY-MM-DD in the merchant's time zone. */
export interface TransactionFilters {
  from?: string | undefined;
  to?: string | undefined;
  /** One site of the caller's; without it, every site the caller may list. */
  siteId?: string | undefined;
  status?: string | undefined;
  source?: string | undefined;
  card?: string | undefined;
}

/**
 * GET /v1/merchants/{id}/transactions: one keyset page, newest first; the first page also carries the
 * per-currency totals of the whole filtered set. The page holds `lastKey` and `totals` beside `data`, so the
 * whole body is read here rather than through apiRequest.
 */
export async function listTransactions(
  merchantId: string,
  filters: TransactionFilters,
  lastKey?: string,
): Promise<TransactionPage> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, lastKey })) if (value) query.set(key, value);
  if (!lastKey) query.set('includeTotals', 'true');
  const path = `/v1/merchants/${encodeURIComponent(merchantId)}/transactions?${query}`;
  const response = await authFetch(new Request(apiUrl(path), { headers: { Accept: 'application/json' } }));
  if (!response.ok) throw await apiErrorFrom(response);
  return (await response.json()) as TransactionPage;
}

export function transactionsQueryOptions(merchantId: string, filters: TransactionFilters) {
  return infiniteQueryOptions({
    queryKey: ['transactions', merchantId, filters],
    queryFn: ({ pageParam }) => listTransactions(merchantId, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.lastKey ?? undefined,
    // Sent by the route's loader while the screen's code downloads (app/screens/prefetch.ts); the live stream
    // invalidates it when a payment arrives.
    staleTime: PREFETCHED_FRESH_MS,
  });
}

export function useTransactions(merchantId: string, filters: TransactionFilters, enabled: boolean) {
  return useInfiniteQuery({ ...transactionsQueryOptions(merchantId, filters), enabled });
}
