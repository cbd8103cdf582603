import type { Locale } from '@mp/domain/locales';
import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type ReceiptResult = ResponseData<'sendTransactionReceipt'>;

/** POST /v1/merchants/{id}/transactions/{transactionId}/receipts: e-mail the receipt (issue 11 §3). */
export function useSendReceipt(merchantId: string, transactionId: string) {
  return useMutation({
    mutationFn: (input: { email: string; locale: Locale }) =>
      apiRequest<ReceiptResult>(
        'POST',
        `/v1/merchants/${encodeURIComponent(merchantId)}/transactions/${encodeURIComponent(transactionId)}/receipts`,
        input,
      ),
  });
}
