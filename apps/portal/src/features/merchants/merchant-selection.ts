import type { Merchant } from './api/list-merchants.ts';

/** SPEC §4: the remembered merchant is dropped when inactive or unverified "when the check is enabled". */
export const DROP_UNACTIVATED_REMEMBERED_MERCHANT = true;

type Selectable = Pick<Merchant, 'merchantId' | 'legalEntityName' | 'status' | 'kycOnboardingStatus'>;

/** SPEC §4: merchants are sorted by legalEntityName. */
export function sortMerchants<M extends Selectable>(merchants: readonly M[]): M[] {
  return [...merchants].sort((a, b) =>
    a.legalEntityName.localeCompare(b.legalEntityName, undefined, { sensitivity: 'base' }),
  );
}

/** SPEC §4: "a merchant is activated when not inactive and verified". */
export function isActivated(merchant: Selectable): boolean {
  return merchant.status !== 'inactive' && merchant.kycOnboardingStatus === 'verified';
}

/**
 * SPEC §4: the current merchant is the remembered one, else the first active and verified one, else the
 * first; a remembered merchant that is inactive or unverified is dropped when the check is enabled.
 * `merchants` must already be sorted.
 */
export function selectCurrentMerchant<M extends Selectable>(
  merchants: readonly M[],
  rememberedId: string | null,
  dropUnactivatedRemembered: boolean = DROP_UNACTIVATED_REMEMBERED_MERCHANT,
): M | null {
  const remembered = rememberedId ? merchants.find((m) => m.merchantId === rememberedId) : undefined;
  if (remembered && (!dropUnactivatedRemembered || isActivated(remembered))) return remembered;
  return merchants.find(isActivated) ?? merchants[0] ?? null;
}

export class UnknownMerchantError extends Error {
  readonly merchantId: string;
  constructor(merchantId: string) {
    super(`Unknown merchant: ${merchantId}`);
    this.name = 'UnknownMerchantError';
    this.merchantId = merchantId;
  }
}

/** SPEC §4: switching to a merchant the user does not have raises an error. */
export function merchantToSwitchTo<M extends Selectable>(merchants: readonly M[], merchantId: string): M {
  const merchant = merchants.find((m) => m.merchantId === merchantId);
  if (!merchant) throw new UnknownMerchantError(merchantId);
  return merchant;
}
