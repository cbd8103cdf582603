import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type RatesUpdate = RequestBody<'updateRates'>;

/** PUT /v1/merchants/{id}/rates (staff; once a day, else 409 "Rates cannot be updated today; …"). */
export function updateRates(merchantId: string, body: RatesUpdate): Promise<ResponseData<'updateRates'>> {
  return apiRequest('PUT', `/v1/merchants/${encodeURIComponent(merchantId)}/rates`, body);
}

export function useUpdateRates(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RatesUpdate) => updateRates(merchantId, body),
    onSuccess: (rates) => queryClient.setQueryData(['rates', merchantId], rates),
  });
}
