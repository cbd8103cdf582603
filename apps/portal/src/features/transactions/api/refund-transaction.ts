import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type RefundResult = ResponseData<'refundTransaction'>;

/**
 * POST /v1/merchants/{id}/transactions/{transactionId}/refunds (Transaction:RefundTransaction). The dialog makes
 * one Idempotency-Key per opening, so a double click or a retry never refunds twice.
 */
export function refundTransaction(
  merchantId: string,
  transactionId: string,
  amount: number,
  idempotencyKey: string,
): Promise<RefundResult> {
  return apiRequest(
    'POST',
    `/v1/merchants/${encodeURIComponent(merchantId)}/transactions/${encodeURIComponent(transactionId)}/refunds`,
    { amount },
    { 'Idempotency-Key': idempotencyKey },
  );
}

export function useRefundTransaction(merchantId: string, transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: number; idempotencyKey: string }) =>
      refundTransaction(merchantId, transactionId, input.amount, input.idempotencyKey),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['transaction', merchantId, transactionId] }),
        queryClient.invalidateQueries({ queryKey: ['transactions'] }),
      ]),
  });
}
