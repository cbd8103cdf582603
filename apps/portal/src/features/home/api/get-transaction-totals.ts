import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type TransactionTotals = ResponseData<'getTransactionTotals'>;

/**
 * GET /v1/merchants/{id}/transactions/totals (Transaction:ListTransactions). Without `startDate` the API
 * counts the last 30 days in the merchant's time zone; without `siteId`, every site the user may list.
 */
export function getTransactionTotals(
  merchantId: string,
  query: { siteId?: string; startDate?: string } = {},
): Promise<TransactionTotals> {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return apiRequest(
    'GET',
    `/v1/merchants/${encodeURIComponent(merchantId)}/transactions/totals${search ? `?${search}` : ''}`,
  );
}

export function transactionTotalsQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: ['transaction-totals', merchantId],
    queryFn: () => getTransactionTotals(merchantId),
    staleTime: 60_000,
  });
}

export function useTransactionTotals(merchantId: string) {
  return useQuery(transactionTotalsQueryOptions(merchantId));
}
