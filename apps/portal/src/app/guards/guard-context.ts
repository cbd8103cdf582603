import type { QueryClient } from '@tanstack/react-query';
import { merchantsQueryOptions } from '../../features/merchants/api/list-merchants.ts';
import { currentMerchantStore } from '../../features/merchants/current-merchant-store.ts';
import { resolveMerchantContext } from '../../features/merchants/merchant-context.ts';
import { meQueryOptions } from '../../features/session/api/get-me.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import type { RouteId } from '../../lib/paths.ts';
import { type SessionUser, sessionStore } from '../../lib/session/session-store.ts';
import {
  readCompanionRedirectsDisabled,
  readDeveloperFlag,
  readFeatureFlags,
} from '../../lib/storage/flags.ts';
import { readJson, STORAGE_KEYS } from '../../lib/storage/local-storage.ts';
import type { GuardContext, GuardEffects } from './guard.ts';
import { restoreCompanionSession } from './restore-companion-session.ts';

export interface GuardRequest {
  routeId: RouteId;
  url: URL;
  params: Readonly<Record<string, string | undefined>>;
  /** Public pages only need to know whether someone is signed in; the rest need the merchants. */
  needsMerchants: boolean;
}

async function loadSignedIn(queryClient: QueryClient, user: SessionUser) {
  const me = await queryClient.ensureQueryData(meQueryOptions(user.id));
  if (JSON.stringify(me) !== JSON.stringify(user)) sessionStore.updateUser(me);
  const list = await queryClient.ensureQueryData(merchantsQueryOptions(me.id));
  return { user: me, ...resolveMerchantContext(list, me.id) };
}

/** Reads the session, flags and (when needed) the user's merchants into one GuardContext. */
export async function loadGuardContext(
  queryClient: QueryClient,
  request: GuardRequest,
): Promise<GuardContext> {
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
    return { ...base, ...(await loadSignedIn(queryClient, base.user)) };
  } catch (error) {
    // A 401 after the one refresh means the session is gone: continue as signed out.
    if (isApiError(error, 401)) {
      sessionStore.clear();
      return { ...base, user: null };
    }
    throw error;
  }
}

export function guardEffects(queryClient: QueryClient, request: GuardRequest): GuardEffects {
  return {
    clearMerchant(context) {
      if (context.user) currentMerchantStore.clear(context.user.id);
      return { ...context, merchant: null };
    },
    async restoreCompanionSession(context) {
      const restored = await restoreCompanionSession();
      if (!restored) return context;
      return loadGuardContext(queryClient, request);
    },
  };
}
