import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/request.ts';

/** POST /v1/merchants/{id}/users/{userId}/reset-password: a new temporary password by e-mail. */
export function resetUserPassword(merchantId: string, userId: string): Promise<void> {
  return apiRequest(
    'POST',
    `/v1/merchants/${encodeURIComponent(merchantId)}/users/${encodeURIComponent(userId)}/reset-password`,
  );
}

export function useResetUserPassword(merchantId: string, userId: string) {
  return useMutation({ mutationFn: () => resetUserPassword(merchantId, userId) });
}
