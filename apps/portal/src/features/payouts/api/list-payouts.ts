import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiErrorFrom } from '../../../lib/api/api-error.ts';
import { authFetch } from '../../../lib/api/auth-fetch.ts';
import type { operations } from '../../../lib/api/generated/schema.d.ts';
import { apiUrl } from '../../../lib/api/request.ts';

type PayoutPage = operations['listPayouts']['responses'][200]['content']['application/json'];
export type Payout = PayoutPage['data'][number];
export interface PayoutFilter {
  siteId?: string | undefined;
  date?: string | undefined;
}

/**
 * GET /merchants/{id}/payouts (Payout:ListPayouts): newest trading day first, keyset pages. The page carries
 * `lastKey` beside `data`, so the whole body is read here rather than through apiRequest.
 */
export async function listPayouts(
  merchantId: string,
  filter: PayoutFilter,
  lastKey?: string,
): Promise<PayoutPage> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, lastKey })) if (value) query.set(key, value);
  const path = `/merchants/${encodeURIComponent(merchantId)}/payouts?${query}`;
  const response = await authFetch(new Request(apiUrl(path), { headers: { Accept: 'application/json' } }));
  if (!response.ok) throw await apiErrorFrom(response);
  return (await response.json()) as PayoutPage;
}

export function payoutsQueryOptions(merchantId: string, filter: PayoutFilter) {
  return infiniteQueryOptions({
    queryKey: ['payouts', merchantId, filter],
    queryFn: ({ pageParam }) => listPayouts(merchantId, filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.lastKey ?? undefined,
  });
}

export function usePayouts(merchantId: string, filter: PayoutFilter) {
  return useInfiniteQuery(payoutsQueryOptions(merchantId, filter));
}
