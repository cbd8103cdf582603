import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { shutdownChat } from '../../lib/chat/chat-port.ts';
import { notify } from '../../lib/notifications/notify.ts';
import { pathTo } from '../../lib/paths.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import { removeKey, STORAGE_KEYS } from '../../lib/storage/local-storage.ts';
import { endSessionOnServer } from './api/sign-out.ts';

/**
 * SPEC §4: sign-out clears the session and user data, resets the application state and shows
 * "You have been signed out.". `onReset` lets the app reset state it owns (e.g. the merchant choice).
 */
export function useSignOut(onReset: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const tokens = sessionStore.get()?.tokens;
    // Ending the session on the server is best effort: the local session goes whatever the network says. A session
    // the companion app handed over may have no refresh token: it is ended by its id.
    if (tokens) await endSessionOnServer(tokens).catch(() => undefined);
    // SPEC §4: the chat forgets the user before the session goes.
    shutdownChat();
    sessionStore.clear();
    // The companion app's tokens too: else /native-app/* would restore the session just ended (docs/companion-bridge.md).
    removeKey(STORAGE_KEYS.companionTokens);
    queryClient.clear();
    onReset();
    notify(t('session.signedOut'));
    await navigate(pathTo('sign-in'), { replace: true });
  };
}
