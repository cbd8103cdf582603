import { isLocale } from '@mp/domain/locales';
import { applyLocale } from '../../lib/i18n/i18n.ts';
import { sessionStore, toEpochMs } from '../../lib/session/session-store.ts';
import type { SignInTokens } from './api/sign-in.ts';

/** Stores the session the identity API returned and switches to the user's preferred language (SPEC §9). */
export async function startSession(tokens: SignInTokens): Promise<void> {
  sessionStore.set({
    tokens: {
      idToken: tokens.idToken,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      expiresAt: toEpochMs(tokens.expiresAt),
    },
    user: tokens.user,
  });
  const preferred = tokens.user.preferences.locale;
  if (isLocale(preferred)) await applyLocale(preferred);
}
