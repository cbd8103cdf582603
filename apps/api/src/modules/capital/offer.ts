// The capital offer (issue 14 §1, docs/decisions/0080-companion-app-and-capital-offer.md): a merchant cash advance
// sized from the last 90 days of card volume, repaid as a fixed share of each day's card takings. Pure: the
// service reads the volume, this decides.

/** The days the offer looks back on: the 90 whole days before today, in the merchant's time zone. */
export const CAPITAL_WINDOW_DAYS = 90;
/** Below this card volume in the window there is no offer: 10,000.00 of the merchant's currency. */
export const CAPITAL_MIN_VOLUME = 1_000_000;
/** The advance is one average month of takings (a third of the 90 days), in whole hundreds, at most 250,000.00. */
export const CAPITAL_ROUND_TO = 10_000;
export const CAPITAL_MAX_AMOUNT = 25_000_000;
/** A flat fee of 10 % of the advance, agreed up front (no interest). */
export const CAPITAL_FEE_BASIS_POINTS = 1_000;
/** 10 % of each day's card takings goes to repayment until advance + fee are repaid. */
export const CAPITAL_REPAYMENT_BASIS_POINTS = 1_000;

export type CapitalIneligibleReason = 'below-threshold' | 'merchant-not-active';

export interface CapitalOffer {
  amount: number;
  fee: number;
  totalRepayable: number;
  repaymentBasisPoints: number;
  /** At the window's average daily volume, how many days repayment takes. */
  estimatedRepaymentDays: number;
}

export type CapitalDecision =
  | { eligible: true; offer: CapitalOffer }
  | { eligible: false; reason: CapitalIneligibleReason };

/** amount × basis points / 10,000, rounded half-up to the minor unit once (DESIGN §4 money arithmetic). */
export function applyBasisPoints(amount: number, basisPoints: number): number {
  return Math.floor((amount * basisPoints + 5_000) / 10_000);
}

export function decideCapitalOffer(input: { volume: number; merchantActive: boolean }): CapitalDecision {
  if (!input.merchantActive) return { eligible: false, reason: 'merchant-not-active' };
  if (input.volume < CAPITAL_MIN_VOLUME) return { eligible: false, reason: 'below-threshold' };
  const monthly = Math.floor(input.volume / 3);
  const amount = Math.min(Math.floor(monthly / CAPITAL_ROUND_TO) * CAPITAL_ROUND_TO, CAPITAL_MAX_AMOUNT);
  const fee = applyBasisPoints(amount, CAPITAL_FEE_BASIS_POINTS);
  const dailyRepayment = applyBasisPoints(input.volume / CAPITAL_WINDOW_DAYS, CAPITAL_REPAYMENT_BASIS_POINTS);
  return {
    eligible: true,
    offer: {
      amount,
      fee,
      totalRepayable: amount + fee,
      repaymentBasisPoints: CAPITAL_REPAYMENT_BASIS_POINTS,
      estimatedRepaymentDays: Math.ceil((amount + fee) / Math.max(dailyRepayment, 1)),
    },
  };
}
