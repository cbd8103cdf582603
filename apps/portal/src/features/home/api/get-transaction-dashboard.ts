import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type TransactionDashboard = ResponseData<'getTransactionDashboard'>;
export type DashboardCurrency = TransactionDashboard['currencies'][number];

/**
 * GET /v1/merchants/{id}/transactions/dashboard (Transaction:ListTransactions): the last 30 days per currency —
 * each day's count, captured and refunded amounts, and the figures by source — over the sites the user may list
 * (the API narrows: a site manager gets their own sites' figures only).
 */
export function transactionDashboardQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: ['transaction-dashboard', merchantId],
    queryFn: () =>
      apiRequest<TransactionDashboard>(
        'GET',
        `/v1/merchants/${encodeURIComponent(merchantId)}/transactions/dashboard`,
      ),
    staleTime: 60_000,
  });
}

export function useTransactionDashboard(merchantId: string) {
  return useQuery(transactionDashboardQueryOptions(merchantId));
}
