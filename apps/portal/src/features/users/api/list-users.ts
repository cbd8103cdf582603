import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type MerchantUser = ResponseData<'listMerchantUsers'>[number];

/** GET /v1/merchants/{id}/users (SPEC §7 Users). */
export function listUsers(merchantId: string): Promise<MerchantUser[]> {
  return apiRequest('GET', `/v1/merchants/${encodeURIComponent(merchantId)}/users`);
}

export function usersQueryOptions(merchantId: string) {
  return queryOptions({ queryKey: ['users', merchantId], queryFn: () => listUsers(merchantId) });
}

export function useUsers(merchantId: string) {
  return useQuery(usersQueryOptions(merchantId));
}
