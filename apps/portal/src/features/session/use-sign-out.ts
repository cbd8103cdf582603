import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { shutdownChat } from '../../lib/chat/chat-port.ts';
import { notify } from '../../lib/notifications/notify.ts';
import { pathTo } from '../../lib/paths.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { signOutOnServer } from './api/sign-out.ts';

/**
 * SPEC §4: sign-out clears the session and user data, resets the application state and shows
 * "You have been signed out.". `onReset` lets the app reset state it owns (e.g. the merchant choice).
 */
export function useSignOut(onReset: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const refreshToken = sessionStore.get()?.tokens.refreshToken;
    // Revoking on the server is best effort: the local session goes whatever the network says.
    if (refreshToken) await signOutOnServer(refreshToken).catch(() => undefined);
    // SPEC §4: the chat forgets the user before the session goes.
    shutdownChat();
    sessionStore.clear();
    queryClient.clear();
    onReset();
    notify(t('session.signedOut'));
    await navigate(pathTo('sign-in'), { replace: true });
  };
}
