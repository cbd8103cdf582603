import { isLocale } from '@mp/domain/locales';
import { getMe } from '../../features/session/api/get-me.ts';
import { applyLocale, currentLocale } from '../../lib/i18n/i18n.ts';
import { sessionStore, toEpochMs } from '../../lib/session/session-store.ts';
import { readJson, removeKey, STORAGE_KEYS } from '../../lib/storage/local-storage.ts';

/** What the companion app leaves in localStorage for its web view (SPEC §4 companion session). */
interface CompanionTokens {
  idToken: string;
  accessToken: string;
  refreshToken?: string;
  expiresAt: string | number;
}

/** Turns the companion app's stored tokens into a portal session; false when they do not work. */
export async function restoreCompanionSession(): Promise<boolean> {
  const tokens = readJson<CompanionTokens>(STORAGE_KEYS.companionTokens);
  if (!tokens?.accessToken) return false;
  const placeholderUser = {
    id: '',
    email: '',
    groups: [],
    isConfigured: false,
    firstName: '',
    lastName: '',
    twoFactor: { enabled: false, verified: false },
  };
  sessionStore.set({
    tokens: {
      idToken: tokens.idToken,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? '',
      expiresAt: toEpochMs(tokens.expiresAt),
    },
    user: { ...placeholderUser, preferences: { locale: currentLocale() } },
  });
  try {
    const user = await getMe();
    sessionStore.updateUser(user);
    // SPEC §9: the user's saved language, as a sign-in applies it (a French owner reads the web view in French).
    if (isLocale(user.preferences.locale)) await applyLocale(user.preferences.locale);
    return true;
  } catch {
    sessionStore.clear();
    removeKey(STORAGE_KEYS.companionTokens);
    return false;
  }
}
