import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBody, ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type UserInviteBody = RequestBody<'inviteMerchantUser'>;

/** POST /v1/merchants/{id}/users: the invitee gets a temporary password by e-mail (SPEC §9: 7 days). */
export function inviteUser(
  merchantId: string,
  body: UserInviteBody,
): Promise<ResponseData<'inviteMerchantUser'>> {
  return apiRequest('POST', `/v1/merchants/${encodeURIComponent(merchantId)}/users`, body);
}

export function useInviteUser(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserInviteBody) => inviteUser(merchantId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', merchantId] }),
  });
}
