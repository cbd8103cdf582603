import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

/** GET /v1/merchants/{id}/users/{userId}. */
export function getUser(merchantId: string, userId: string): Promise<ResponseData<'getMerchantUser'>> {
  return apiRequest(
    'GET',
    `/v1/merchants/${encodeURIComponent(merchantId)}/users/${encodeURIComponent(userId)}`,
  );
}

export function userQueryOptions(merchantId: string, userId: string) {
  return queryOptions({
    queryKey: ['users', merchantId, userId],
    queryFn: () => getUser(merchantId, userId),
  });
}

export function useUser(merchantId: string, userId: string) {
  return useQuery(userQueryOptions(merchantId, userId));
}
