// SPEC §5: refund amount is greater than 0 and at most the remaining refundable amount.
import type { Locale } from '../locales.ts';
import { type AmountRuleKeys, amountInputSchema, positiveMinorUnitsSchema } from './money-input.ts';

const REFUND_KEYS: AmountRuleKeys = {
  notANumber: 'validation.amountInvalid',
  fraction: 'validation.amountInvalid',
  notPositive: 'validation.refundAmountPositive',
};

/** Minor units; `remaining` is what is still refundable on the transaction, in minor units. */
export function refundAmountSchema(remaining: number) {
  return positiveMinorUnitsSchema(REFUND_KEYS, { value: remaining, key: 'validation.refundAmountTooLarge' });
}

export function refundAmountInputSchema(remaining: number, locale: Locale, currency: string) {
  return amountInputSchema(locale, currency, REFUND_KEYS, refundAmountSchema(remaining));
}
