import type { BillingLoadState } from '@mp/domain/enums';
import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type BillingSettings = ResponseData<'getBillingSettings'>;
export type PaymentMethod = BillingSettings['paymentMethods'][number];

/** GET /v1/merchants/{id}/billing-settings (SPEC §7). A failed load is only logged (SPEC §8). */
export async function getBillingSettings(merchantId: string): Promise<BillingSettings> {
  try {
    return await apiRequest('GET', `/v1/merchants/${encodeURIComponent(merchantId)}/billing-settings`);
  } catch (error) {
    console.error('billing settings failed to load', error);
    throw error;
  }
}

/** Under the `billing` root, which a merchant switch reloads (SPEC §4). */
export function billingSettingsQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: ['billing', merchantId, 'settings'],
    queryFn: () => getBillingSettings(merchantId),
    enabled: merchantId !== '',
    retry: false,
  });
}

export function useBillingSettings(merchantId: string, enabled = true) {
  return useQuery({ ...billingSettingsQueryOptions(merchantId), enabled: enabled && merchantId !== '' });
}

/** SPEC §4 billing load state, read off the query. */
export function billingLoadState(query: Pick<UseQueryResult, 'status' | 'fetchStatus'>): BillingLoadState {
  if (query.status === 'success') return 'LOADED';
  if (query.status === 'error') return 'ERROR';
  return query.fetchStatus === 'fetching' ? 'LOADING' : 'NOT_LOADED';
}
