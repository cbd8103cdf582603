import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request.ts';
import type { BillingSettings } from './billing-settings.ts';

/** PUT …/billing-settings/billing-email: where invoices are sent. */
export function updateBillingEmail(merchantId: string, billingEmail: string): Promise<BillingSettings> {
  return apiRequest('PUT', `/v1/merchants/${encodeURIComponent(merchantId)}/billing-settings/billing-email`, {
    billingEmail,
  });
}

export function useUpdateBillingEmail(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (billingEmail: string) => updateBillingEmail(merchantId, billingEmail),
    onSuccess: (settings) => queryClient.setQueryData(['billing', merchantId, 'settings'], settings),
  });
}
