import { useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../lib/session/refresh-session.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { meQueryOptions } from './api/get-me.ts';

/**
 * Issue 15: once this session passed a second factor (set-up or step-up), new tokens carry it. Refreshes them
 * and puts the refreshed user (twoFactor.verified) where the guards read it, so they let the user through.
 */
export function useUpgradeSession() {
  const queryClient = useQueryClient();
  return async () => {
    await refreshSession();
    const session = sessionStore.get();
    if (session) queryClient.setQueryData(meQueryOptions(session.user.id).queryKey, session.user);
  };
}
