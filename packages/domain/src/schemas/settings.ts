// SPEC §5 "Settings, money and reports": PIN, manual limit, adjust threshold, monthly fee, card summary filter;
// SPEC §3's billing rate percentages.
import { z } from 'zod';
import {
  ADJUST_THRESHOLD_MAX_DECIMALS,
  ADJUST_THRESHOLD_MIN,
  CARD_SUMMARY_FILTER_LENGTHS,
  PIN_LENGTH,
  RATE_PERCENT_MAX,
  RATE_PERCENT_MAX_DECIMALS,
  RATE_PERCENT_MIN,
} from '../constants.ts';
import type { Locale } from '../locales.ts';
import { parseDecimalInput } from '../money.ts';
import { hasAtMostDecimals, numberInput, stringInput } from './common.ts';
import { type AmountRuleKeys, amountInputSchema, positiveMinorUnitsSchema } from './money-input.ts';

/** SPEC §5, §9: a PIN is 4 digits. */
export const pinSchema = stringInput()
  .min(1, { error: 'validation.required', abort: true })
  .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), { error: 'validation.pinInvalid' });

const MANUAL_LIMIT_KEYS: AmountRuleKeys = {
  notANumber: 'validation.manualLimitNumber',
  fraction: 'validation.manualLimitFractionOfPenny',
  notPositive: 'validation.manualLimitPositive',
};

/** SPEC §5: manual limit is greater than 0, a number, no fraction of a penny (minor units, so an integer). */
export const manualLimitSchema = positiveMinorUnitsSchema(MANUAL_LIMIT_KEYS);

export function manualLimitInputSchema(locale: Locale, currency: string) {
  return amountInputSchema(locale, currency, MANUAL_LIMIT_KEYS, manualLimitSchema);
}

const MONTHLY_FEE_KEYS: AmountRuleKeys = {
  notANumber: 'validation.amountInvalid',
  fraction: 'validation.amountInvalid',
  notPositive: 'validation.monthlyFeePositive',
};

/** SPEC §5: monthly fee amount is greater than 0 (minor units). */
export const monthlyFeeAmountSchema = positiveMinorUnitsSchema(MONTHLY_FEE_KEYS);

export function monthlyFeeAmountInputSchema(locale: Locale, currency: string) {
  return amountInputSchema(locale, currency, MONTHLY_FEE_KEYS, monthlyFeeAmountSchema);
}

/** SPEC §5: pre-auth adjust threshold is at least 1 with at most 2 decimals. */
export const adjustThresholdSchema = numberInput('validation.adjustThresholdNumber')
  .refine((value) => hasAtMostDecimals(value, ADJUST_THRESHOLD_MAX_DECIMALS), {
    error: 'validation.adjustThresholdDecimals',
    abort: true,
  })
  .min(ADJUST_THRESHOLD_MIN, { error: 'validation.adjustThresholdMinimum' });

export function adjustThresholdInputSchema(locale: Locale) {
  return stringInput()
    .transform((text, ctx) => {
      const parsed = parseDecimalInput(text, locale, ADJUST_THRESHOLD_MAX_DECIMALS);
      if (parsed.ok) return parsed.value;
      const keys = {
        empty: 'validation.required',
        invalid: 'validation.adjustThresholdNumber',
        'too-many-decimals': 'validation.adjustThresholdDecimals',
      } as const;
      ctx.addIssue({ code: 'custom', message: keys[parsed.reason], input: text });
      return z.NEVER;
    })
    .pipe(adjustThresholdSchema);
}

/** SPEC §5, §9: the card summary filter is 4 or 6 digits (last four, or the first six). */
export const cardSummaryFilterSchema = stringInput()
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .regex(new RegExp(`^(${CARD_SUMMARY_FILTER_LENGTHS.map((n) => `\\d{${n}}`).join('|')})$`), {
    error: 'validation.cardSummaryInvalid',
  });

const RATE_PERCENT_INVALID = 'validation.ratePercentInvalid';

/**
 * A billing rate of SPEC §3 (domestic, EEA, global, Amex, other, tap to pay; also a discount): a percentage
 * from 0 to 100 with at most 4 decimals, the precision it is stored with.
 */
export const ratePercentSchema = numberInput(RATE_PERCENT_INVALID)
  .min(RATE_PERCENT_MIN, { error: RATE_PERCENT_INVALID, abort: true })
  .max(RATE_PERCENT_MAX, { error: RATE_PERCENT_INVALID, abort: true })
  .refine((value) => hasAtMostDecimals(value, RATE_PERCENT_MAX_DECIMALS), { error: RATE_PERCENT_INVALID });

/** A rate percentage as typed in `locale` ("1,25" in fr-FR), read exactly and checked by `ratePercentSchema`. */
export function ratePercentInputSchema(locale: Locale) {
  return stringInput()
    .transform((text, ctx) => {
      const parsed = parseDecimalInput(text, locale, RATE_PERCENT_MAX_DECIMALS);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({
        code: 'custom',
        message: parsed.reason === 'empty' ? 'validation.required' : RATE_PERCENT_INVALID,
        input: text,
      });
      return z.NEVER;
    })
    .pipe(ratePercentSchema);
}
