import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** PUT /v1/merchants/{id}/two-factor-requirement (issue 15; owners: Company:UpdateDetails). */
export function setTwoFactorRequirement(
  merchantId: string,
  required: boolean,
): Promise<ResponseData<'setTwoFactorRequirement'>> {
  return apiRequest('PUT', `/v1/merchants/${encodeURIComponent(merchantId)}/two-factor-requirement`, {
    required,
  });
}

export function useSetTwoFactorRequirement(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => setTwoFactorRequirement(merchantId, required),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['merchants'] }),
  });
}
