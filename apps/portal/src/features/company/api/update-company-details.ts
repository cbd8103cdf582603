import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type CompanyDetailsUpdate = RequestBody<'updateCompanyDetails'>;

/** PUT /v1/merchants/{id} (Company:UpdateDetails). */
export function updateCompanyDetails(
  merchantId: string,
  body: CompanyDetailsUpdate,
): Promise<ResponseData<'updateCompanyDetails'>> {
  return apiRequest('PUT', `/v1/merchants/${encodeURIComponent(merchantId)}`, body);
}

export function useUpdateCompanyDetails(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyDetailsUpdate) => updateCompanyDetails(merchantId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['merchants'] }),
  });
}
