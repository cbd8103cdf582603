import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request.ts';
import type { Transaction } from './list-transactions.ts';

/** POST /v1/merchants/{id}/transactions/psp (SPEC §7): the transactions with these PSP references. */
export function findTransactionsByPsp(merchantId: string, pspReferences: string[]): Promise<Transaction[]> {
  return apiRequest('POST', `/v1/merchants/${encodeURIComponent(merchantId)}/transactions/psp`, {
    pspReferences,
  });
}

export function transactionsByPspQueryOptions(merchantId: string, pspReferences: string[]) {
  return queryOptions({
    queryKey: ['transactions-by-psp', merchantId, pspReferences],
    queryFn: () => findTransactionsByPsp(merchantId, pspReferences),
  });
}

export function useTransactionsByPsp(merchantId: string, pspReferences: string[], enabled: boolean) {
  return useQuery({ ...transactionsByPspQueryOptions(merchantId, pspReferences), enabled });
}
