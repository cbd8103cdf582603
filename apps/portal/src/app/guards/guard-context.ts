import { currentMerchantStore } from '../../features/merchants/current-merchant-store.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { apiRequest } from '../../lib/api/request.ts';
import type { Merchant } from '../../lib/api/types.ts';
import type { RouteId } from '../../lib/paths.ts';
import { type SessionUser, sessionStore } from '../../lib/session/session-store.ts';
import { readDeveloperFlag, readFeatureFlags } from '../../lib/storage/flags.ts';
import { readJson, STORAGE_KEYS } from '../../lib/storage/local-storage.ts';
import type { GuardContext, GuardEffects } from './guard.ts';

export interface GuardRequest {
  routeId: RouteId;
  url: URL;
  params: Readonly<Record<string, string | undefined>>;
  /** Public pages only need to know whether someone is signed in; the rest need the merchants. */
  needsMerchants: boolean;
}

/** `/identity/me` and `/merchants`, sent before the code that caches them has downloaded. */
export interface EarlyRequests {
  me: Promise<SessionUser>;
  merchants: Promise<Merchant[]>;
}

/** Users whose first two calls were already sent early (afterwards the query cache has them). */
const sentEarly = new Set<string>();

function sendEarly(userId: string): EarlyRequests | undefined {
  if (sentEarly.has(userId)) return undefined;
  sentEarly.add(userId);
  const early = {
    me: apiRequest<SessionUser>('GET', '/identity/me'),
    merchants: apiRequest<Merchant[]>('GET', '/merchants'),
  };
  // Their failures reach whoever awaits them; until then they are not unhandled.
  early.me.catch(() => undefined);
  early.merchants.catch(() => undefined);
  return early;
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
  };
  if (!base.user || !request.needsMerchants) return base;
  try {
    // The session's first calls leave now, while the signed-in code downloads (issue 16 §2).
    const early = sendEarly(base.user.id);
    const { loadSignedInContext } = await import('./signed-in-context.ts');
    return { ...base, ...(await loadSignedInContext(base.user, early)) };
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
