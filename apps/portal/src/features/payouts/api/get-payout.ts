import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

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
