import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endStaffOverride } from './api/end-staff-override.ts';
import { type Merchant, merchantsQueryOptions } from './api/list-merchants.ts';
import { startStaffOverride } from './api/start-staff-override.ts';
import { currentMerchantStore, useCurrentMerchantVersion } from './current-merchant-store.ts';
import { merchantToSwitchTo, selectCurrentMerchant, sortMerchants } from './merchant-selection.ts';

export interface MerchantContext {
  /** Sorted by legalEntityName. */
  merchants: Merchant[];
  merchant: Merchant | null;
}

/** SPEC §4 applied to the list the API returned and what this device remembers for the user. */
export function resolveMerchantContext(list: readonly Merchant[], userId: string): MerchantContext {
  // SPEC §4: a staff override loads a merchant the user is not a member of, with empty permissions.
  const override = currentMerchantStore.override(userId);
  if (override) {
    const known = list.some((m) => m.merchantId === override.merchant.merchantId);
    return {
      merchants: sortMerchants(known ? list : [...list, override.merchant]),
      merchant: override.merchant,
    };
  }
  const merchants = sortMerchants(list);
  const merchant = currentMerchantStore.isCleared()
    ? null
    : selectCurrentMerchant(merchants, currentMerchantStore.remembered(userId));
  return { merchants, merchant };
}

export function useMerchantContext(userId: string): MerchantContext & { isPending: boolean } {
  useCurrentMerchantVersion();
  const query = useQuery(merchantsQueryOptions(userId));
  return { ...resolveMerchantContext(query.data ?? [], userId), isPending: query.isPending };
}

/** Query keys that hold merchant-scoped data reloaded on a switch (SPEC §4: permissions and billing). */
export const MERCHANT_SCOPED_QUERY_ROOTS = [['merchants'], ['billing'], ['staff-override']] as const;

/**
 * SPEC §4: switching stores the choice per user and reloads permissions and billing.
 * Throws UnknownMerchantError for a merchant the user does not have.
 */
export function useSwitchMerchant(userId: string, merchants: readonly Merchant[]) {
  const queryClient = useQueryClient();
  return async (merchantId: string): Promise<Merchant> => {
    const merchant = merchantToSwitchTo(merchants, merchantId);
    const override = currentMerchantStore.override(userId);
    // Leaving an overridden merchant ends the override on the server too (it would expire anyway).
    if (override && override.merchant.merchantId !== merchantId) {
      void endStaffOverride(override.merchant.merchantId).catch(() => undefined);
    }
    if (override?.merchant.merchantId === merchantId) return merchant;
    currentMerchantStore.remember(userId, merchant.merchantId);
    await Promise.all(
      MERCHANT_SCOPED_QUERY_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
    return merchant;
  };
}

/**
 * Staff: start an override on the server, then make the merchant the current one with the empty permissions
 * staff search returned for it (SPEC §4), and reload merchant-scoped data.
 */
export function useEnterStaffOverride(userId: string) {
  const queryClient = useQueryClient();
  return async (merchant: Merchant, reason: string): Promise<void> => {
    const override = await startStaffOverride(merchant.merchantId, reason);
    currentMerchantStore.startOverride(userId, {
      merchant,
      overrideId: override.overrideId,
      reason: override.reason,
      expiresAt: override.expiresAt,
    });
    await Promise.all(
      MERCHANT_SCOPED_QUERY_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
}

/** Ends the override on the server and here; the remembered (or first) merchant becomes current again. */
export function useLeaveStaffOverride(userId: string) {
  const queryClient = useQueryClient();
  return async (merchantId: string): Promise<void> => {
    await endStaffOverride(merchantId);
    currentMerchantStore.endOverride(userId);
    await Promise.all(
      MERCHANT_SCOPED_QUERY_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  };
}
