import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request.ts';
import type { BillingSettings } from './billing-settings.ts';

/** DELETE …/billing-settings/payment-methods/{pmId} (SPEC §7). */
export function deletePaymentMethod(merchantId: string, pmId: string): Promise<BillingSettings> {
  return apiRequest(
    'DELETE',
    `/v1/merchants/${encodeURIComponent(merchantId)}/billing-settings/payment-methods/${encodeURIComponent(pmId)}`,
  );
}

export function useDeletePaymentMethod(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pmId: string) => deletePaymentMethod(merchantId, pmId),
    onSuccess: (settings) => queryClient.setQueryData(['billing', merchantId, 'settings'], settings),
  });
}
