import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type CapitalOffer = ResponseData<'getCapitalOffer'>;
export type CapitalRequest = ResponseData<'createCapitalRequest'>;

const offerPath = (merchantId: string) => `/v1/merchants/${encodeURIComponent(merchantId)}/capital/offer`;
const requestsPath = (merchantId: string) =>
  `/v1/merchants/${encodeURIComponent(merchantId)}/capital/requests`;

/** GET /v1/merchants/{id}/capital/offer (Company:GetRates): today's offer from the last 90 days' card volume. */
export function capitalOfferQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: ['capital-offer', merchantId] as const,
    queryFn: () => apiRequest<CapitalOffer>('GET', offerPath(merchantId)),
  });
}

export function useCapitalOffer(merchantId: string, enabled: boolean) {
  return useQuery({ ...capitalOfferQueryOptions(merchantId), enabled });
}

/** POST /v1/merchants/{id}/capital/requests (Company:UpdateDetails): requests the offer shown, by its amount. */
export function useRequestCapital(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) => apiRequest<CapitalRequest>('POST', requestsPath(merchantId), { amount }),
    onSettled: () => client.invalidateQueries({ queryKey: ['capital-offer', merchantId] }),
  });
}

/** GET /v1/merchants/{id}/capital/requests: every request, newest first (staff, owners). */
export function useCapitalRequests(merchantId: string) {
  return useQuery({
    queryKey: ['capital-requests', merchantId] as const,
    queryFn: () => apiRequest<CapitalRequest[]>('GET', requestsPath(merchantId)),
  });
}

/** POST /v1/merchants/{id}/capital/requests/{requestId}/decision: staff approve, or decline with a reason. */
export function useDecideCapitalRequest(merchantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { requestId: string; decision: 'approve' | 'decline'; reason?: string }) =>
      apiRequest<CapitalRequest>(
        'POST',
        `${requestsPath(merchantId)}/${encodeURIComponent(input.requestId)}/decision`,
        input.decision === 'decline'
          ? { decision: input.decision, reason: input.reason }
          : { decision: input.decision },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['capital-requests', merchantId] }),
  });
}
