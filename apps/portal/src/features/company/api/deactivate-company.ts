import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /v1/merchants/{id}/deactivate (Company:Deactivate). */
export function deactivateCompany(merchantId: string): Promise<ResponseData<'deactivateCompany'>> {
  return apiRequest('POST', `/v1/merchants/${encodeURIComponent(merchantId)}/deactivate`);
}

export function useDeactivateCompany(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deactivateCompany(merchantId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['merchants'] }),
  });
}
