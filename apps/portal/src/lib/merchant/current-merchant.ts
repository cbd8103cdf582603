import { createContext, useContext } from 'react';
import type { Merchant } from '../api/types.ts';

/** The current merchant (SPEC §4), provided by the layouts; null when none is selected. */
export const CurrentMerchantContext = createContext<Merchant | null>(null);

export function useCurrentMerchant(): Merchant | null {
  return useContext(CurrentMerchantContext);
}
