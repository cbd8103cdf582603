import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type UserUpdateBody = RequestBody<'updateMerchantUser'>;

/** POST /v1/merchants/{id}/users/{userId}: names and roles (409 when it would demote the last owner). */
export function updateUser(
  merchantId: string,
  userId: string,
  body: UserUpdateBody,
): Promise<ResponseData<'updateMerchantUser'>> {
  return apiRequest(
    'POST',
    `/v1/merchants/${encodeURIComponent(merchantId)}/users/${encodeURIComponent(userId)}`,
    body,
  );
}

export function useUpdateUser(merchantId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateBody) => updateUser(merchantId, userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', merchantId] }),
  });
}
