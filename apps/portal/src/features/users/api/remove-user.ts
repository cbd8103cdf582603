import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request.ts';

/** DELETE /v1/merchants/{id}/users/{userId} (409 for the last company owner). */
export function removeUser(merchantId: string, userId: string): Promise<void> {
  return apiRequest(
    'DELETE',
    `/v1/merchants/${encodeURIComponent(merchantId)}/users/${encodeURIComponent(userId)}`,
  );
}

export function useRemoveUser(merchantId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeUser(merchantId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', merchantId] }),
  });
}
