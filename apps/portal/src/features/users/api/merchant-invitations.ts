import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseData } from '../../../lib/api/operations.ts';
import { apiRequest } from '../../../lib/api/request.ts';

export type MerchantInvitation = ResponseData<'listMerchantInvitations'>[number];

const invitationsKey = (merchantId: string) => ['users', merchantId, 'invitations'] as const;

/** GET /v1/merchants/{id}/invitations (User:ListUsers): invitations of existing accounts, with their state. */
export function useMerchantInvitations(merchantId: string) {
  return useQuery({
    queryKey: invitationsKey(merchantId),
    queryFn: () =>
      apiRequest<MerchantInvitation[]>('GET', `/v1/merchants/${encodeURIComponent(merchantId)}/invitations`),
    enabled: merchantId !== '',
  });
}

/** DELETE /v1/merchants/{id}/invitations/{invitationId} (User:InviteUser; no longer pending: 409). */
export function useRevokeInvitation(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiRequest<void>(
        'DELETE',
        `/v1/merchants/${encodeURIComponent(merchantId)}/invitations/${encodeURIComponent(invitationId)}`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsKey(merchantId) }),
  });
}
