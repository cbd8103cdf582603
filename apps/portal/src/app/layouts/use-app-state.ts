import { useMemo } from 'react';
import { currentMerchantStore } from '../../features/merchants/current-merchant-store.ts';
import { useMerchantContext } from '../../features/merchants/merchant-context.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { readDeveloperFlag, readFeatureFlags } from '../../lib/storage/flags.ts';
import type { GuardContext } from '../guards/guard.ts';

/** The signed-in user, their merchants and the flags: what layouts and menus render from. */
export function useAppState() {
  const user = useSession()?.user ?? null;
  const { merchants, merchant } = useMerchantContext(user?.id ?? '');
  const guardBase = useMemo(
    (): Omit<GuardContext, 'routeId' | 'url' | 'params'> => ({
      user,
      merchants,
      merchant,
      flags: readFeatureFlags(),
      developer: readDeveloperFlag(),
      hasCompanionTokens: false,
    }),
    [user, merchants, merchant],
  );
  return { user, merchants, merchant, guardBase };
}

/** Resets what the app holds in memory when a user signs out. */
export function resetAppState(): void {
  currentMerchantStore.reset();
}
