import { useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type BillingSessionResult = ResponseData<'getBillingSessionResult'>;

/** The real result of a checkout session, for /payment-method-success. */
export function getBillingSessionResult(
  merchantId: string,
  sessionId: string,
): Promise<BillingSessionResult> {
  return apiRequest(
    'GET',
    `/v1/merchants/${encodeURIComponent(merchantId)}/billing/session/${encodeURIComponent(sessionId)}`,
  );
}

export function useBillingSessionResult(merchantId: string, sessionId: string) {
  return useQuery({
    queryKey: ['billing', merchantId, 'session', sessionId],
    queryFn: () => getBillingSessionResult(merchantId, sessionId),
    enabled: merchantId !== '' && sessionId !== '',
    retry: false,
    // Stripe confirms Direct Debits and some cards a moment after returning here: ask again while open.
    refetchInterval: (query) => (query.state.data?.status === 'open' ? 2000 : false),
  });
}
