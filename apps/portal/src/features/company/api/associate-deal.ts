import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /v1/merchants/{id}/rates/associate?dealReference= (staff). */
export function associateDeal(
  merchantId: string,
  dealReference: string,
): Promise<ResponseData<'associateDeal'>> {
  return apiRequest(
    'POST',
    `/v1/merchants/${encodeURIComponent(merchantId)}/rates/associate?${new URLSearchParams({ dealReference })}`,
  );
}

export function useAssociateDeal(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dealReference: string) => associateDeal(merchantId, dealReference),
    onSuccess: (rates) => queryClient.setQueryData(['rates', merchantId], rates),
  });
}
