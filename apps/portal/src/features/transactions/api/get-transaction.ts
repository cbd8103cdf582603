import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type TransactionDetail = ResponseData<'getTransaction'>;

/** GET /v1/merchants/{id}/transactions/{transactionId}: events, refunds, refundable remainder, payouts. */
export function getTransaction(merchantId: string, transactionId: string): Promise<TransactionDetail> {
  return apiRequest(
    'GET',
    `/v1/merchants/${encodeURIComponent(merchantId)}/transactions/${encodeURIComponent(transactionId)}`,
  );
}

export function transactionQueryOptions(merchantId: string, transactionId: string) {
  return queryOptions({
    queryKey: ['transaction', merchantId, transactionId],
    queryFn: () => getTransaction(merchantId, transactionId),
  });
}

/** How often an open transaction is asked again while a refund waits for the PSP's notification. */
export const REFUND_PENDING_POLL_MS = 2000;

export function useTransaction(merchantId: string, transactionId: string | undefined) {
  return useQuery({
    ...transactionQueryOptions(merchantId, transactionId ?? ''),
    enabled: Boolean(transactionId),
    refetchInterval: (query) =>
      query.state.data?.refunds.some((refund) => refund.status === 'pending')
        ? REFUND_PENDING_POLL_MS
        : false,
  });
}
