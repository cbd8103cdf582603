import { useMutation } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /v1/industries/{code}/validate (SPEC §7): 422 INDUSTRY_UNSUPPORTED when we do not support it. */
export function validateIndustry(
  code: string,
  legalEntityName: string,
): Promise<ResponseData<'validateIndustry'>> {
  return apiRequest('POST', `/v1/industries/${encodeURIComponent(code)}/validate`, { legalEntityName });
}

export function useValidateIndustry() {
  return useMutation({
    mutationFn: ({ code, legalEntityName }: { code: string; legalEntityName: string }) =>
      validateIndustry(code, legalEntityName),
  });
}
