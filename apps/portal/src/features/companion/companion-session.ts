import { sessionStore } from '../../lib/session/session-store.ts';
import { STORAGE_KEYS, writeJson } from '../../lib/storage/local-storage.ts';
import { postToApp, startCompanionBridge } from './companion-bridge.ts';

/**
 * The bridge wired to the portal's session: new tokens from the app replace the session's (and the stored
 * companion tokens, so a reload restores the fresh ones). Without a session any more, the stored tokens are
 * written and the page reloaded, so the companion-session guard restores from them. Returns stop.
 */
export function connectCompanionBridge(): () => void {
  return startCompanionBridge({
    expiresAt: () => sessionStore.get()?.tokens.expiresAt ?? null,
    send: (message) => postToApp(message),
    applyTokens: ({ idToken, accessToken, refreshToken, expiresAt }) => {
      writeJson(STORAGE_KEYS.companionTokens, { idToken, accessToken, refreshToken, expiresAt });
      const session = sessionStore.get();
      if (!session) {
        window.location.reload();
        return;
      }
      sessionStore.set({
        ...session,
        tokens: {
          idToken,
          accessToken,
          refreshToken: refreshToken ?? session.tokens.refreshToken,
          expiresAt,
        },
      });
    },
  });
}
