import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseData } from '../api/operations.ts';
import { apiRequest } from '../api/request.ts';

export type OwnInvitation = ResponseData<'listOwnInvitations'>[number];

/** Keyed by the signed-in user, so another user's invitations never show. */
const ownInvitationsKey = (userId: string) => ['invitations', userId] as const;

/** GET /v1/invitations: the signed-in user's open invitations (docs/decisions/0032). */
export function useOwnInvitations(userId: string) {
  return useQuery({
    queryKey: ownInvitationsKey(userId),
    queryFn: () => apiRequest<OwnInvitation[]>('GET', '/v1/invitations'),
    enabled: userId !== '',
  });
}

/**
 * POST /v1/invitations/{id}/accept|decline. Accepting adds a merchant, so the merchant list (the switcher) reloads.
 */
export function useDecideInvitation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invitationId, decision }: { invitationId: string; decision: 'accept' | 'decline' }) =>
      apiRequest<unknown>('POST', `/v1/invitations/${encodeURIComponent(invitationId)}/${decision}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ownInvitationsKey(userId) }),
        queryClient.invalidateQueries({ queryKey: ['merchants'] }),
      ]),
  });
}
