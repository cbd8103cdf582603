import { currentMerchantStore } from '../../features/merchants/current-merchant-store.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import type { RouteId } from '../../lib/paths.ts';
import { sessionStore } from '../../lib/session/session-store.ts';
import {
  readCompanionRedirectsDisabled,
  readDeveloperFlag,
  readFeatureFlags,
} from '../../lib/storage/flags.ts';
import { readJson, STORAGE_KEYS } from '../../lib/storage/local-storage.ts';
import type { GuardContext, GuardEffects } from './guard.ts';

export interface GuardRequest {
  routeId: RouteId;
  url: URL;
  params: Readonly<Record<string, string | undefined>>;
  /** Public pages only need to know whether someone is signed in; the rest need the merchants. */
  needsMerchants: boolean;
}

/** Reads the session, flags and (when needed) the user's merchants into one GuardContext. */
export async function loadGuardContext(request: GuardRequest): Promise<GuardContext> {
  const base: GuardContext = {
    routeId: request.routeId,
    url: request.url,
    params: request.params,
    user: sessionStore.get()?.user ?? null,
    merchants: [],
    merchant: null,
    flags: readFeatureFlags(),
    developer: readDeveloperFlag(),
    hasCompanionTokens: readJson(STORAGE_KEYS.companionTokens) !== null,
    companionRedirectsDisabled: readCompanionRedirectsDisabled(),
  };
  if (!base.user || !request.needsMerchants) return base;
  try {
    const { loadSignedInContext } = await import('./signed-in-context.ts');
    return { ...base, ...(await loadSignedInContext(base.user)) };
  } catch (error) {
    // A 401 after the one refresh means the session is gone: continue as signed out.
    if (isApiError(error, 401)) {
      sessionStore.clear();
      return { ...base, user: null };
    }
    throw error;
  }
}

export function guardEffects(request: GuardRequest): GuardEffects {
  return {
    clearMerchant(context) {
      if (context.user) currentMerchantStore.clear(context.user.id);
      return { ...context, merchant: null };
    },
    async restoreCompanionSession(context) {
      const { restoreCompanionSession } = await import('./restore-companion-session.ts');
      const restored = await restoreCompanionSession();
      if (!restored) return context;
      return loadGuardContext(request);
    },
  };
}
