import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiErrorFrom } from '../../../lib/api/api-error.ts';
import { authFetch } from '../../../lib/api/auth-fetch.ts';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest, apiUrl } from '../../../lib/api/request.ts';

export type PayoutDetail = ResponseData<'getPayout'>;
export type PayoutDay = PayoutDetail['days'][number];
export type LedgerEntry = PayoutDetail['entries'][number];

/** GET /v1/merchants/{id}/payouts/{payoutId} (Payout:GetPayout): the payout, its daily summary and ledger. */
export function getPayout(merchantId: string, payoutId: string): Promise<PayoutDetail> {
  return apiRequest(
    'GET',
    `/v1/merchants/${encodeURIComponent(merchantId)}/payouts/${encodeURIComponent(payoutId)}`,
  );
}

export function payoutQueryOptions(merchantId: string, payoutId: string) {
  return queryOptions({
    queryKey: ['payout', merchantId, payoutId],
    queryFn: () => getPayout(merchantId, payoutId),
  });
}

export function usePayout(merchantId: string, payoutId: string) {
  return useQuery(payoutQueryOptions(merchantId, payoutId));
}

type LedgerPage = { data: LedgerEntry[]; lastKey: string | null };

/**
 * GET …/payouts/{payoutId}/entries (Payout:GetPayout): the ledger pages after the first (which the detail holds),
 * fetched only when asked for (`enabled`), starting from the detail's `entriesLastKey`.
 */
export function usePayoutEntryPages(
  merchantId: string,
  payoutId: string,
  firstLastKey: string | null | undefined,
  enabled: boolean,
) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['payout', merchantId, payoutId, 'entries', firstLastKey],
      queryFn: async ({ pageParam }) => {
        const path = `/v1/merchants/${encodeURIComponent(merchantId)}/payouts/${encodeURIComponent(payoutId)}/entries?lastKey=${encodeURIComponent(pageParam)}`;
        const response = await authFetch(
          new Request(apiUrl(path), { headers: { Accept: 'application/json' } }),
        );
        if (!response.ok) throw await apiErrorFrom(response);
        return (await response.json()) as LedgerPage;
      },
      initialPageParam: firstLastKey ?? '',
      getNextPageParam: (page) => page.lastKey ?? undefined,
      enabled: enabled && Boolean(firstLastKey),
    }),
  );
}
