import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type StaffDeal = ResponseData<'listDeals'>[number];
export type NewDeal = RequestBody<'createDeal'>;
export type DealChange = RequestBody<'updateDeal'>;

const DEALS = ['staff', 'deals'] as const;

/** GET /v1/staff/deals (staff): every deal, newest first, with its state today. */
export function useDeals() {
  return useQuery({
    queryKey: DEALS,
    queryFn: () => apiRequest<ResponseData<'listDeals'>>('GET', '/v1/staff/deals'),
  });
}

/** POST /v1/staff/deals (staff). */
export function useCreateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deal: NewDeal) => apiRequest<StaffDeal>('POST', '/v1/staff/deals', deal),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEALS }),
  });
}

/** PUT /v1/staff/deals/{reference} (staff): withdraw, or move the last valid day. */
export function useUpdateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reference, change }: { reference: string; change: DealChange }) =>
      apiRequest<StaffDeal>('PUT', `/v1/staff/deals/${encodeURIComponent(reference)}`, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEALS }),
  });
}
