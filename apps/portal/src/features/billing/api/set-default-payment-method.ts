import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request.ts';
import type { BillingSettings } from './billing-settings.ts';

/** PUT …/billing-settings/payment-methods/{pmId}/default (SPEC §7). */
export function setDefaultPaymentMethod(merchantId: string, pmId: string): Promise<BillingSettings> {
  return apiRequest(
    'PUT',
    `/v1/merchants/${encodeURIComponent(merchantId)}/billing-settings/payment-methods/${encodeURIComponent(pmId)}/default`,
  );
}

export function useSetDefaultPaymentMethod(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pmId: string) => setDefaultPaymentMethod(merchantId, pmId),
    onSuccess: (settings) => queryClient.setQueryData(['billing', merchantId, 'settings'], settings),
  });
}
