import { useMutation } from '@tanstack/react-query';
import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type CustomerAccountBody = RequestBody<'createCustomerAccount'>;

/** POST /v1/customer-accounts (SPEC §7): the merchant, pending verification; returns hostedOnboardingLink. */
export function createCustomerAccount(
  body: CustomerAccountBody,
): Promise<ResponseData<'createCustomerAccount'>> {
  return apiRequest('POST', '/v1/customer-accounts', body);
}

export function useCreateCustomerAccount() {
  return useMutation({ mutationFn: createCustomerAccount });
}
