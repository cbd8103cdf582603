import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Merchant, merchantsQueryOptions } from './api/list-merchants.ts';
import { currentMerchantStore, useCurrentMerchantVersion } from './current-merchant-store.ts';
import { merchantToSwitchTo, selectCurrentMerchant, sortMerchants } from './merchant-selection.ts';

export interface MerchantContext {
  /** Sorted by legalEntityName. */
  merchants: Merchant[];
  merchant: Merchant | null;
}

/** SPEC §4 applied to the list the API returned and what this device remembers for the user. */
export function resolveMerchantContext(list: readonly Merchant[], userId: string): MerchantContext {
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
export const MERCHANT_SCOPED_QUERY_ROOTS = [['merchants'], ['billing']] as const;

/**
 * SPEC §4: switching stores the choice per user and reloads permissions and billing.
 * Throws UnknownMerchantError for a merchant the user does not have.
 */
export function useSwitchMerchant(userId: string, merchants: readonly Merchant[]) {
  const queryClient = useQueryClient();
  return async (merchantId: string): Promise<Merchant> => {
    const merchant = merchantToSwitchTo(merchants, merchantId);
    currentMerchantStore.remember(userId, merchant.merchantId);
    await Promise.all(
      MERCHANT_SCOPED_QUERY_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
    return merchant;
  };
}
